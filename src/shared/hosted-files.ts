/**
 * A hosted file's immutable name for one release: `paytoken-form.js` → `paytoken-form-0.1.0.js`.
 * The service serves both names (routes/scripts.ts); the form fetches its Spanish by this one.
 */
export const versionedName = (file: string, version: string): string => file.replace(/\.(js|json)$/, `-${version}.$1`);
