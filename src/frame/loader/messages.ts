/**
 * The loader's own words: the iframe's title, and its failures, in the form's two languages. The
 * frame's failures come with their message from the service. A set-up mistake reads to the payer as
 * one line that blames nobody; the console tells the developer what to do (`SET_UP_DETAIL`).
 */
export const LOADER_TEXT = {
  en: {
    title: 'Payment form',
    FRAME_UNAVAILABLE: 'The payment form could not be loaded. Check your connection and try again.',
    FRAME_REFUSED: 'Payments are not available on this page right now.',
    FRAME_TIMEOUT: 'The payment form did not answer in time. Try again.',
    INVALID_API_URL: 'The API URL is not valid.',
    INSECURE_API_URL: 'The API URL must use https.',
  },
  es: {
    title: 'Formulario de pago',
    FRAME_UNAVAILABLE: 'No se pudo cargar el formulario de pago. Revise su conexión y vuelva a intentarlo.',
    FRAME_REFUSED: 'Los pagos no están disponibles en esta página en este momento.',
    FRAME_TIMEOUT: 'El formulario de pago no respondió a tiempo. Vuelva a intentarlo.',
    INVALID_API_URL: 'La URL de la API no es válida.',
    INSECURE_API_URL: 'La URL de la API debe usar https.',
  },
};

/** For the developer's console (English only): the loader's own set-up mistakes, and what to do. */
export const SET_UP_DETAIL: Record<string, string> = {
  FILE_PAGE: 'A file:// page cannot show the payment form: serve it over http(s).',
  FRAME_REFUSED:
    'The browser refused the payment form: check the page’s CSP frame-src and the key’s allow-list (npm run accounts -- set-origins).',
};
