/**
 * The loader's own words: the iframe's title, and its failures, in the form's two languages. The
 * frame's failures come with their message from the service.
 */
export const LOADER_TEXT = {
  en: {
    title: 'Payment form',
    FRAME_UNAVAILABLE: 'The payment form could not be loaded. Check your connection and try again.',
    FRAME_TIMEOUT: 'The payment form did not answer in time. Try again.',
    MISSING_PUBLIC_KEY: 'No public key is configured.',
    INVALID_API_URL: 'The API URL is not valid.',
    INSECURE_API_URL: 'The API URL must use https.',
  },
  es: {
    title: 'Formulario de pago',
    FRAME_UNAVAILABLE: 'No se pudo cargar el formulario de pago. Revise su conexión y vuelva a intentarlo.',
    FRAME_TIMEOUT: 'El formulario de pago no respondió a tiempo. Vuelva a intentarlo.',
    MISSING_PUBLIC_KEY: 'No hay una clave pública configurada.',
    INVALID_API_URL: 'La URL de la API no es válida.',
    INSECURE_API_URL: 'La URL de la API debe usar https.',
  },
};
