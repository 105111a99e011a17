/**
 * A hosted file's immutable name, by its content: `paytoken.js` with integrity `sha384-…` →
 * `paytoken-{first 16 characters of the digest, base64url}.js`. A rebuild that changes the bytes
 * changes the name, so nothing cached for a year or pinned by integrity can change under it
 * (the release's version is in `/scripts/manifest.json`). The service serves both names
 * (http/routes/scripts.ts); the form fetches its Spanish by this one (build/hosted-locales.ts).
 * @example contentName('paytoken.js', 'sha384-ab+/cd…') // 'paytoken-ab-_cd….js'
 */
export function contentName(file: string, integrity: string): string {
  const digest = integrity.slice(integrity.indexOf('-') + 1, integrity.indexOf('-') + 17);
  return file.replace(/\.(js|json)$/, `-${digest.replace(/\+/g, '-').replace(/\//g, '_')}.$1`);
}

/**
 * The frame page's name (`<paytoken-frame>`'s iframe, served by http/routes/frames.ts): `form-` and the
 * first 6 characters of each of the two scripts' SHA-384 (the form bundle, then the frame bridge),
 * base64url. The loader is built knowing it (frame/page/vite-plugin.ts), so a loader pinned by integrity
 * always opens the page made of the scripts it was built with.
 * @example framePageName('sha384-ab+/cdEF…', 'sha384-12345678…') // 'form-ab-_cd123456.html'
 */
export function framePageName(formIntegrity: string, bridgeIntegrity: string): string {
  const digest = (integrity: string) => contentName('.js', integrity).slice(1, 7);
  return `form-${digest(formIntegrity)}${digest(bridgeIntegrity)}.html`;
}

/**
 * The encodings a hosted file is also built in, by the extension of its copy (`paytoken.js.br`): a
 * server sends one of them to a browser that accepts it (build/hosted-manifest.ts writes them,
 * service/hosted/bundles.ts reads them), in this order of preference.
 */
export const COMPRESSED_COPIES = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type ContentEncoding = (typeof COMPRESSED_COPIES)[number]['encoding'];
