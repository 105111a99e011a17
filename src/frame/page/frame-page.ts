import { createHash } from 'node:crypto';
import { clientMessages, frameTitle } from '../../shared/messages/en.js';
import { esClient, esFrameTitle } from '../../shared/messages/es.js';
import type { HostedFile } from '../../service/hosted/bundles.js';
import { escapeAttribute } from '../../shared/html.js';
import type { PayerLanguage } from '../../shared/language.js';

const TITLES: Record<PayerLanguage, string> = { en: frameTitle, es: esFrameTitle };

/**
 * The frame page's policy: its own scripts (no inline script, no eval), its own styles and the
 * server-rendered form's `<style>` elements by their hashes (`styles`, from `styleHashes`), requests
 * to this service only, no forms, and embedding only by `ancestors`.
 */
export function frameCsp(ancestors: string[], styles: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["style-src 'self'", ...styles].join(' '),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

/**
 * The bridge, at the end of the body: run as soon as the parser reaches it (the browser's preload
 * scanner has fetched it by then), not at the end of parsing, so that the loader sizes the frame
 * before its first paint.
 */
const bridgeScript = (file: HostedFile) =>
  `<script src="../scripts/${file.immutableName}" integrity="${file.integrity}"></script>`;

const page = (language: PayerLanguage, head: string, body: string, bridge: HostedFile) =>
  `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[language]}</title>
${head}
</head>
<body>${body}${bridgeScript(bridge)}</body>
</html>
`;

/** The scripts of the frame page, as the service serves them. */
export interface FramePageScripts {
  form: HostedFile;
  bridge: HostedFile;
  hydrate?: HostedFile;
}

/**
 * The page inside `<paytoken-frame>`'s iframe: the real `<paytoken-form>`, rendered by the service
 * (`form`: declarative shadow DOM, src/form/ssr/render-form.ts) so that the payer sees it and can type
 * into it when the page arrives, and three scripts by content name and integrity: preloaded in the
 * head, for the bridge to run after the first paint in this order, Lit's hydration
 * (paytoken-form-hydrate.js) and the form (paytoken-form.js), which adopts the rendered form; and after
 * the form, the bridge that talks to the loader (paytoken-frame-bridge.js, which sizes the frame at once). Without a rendered form (`form` empty) the page
 * holds an empty element, which the form's script renders, and no hydration.
 */
export function formPage(language: PayerLanguage, scripts: FramePageScripts, form = ''): string {
  const later = [...(form && scripts.hydrate ? [scripts.hydrate] : []), scripts.form];
  return page(language, later.map(preload).join('\n'), form || '<paytoken-form></paytoken-form>', scripts.bridge);
}

/** Fetched at once, run by the bridge after the first paint (bridge.ts). */
const preload = (file: HostedFile) =>
  `<link rel="preload" as="script" href="../scripts/${file.immutableName}" integrity="${file.integrity}">`;

/** `'sha256-…'` of each `<style>` element in `html`, for the page's `style-src`. */
export const styleHashes = (html: string): string[] =>
  [...html.matchAll(/<style>([^<]*)<\/style>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] as string)
        .digest('base64')}'`,
  );

/**
 * The page that says why there is no form: the payer's line in place, and what the bridge reports to
 * the loader, the code (`data-code`) and for the developer's console what to do (`data-detail`).
 * Codes and messages are the browser's own (shared/messages).
 */
export function errorPage(
  language: PayerLanguage,
  bridge: HostedFile,
  code: 'MISSING_PUBLIC_KEY' | 'PUBLIC_KEY_REJECTED' | 'ORIGIN_NOT_ALLOWED',
  detail = '',
): string {
  const message = (language === 'es' ? esClient : clientMessages)[code];
  return page(
    language,
    '',
    `<p role="alert" data-code="${code}" data-detail="${escapeAttribute(detail)}">${message}</p>`,
    bridge,
  );
}
