import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHostedFiles } from '../service/hosted/bundles.js';
import { startTestService, type TestService } from '../service/testing/harness.js';
import { writeHostedManifest } from './hosted-manifest.js';
import { integrityOf } from './integrity.js';

const folder = mkdtempSync(join(tmpdir(), 'paytoken-built-'));
const form = 'var Paytoken=function(){return{}}();\n';
const engine = 'var PaytokenFormEngine={engine:{}};\n';
let service: TestService;

beforeAll(async () => {
  writeFileSync(join(folder, 'paytoken-form.js'), form);
  writeFileSync(join(folder, 'paytoken-form-engine.js'), engine);
  writeHostedManifest(pathToFileURL(`${folder}/`), '1.2.3');
  service = await startTestService({ scriptsDir: folder, version: '1.2.3' });
});
afterAll(() => service.close());

describe('the built folder (src/build/hosted-manifest.ts)', () => {
  it('holds each file under its plain name and its content name, listed in manifest.json', () => {
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
      files: Record<string, { url: string; immutableUrl: string; integrity: string }>;
    };
    expect(Object.keys(manifest.files)).toEqual(['paytoken-form-engine.js', 'paytoken-form.js']);
    for (const [file, { url, immutableUrl, integrity }] of Object.entries(manifest.files)) {
      expect(url).toBe(file);
      expect(readFileSync(join(folder, immutableUrl))).toEqual(readFileSync(join(folder, file)));
      expect(integrity).toBe(integrityOf(readFileSync(join(folder, file))));
      // Each name compressed, for a server to send as it is: the same bytes once decoded.
      for (const name of [file, immutableUrl]) {
        expect(brotliDecompressSync(readFileSync(join(folder, `${name}.br`)))).toEqual(
          readFileSync(join(folder, file)),
        );
        expect(gunzipSync(readFileSync(join(folder, `${name}.gz`)))).toEqual(readFileSync(join(folder, file)));
      }
    }
    // The manifest, and each of the two files under two names, each also as .br and .gz.
    expect(readdirSync(folder)).toHaveLength(1 + 2 * 2 * 3);
  });

  it('is served by the service under the same names, the copies not counted as files of their own', async () => {
    const hosted = loadHostedFiles(folder);
    expect([...hosted.keys()].sort()).toEqual(['paytoken-form-engine.js', 'paytoken-form.js']);
    expect(Object.keys(hosted.get('paytoken-form.js')?.encoded ?? {})).toEqual(['br', 'gzip']);
    const served = (await service.app.inject({ url: '/scripts/manifest.json' })).json<{
      files: Record<string, { immutableUrl: string }>;
    }>();
    const built = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as typeof served;
    expect(Object.keys(served.files)).toEqual(Object.keys(built.files));
    for (const [file, { immutableUrl }] of Object.entries(built.files)) {
      expect(served.files[file]?.immutableUrl).toBe(`/scripts/${immutableUrl}`);
    }
  });
});
