/**
 * The loader's own words: the iframe's title, and its failures, in the form's two languages. The
 * frame's failures come with their message from the service. A set-up mistake reads to the payer as
 * one line that blames nobody; the console tells the developer what to do (`SET_UP_DETAIL`).
 */
import { frameSetUpMessages } from '../../shared/messages/api.js';
import { clientMessages, frameMessages, frameTitle } from '../../shared/messages/en.js';
import { esClient, esFrame, esFrameTitle } from '../../shared/messages/es.js';

export const LOADER_TEXT = {
  en: {
    title: frameTitle,
    ...frameMessages,
    INVALID_API_URL: clientMessages.INVALID_API_URL,
    INSECURE_API_URL: clientMessages.INSECURE_API_URL,
  },
  es: {
    title: esFrameTitle,
    ...esFrame,
    INVALID_API_URL: esClient.INVALID_API_URL,
    INSECURE_API_URL: esClient.INSECURE_API_URL,
  },
};

/** For the developer's console: the loader's own set-up mistakes, and what to do (src/shared/messages/api.ts). */
export const SET_UP_DETAIL: Record<string, string> = frameSetUpMessages;
