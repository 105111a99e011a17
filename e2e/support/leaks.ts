/**
 * Where a payer's secrets went in a browser session: what the leak checks of both browsers share
 * (support/checkout.ts in Chromium, firefox/checkout.ts in Firefox), each recording the session with
 * its own driver. The only allowed place is the body of `POST {service}/api/v1/tokens`.
 */

/** What a page sent, received, logged and stored, and its text after paying. */
export interface Session {
  sent: { method: string; url: string; body: string }[];
  received: { url: string; body: string }[];
  logged: string[];
  /** Cookies and web storage, each as one text. */
  stored: string[];
  /** The page's HTML, with every input's value (shadow roots too): `pageText` run in the page. */
  dom: string;
}

/**
 * Whether `text` holds `secret`. A short secret (a CVC: 3 or 4 digits) counts only as a token of its
 * own, not as digits inside a longer number or name: a timestamp or an id holds any three digits
 * sooner or later, and a check that finds them there fails by chance. A longer one (a card or account
 * number) counts anywhere.
 * @example holds('"id":"tr_19737"', '737') // false
 * @example holds('cvc 737 sent', '737') // true
 */
export function holds(text: string, secret: string): boolean {
  if (secret.length >= 6) return text.includes(secret);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\w)${escaped}(?!\\w)`).test(text);
}

/** Run in the page (self-contained): its HTML, then every input's value, shadow roots included. */
export function pageText(): string {
  const values = (root: Document | ShadowRoot): string[] =>
    [...root.querySelectorAll('input, select, textarea')]
      .map((element) => (element as HTMLInputElement).value)
      .concat(
        ...[...root.querySelectorAll('*')]
          .filter((element) => element.shadowRoot)
          .map((element) => values(element.shadowRoot as ShadowRoot)),
      );
  return document.documentElement.outerHTML + values(document).join('|');
}

/** Where each secret appears in `session`, besides the one allowed request; and whether that request was made. */
export function leaksIn(session: Session, secrets: string[], serviceUrl: string): string[] {
  const isTokenRequest = (request: { method: string; url: string }) =>
    request.method === 'POST' && request.url === `${serviceUrl}/api/v1/tokens`;
  const leaks: string[] = [];
  for (const secret of secrets) {
    for (const request of session.sent)
      if (!isTokenRequest(request) && (holds(request.body, secret) || holds(request.url, secret)))
        leaks.push(`${secret} sent to ${request.method} ${request.url}`);
    // Script bodies are code; any digits in them are not the payer's.
    for (const response of session.received)
      if (!/\.(js|css)$/.test(new URL(response.url).pathname) && holds(response.body, secret))
        leaks.push(`${secret} received from ${response.url}`);
    if (session.logged.some((line) => holds(line, secret))) leaks.push(`${secret} in the console`);
    if (session.stored.some((text) => holds(text, secret))) leaks.push(`${secret} in storage or cookies`);
    if (holds(session.dom, secret)) leaks.push(`${secret} in the DOM after paying`);
  }
  if (!session.sent.some(isTokenRequest)) leaks.push('no token request was made');
  return leaks;
}
