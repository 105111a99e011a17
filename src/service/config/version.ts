import { readFileSync } from 'node:fs';

/** The package version, which also names the immutable script URLs. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
