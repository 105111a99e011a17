/**
 * The loader's own words: the iframe's title, and its failures, in the form's two languages. The
 * frame's failures come with their message from the service. A set-up mistake reads to the payer as
 * one line that blames nobody; the console tells the developer what to do (`SET_UP_DETAIL`).
 */
import { frameSetUpMessages } from '../../shared/messages/api.js';
import { clientMessages, UNAVAILABLE } from '../../shared/messages/en.js';
import { esClient, NO_DISPONIBLE } from '../../shared/messages/es.js';

export const LOADER_TEXT = {
  en: {
    title: 'Payment form',
    FRAME_UNAVAILABLE: 'The payment form could not be loaded. Check your connection and try again.',
    FRAME_REFUSED: UNAVAILABLE,
    FRAME_TIMEOUT: 'The payment form did not answer in time. Try again.',
    INVALID_API_URL: clientMessages.INVALID_API_URL,
    INSECURE_API_URL: clientMessages.INSECURE_API_URL,
  },
  es: {
    title: 'Formulario de pago',
    FRAME_UNAVAILABLE: 'No se pudo cargar el formulario de pago. Revise su conexión y vuelva a intentarlo.',
    FRAME_REFUSED: NO_DISPONIBLE,
    FRAME_TIMEOUT: 'El formulario de pago no respondió a tiempo. Vuelva a intentarlo.',
    INVALID_API_URL: esClient.INVALID_API_URL,
    INSECURE_API_URL: esClient.INSECURE_API_URL,
  },
};

/** For the developer's console: the loader's own set-up mistakes, and what to do (src/shared/messages/api.ts). */
export const SET_UP_DETAIL: Record<string, string> = frameSetUpMessages;
