/**
 * A request's URL as the log may keep it: the path and the names of its query's parameters, each
 * once, never their values. A query carries what a search is about (a payer's name, the last four of
 * an account, an e-mail address) and the frame page's impersonation key (http/routes/frames.ts); the log
 * says which search was asked, not whom it was about.
 * @example loggedUrl('/api/v1/transactions?payerName=Ada%20Lovelace&accountNumber=4242')
 * // '/api/v1/transactions?payerName&accountNumber'
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url.split('#')[0] ?? '';
  const path = url.slice(0, queryAt);
  const names = new Set(
    url
      .slice(queryAt + 1)
      .split('#')[0]
      ?.split('&')
      .map((pair) => nameOf(pair.split('=')[0] ?? ''))
      .filter(Boolean),
  );
  return names.size ? `${path}?${[...names].join('&')}` : path;
}

/** A parameter's name as sent, decoded when it can be; a name is the API's, not the payer's. */
function nameOf(encoded: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(encoded.replaceAll('+', ' ')));
  } catch {
    return '[undecodable]';
  }
}
