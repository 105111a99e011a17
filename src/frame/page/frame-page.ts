import { clientMessages } from '../../shared/messages/en.js';
import { esClient } from '../../shared/messages/es.js';
import type { HostedFile } from '../../service/hosted/bundles.js';

export type FrameLanguage = 'en' | 'es';

const TITLES: Record<FrameLanguage, string> = { en: 'Payment form', es: 'Formulario de pago' };

/** `es…` is Spanish; anything else English, as `<paytoken-form>` decides. */
export const frameLanguage = (lang: string | undefined): FrameLanguage =>
  lang?.toLowerCase().startsWith('es') ? 'es' : 'en';

/**
 * The frame page's policy: its own scripts (no inline script, no eval), its own styles (Lit's are
 * constructed stylesheets, which `style-src` does not govern), requests to this service only, no
 * forms, and embedding only by `ancestors`.
 */
export function frameCsp(ancestors: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

const script = (file: HostedFile) =>
  `<script src="../scripts/${file.immutableName}" integrity="${file.integrity}" defer></script>`;

const page = (language: FrameLanguage, scripts: string, body: string) =>
  `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[language]}</title>
${scripts}
</head>
<body>${body}</body>
</html>
`;

/**
 * The page inside `<paytoken-frame>`'s iframe: the real `<paytoken-form>` (paytoken-form.js, by its
 * content name and integrity) and the bridge that talks to the loader (paytoken-frame-bridge.js).
 * Everything else (keys, attributes, theme) the bridge reads from its URL and the loader's messages.
 */
export function formPage(language: FrameLanguage, form: HostedFile, bridge: HostedFile): string {
  return page(language, `${script(form)}\n${script(bridge)}`, '<paytoken-form></paytoken-form>');
}

/**
 * The page that says why there is no form: the payer's line in place, and what the bridge reports to
 * the loader, the code (`data-code`) and for the developer's console what to do (`data-detail`).
 * Codes and messages are the browser's own (shared/messages).
 */
export function errorPage(
  language: FrameLanguage,
  bridge: HostedFile,
  code: 'MISSING_PUBLIC_KEY' | 'PUBLIC_KEY_REJECTED' | 'ORIGIN_NOT_ALLOWED',
  detail = '',
): string {
  const message = (language === 'es' ? esClient : clientMessages)[code];
  return page(
    language,
    script(bridge),
    `<p role="alert" data-code="${code}" data-detail="${escapeAttribute(detail)}">${message}</p>`,
  );
}

/** Text for a double-quoted attribute: the detail names the page's origin, which the page chose. */
const escapeAttribute = (text: string): string =>
  text.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
