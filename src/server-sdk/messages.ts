/**
 * The catalog's English and Spanish side by side, for saying an answer of the service again in the
 * integrator's language (`PaytokenApiError.messageIn`). Every message comes from src/shared/messages/.
 */
import { formatMessage, paramsOf } from '../shared/messages/catalog.js';
import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  transactionMessages,
} from '../shared/messages/en.js';
import { esAmount, esClient, esField, esForm, esTransaction } from '../shared/messages/es.js';
import {
  declineDetails,
  esDeclineDetails,
  esList,
  esResponse,
  esReversal,
  esSearch,
  esService,
  listMessages,
  responseMessages,
  reversalMessages,
  searchMessages,
  serviceMessages,
} from '../shared/messages/api.js';

type Pair = [english: Record<string, string>, spanish: Record<string, string>];

/** Areas keyed by error code, then those whose messages stand for a code (declines, refused reversals). */
const BY_CODE: Pair[] = [
  [fieldMessages, esField],
  [amountMessages, esAmount],
  [clientMessages, esClient],
  [transactionMessages, esTransaction],
  [formMessages, esForm],
  [serviceMessages, esService],
  [searchMessages, esSearch],
  [listMessages, esList],
];
const BY_TEXT: Pair[] = [
  ...BY_CODE,
  [responseMessages, esResponse],
  [reversalMessages, esReversal],
  [declineDetails, esDeclineDetails],
];

/**
 * `message` (as the service wrote it for `code`) in `locale`: Spanish for `es…`, else as it is. A
 * message the catalog does not know (a newer service's) stays in English.
 * @example translate('RATE_LIMITED', 'Too many attempts. Try again in 12 seconds.', 'es') // 'Demasiados intentos. Vuelva a intentarlo en 12 segundos.'
 */
export function translate(code: string, message: string, locale: string): string {
  if (!/^es(\b|[-_])/i.test(locale)) return message;
  const candidates = [
    ...BY_CODE.filter(([english]) => code in english).map(([english, spanish]) => [english[code], spanish[code]]),
    ...BY_TEXT.flatMap(([english, spanish]) => Object.keys(english).map((key) => [english[key], spanish[key]])),
  ];
  for (const [english, spanish] of candidates) {
    if (english === undefined || spanish === undefined) continue;
    const params = paramsOf(english, message);
    if (params) return formatMessage(spanish, params);
  }
  return message;
}
