/**
 * A hosted file's immutable name, by its content: `paytoken.js` with integrity `sha384-…` →
 * `paytoken-{first 16 characters of the digest, base64url}.js`. A rebuild that changes the bytes
 * changes the name, so nothing cached for a year or pinned by integrity can change under it
 * (the release's version is in `/scripts/manifest.json`). The service serves both names
 * (routes/scripts.ts); the form fetches its Spanish by this one (build/hosted-locales.ts).
 * @example contentName('paytoken.js', 'sha384-ab+/cd…') // 'paytoken-ab-_cd….js'
 */
export function contentName(file: string, integrity: string): string {
  const digest = integrity.slice(integrity.indexOf('-') + 1, integrity.indexOf('-') + 17);
  return file.replace(/\.(js|json)$/, `-${digest.replace(/\+/g, '-').replace(/\//g, '_')}.$1`);
}
