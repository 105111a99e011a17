/**
 * The last step of the build: beside each hosted file (`paytoken.js`, `paytoken-form-es.json`, …) a
 * copy under its content name (`paytoken-{digest}.js`, shared/hosted-files.ts), which is the name the
 * bundles ask for when they load each other, and `manifest.json` with both names and the SHA-384 of
 * each. So dist/browser can be served as it is by any static server, and a page can pin a file
 * by its content name and integrity. The service serves the same files and the same manifest, with
 * its `/scripts/` prefix (src/service/hosted/bundles.ts).
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { contentName } from '../shared/hosted-files.js';
import { integrityOf } from './integrity.js';

/** One entry of `manifest.json`: URLs relative to the manifest. */
export interface ManifestEntry {
  url: string;
  immutableUrl: string;
  integrity: string;
}

export interface HostedManifest {
  version: string;
  files: Record<string, ManifestEntry>;
}

export const MANIFEST_FILE = 'manifest.json';

/** The plain names a build writes: `paytoken*.js` and `paytoken*.json`, before their copies exist. */
const PLAIN_NAME = /^paytoken[\w-]*\.(js|json)$/;

export function writeHostedManifest(browserDir: URL, version: string): HostedManifest {
  const files: Record<string, ManifestEntry> = {};
  for (const file of readdirSync(browserDir)
    .filter((name) => PLAIN_NAME.test(name))
    .sort()) {
    const integrity = integrityOf(readFileSync(new URL(file, browserDir)));
    const immutableUrl = contentName(file, integrity);
    copyFileSync(new URL(file, browserDir), new URL(immutableUrl, browserDir));
    files[file] = { url: file, immutableUrl, integrity };
  }
  const manifest = { version, files };
  writeFileSync(new URL(MANIFEST_FILE, browserDir), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
