/**
 * What a checkout backend checks before it charges, voids, refunds or settles, because a browser will
 * send it requests from any page the payer or the agency has open. Integrators copy this demo: copy
 * these checks with it.
 *
 * - `Host` names this server (every request). A page on evil.example whose DNS name is re-pointed at
 *   127.0.0.1 (DNS rebinding) is, to the browser, the same origin as itself: its requests carry
 *   `Host: evil.example:4020` and can read the answers. Only the names this server was started on
 *   pass, so that page gets nothing.
 * - `Content-Type: application/json` (every POST). A cross-site HTML form or a "simple" fetch can send
 *   `text/plain` without asking; JSON needs a CORS preflight, which this server never grants.
 * - `Origin` is this server's own origin (every POST). A cross-site fetch or form names its page's
 *   origin; a browser always sends `Origin` on a POST. A request with neither `Origin` nor
 *   `Sec-Fetch-Site` comes from no browser (curl, a script) and cannot ride a payer's session.
 * - No framing (every answer, NO_FRAMING below), against a click lured onto a framed page.
 */
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';

/**
 * Sent with every answer: no other site may show this server's pages in a frame. The checks above
 * cannot tell a click on Void from a click lured through a transparent frame of the real page (its
 * request is the page's own); the browser refuses the frame instead.
 */
export const NO_FRAMING = { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" };

/** A request this server refuses: the status and the message its answer carries. */
export class RefusedRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);
const asUrlHost = (address: string): string => (address.includes(':') ? `[${address}]` : address).toLowerCase();

/**
 * The `Host` values this server answers to: the name it was started on with its port; a loopback or
 * wildcard address also answers as `localhost`, 127.0.0.1 and [::1]; a wildcard also as the machine's
 * addresses; `allowedHosts` adds names (the service's ALLOWED_HOSTS, for a demo behind a proxy).
 * @example ownHosts('127.0.0.1', 4020, []) // Set { 'localhost:4020', '127.0.0.1:4020', '[::1]:4020' }
 */
export function ownHosts(host: string, port: number, allowedHosts: string[]): Set<string> {
  const name = asUrlHost(host);
  const wildcard = WILDCARDS.has(name);
  const names = [
    ...(wildcard ? [] : [name]),
    ...(wildcard || LOOPBACK.includes(name) ? LOOPBACK : []),
    ...(wildcard
      ? Object.values(networkInterfaces()).flatMap((entries) =>
          (entries ?? []).map((entry) => asUrlHost(entry.address)),
        )
      : []),
    ...allowedHosts.map(asUrlHost),
  ];
  return new Set(names.map((each) => `${each}:${port}`));
}

/**
 * Refuses a request that did not come from this server's own pages (see above); `url` is the server's
 * own address, named in the messages.
 */
export function checkRequest(request: IncomingMessage, hosts: Set<string>, url: string): void {
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) throw new RefusedRequest(400, `This demo answers only at ${url}.`);
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json')
    throw new RefusedRequest(415, 'Send the request as JSON (Content-Type: application/json).');
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const fromBrowser = origin !== undefined || site !== undefined;
  if (fromBrowser && (origin !== `http://${host}` || (site !== undefined && site !== 'same-origin')))
    throw new RefusedRequest(403, `Only the demo's own pages (${url}) can make payments here.`);
}
