/**
 * The loader's own words: the iframe's title, and its failures, in the form's two languages. The
 * frame's failures come with their message from the service.
 */
import { clientMessages } from '../shared/messages/en.js';
import { esClient } from '../shared/messages/es.js';

export const LOADER_TEXT = {
  en: {
    title: 'Payment form',
    FRAME_UNAVAILABLE: 'The payment form could not be loaded. Check your connection and try again.',
    FRAME_TIMEOUT: 'The payment form did not answer in time. Try again.',
    MISSING_PUBLIC_KEY: clientMessages.MISSING_PUBLIC_KEY,
    INVALID_API_URL: clientMessages.INVALID_API_URL,
    INSECURE_API_URL: clientMessages.INSECURE_API_URL,
  },
  es: {
    title: 'Formulario de pago',
    FRAME_UNAVAILABLE: 'No se pudo cargar el formulario de pago. Revise su conexión y vuelva a intentarlo.',
    FRAME_TIMEOUT: 'El formulario de pago no respondió a tiempo. Vuelva a intentarlo.',
    MISSING_PUBLIC_KEY: esClient.MISSING_PUBLIC_KEY,
    INVALID_API_URL: esClient.INVALID_API_URL,
    INSECURE_API_URL: esClient.INSECURE_API_URL,
  },
};
