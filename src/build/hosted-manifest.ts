/**
 * The last step of the build: beside each hosted file (`paytoken.js`, `paytoken-form-es.json`, …) a
 * copy under its content name (`paytoken-{digest}.js`, shared/hosted-files.ts), which is the name the
 * bundles ask for when they load each other, and `manifest.json` with both names and the SHA-384 of
 * each. So dist/browser can be served as it is by any static server, and a page can pin a file
 * by its content name and integrity. The service serves the same files and the same manifest, with
 * its `/scripts/` prefix (src/service/hosted/bundles.ts). Beside each name, the file compressed once
 * at build, as a server sends it to a browser that accepts it: `.br` (brotli, its best quality) and
 * `.gz` (gzip); the service and a static server (nginx's `brotli_static`, `gzip_static`) send those
 * rather than compress each answer. The package leaves them out (scripts/pack.ts).
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSED_COPIES, contentName, type ContentEncoding } from '../shared/hosted-files.js';
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
    const body = readFileSync(new URL(file, browserDir));
    const integrity = integrityOf(body);
    const immutableUrl = contentName(file, integrity);
    copyFileSync(new URL(file, browserDir), new URL(immutableUrl, browserDir));
    for (const [extension, compressed] of Object.entries(compressions(body)))
      for (const name of [file, immutableUrl]) writeFileSync(new URL(`${name}${extension}`, browserDir), compressed);
    files[file] = { url: file, immutableUrl, integrity };
  }
  const manifest = { version, files };
  writeFileSync(new URL(MANIFEST_FILE, browserDir), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The file in each of COMPRESSED_COPIES' encodings, by extension: brotli at its best quality, gzip at its best. */
function compressions(body: Buffer): Record<string, Buffer> {
  const compressed: Record<ContentEncoding, Buffer> = {
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
  };
  return Object.fromEntries(COMPRESSED_COPIES.map(({ encoding, extension }) => [extension, compressed[encoding]]));
}
