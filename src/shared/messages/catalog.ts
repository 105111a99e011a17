/**
 * The one way a message is made from a catalog: look the code up, fill its `{name}` placeholders.
 * The tokenizer, the form (in any of its languages) and the service all go through here.
 */

/** Values for a message's placeholders, by name; a missing one leaves its placeholder as it is. */
export type MessageParams = Partial<Record<string, string | number>>;

/**
 * Fills `{name}` placeholders; a placeholder without a value stays as it is.
 * @example formatMessage('Try again in {seconds} seconds.', { seconds: 30 }) // 'Try again in 30 seconds.'
 */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/**
 * The message of `code` in `catalog` with its placeholders filled; a code outside the catalog (a newer
 * service's, say) gets `fallback`.
 * @example messageOf(esClient, 'RATE_LIMITED', '', { seconds: 12 }) // 'Demasiados intentos. Vuelva a intentarlo en 12 segundos.'
 */
export function messageOf(
  catalog: Partial<Record<string, string>>,
  code: string,
  fallback = '',
  params?: MessageParams,
): string {
  const template = catalog[code];
  return template === undefined ? fallback : formatMessage(template, params);
}

/**
 * The placeholder values that made `text` from `template`, or null when `template` did not make it:
 * how a message the service sent in English is said again in another language.
 * @example paramsOf('Try again in {seconds} seconds.', 'Try again in 12 seconds.') // { seconds: '12' }
 */
export function paramsOf(template: string, text: string): MessageParams | null {
  const names: string[] = [];
  const pattern = template
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  return match ? Object.fromEntries(names.map((name, index) => [name, match[index + 1]])) : null;
}
