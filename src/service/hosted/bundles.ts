import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentName } from '../../shared/hosted-files.js';

/** One built browser file as the service serves it. */
export interface HostedFile {
  body: Buffer;
  contentType: string;
  /** `sha384-…`, for `integrity` attributes and the manifest. */
  integrity: string;
  /** Its content name (`paytoken-{digest}.js`), served immutably. */
  immutableName: string;
}

/**
 * The hosted bundles in `scriptsDir` (dist/browser), read once at start, by their plain name: those
 * its `manifest.json` lists (the build also writes their content-named copies beside them,
 * src/build/hosted-manifest.ts), or without a manifest every `paytoken*.js` and `paytoken*.json`.
 * Missing directory: none (the service still runs, and says `npm run build` where a script is asked for).
 */
export function loadHostedFiles(scriptsDir: string): Map<string, HostedFile> {
  const files = new Map<string, HostedFile>();
  if (!existsSync(scriptsDir)) return files;
  for (const file of plainNames(scriptsDir)) {
    const body = readFileSync(join(scriptsDir, file));
    const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
    files.set(file, {
      body,
      integrity,
      immutableName: contentName(file, integrity),
      contentType: file.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8',
    });
  }
  return files;
}

const HOSTED_NAME = /^paytoken[\w-]*\.(js|json)$/;

function plainNames(scriptsDir: string): string[] {
  const manifest = join(scriptsDir, 'manifest.json');
  const names = existsSync(manifest)
    ? Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { files: Record<string, unknown> }).files)
    : readdirSync(scriptsDir);
  return names.filter((name) => HOSTED_NAME.test(name));
}
