import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The docs page's policy: Swagger UI loads its scripts, styles and images from this service only and
 * "Try it out" calls this service only; its inline `style` attributes need 'unsafe-inline' for
 * styles (never for scripts). Nothing may frame it: people paste secrets into it.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything else (JSON, scripts) renders nothing and may be framed by nobody. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The `onSend` hook that sets the headers a security review expects on every
 * answer, errors included: `nosniff`, `Referrer-Policy: no-referrer`, no framing (but the frame page's own
 * policy); JSON is never
 * cached unless its route says otherwise; hosted scripts may be loaded by any origin's pages.
 */
export function securityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const path = request.url.split('?')[0] ?? '';
  reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
  // The frame page (http/routes/frames.ts) sets its own policy, whose frame-ancestors lets its pages embed it.
  if (!reply.hasHeader('Content-Security-Policy'))
    reply
      .header('X-Frame-Options', 'DENY')
      .header('Content-Security-Policy', path.startsWith('/docs') ? DOCS_CSP : API_CSP);
  if (path.startsWith('/scripts/')) reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (!reply.hasHeader('Cache-Control') && String(reply.getHeader('Content-Type')).startsWith('application/json'))
    reply.header('Cache-Control', 'no-store');
  done(null, payload);
}
