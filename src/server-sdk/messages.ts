/**
 * The catalog's English and Spanish side by side, for saying an answer of the service again in the
 * integrator's language (`PaytokenApiError.messageIn`). Every message comes from src/shared/messages/.
 */
import { CATALOG_AREAS } from '../shared/messages/areas.js';
import { formatMessage, paramsOf } from '../shared/messages/catalog.js';

/**
 * `message` (as the service wrote it for `code`) in `locale`: Spanish for `es…`, else as it is. A
 * message the catalog does not know (a newer service's) stays in English.
 * @example translate('RATE_LIMITED', 'Too many attempts. Try again in 12 seconds.', 'es') // 'Demasiados intentos. Vuelva a intentarlo en 12 segundos.'
 */
export function translate(code: string, message: string, locale: string): string {
  if (!/^es(\b|[-_])/i.test(locale)) return message;
  // The code's own message first, then any message of the catalog the text could have been made from.
  const candidates = [
    ...CATALOG_AREAS.filter((area) => area.byCode && code in area.english).map((area) => [
      area.english[code],
      area.spanish[code],
    ]),
    ...CATALOG_AREAS.flatMap((area) => Object.keys(area.english).map((key) => [area.english[key], area.spanish[key]])),
  ];
  for (const [english, spanish] of candidates) {
    if (english === undefined || spanish === undefined) continue;
    const params = paramsOf(english, message);
    if (params) return formatMessage(spanish, params);
  }
  return message;
}
