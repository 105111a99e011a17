/**
 * `npm run build`: every bundle, in the order their inputs need, through Vite's JavaScript API.
 *
 *   1. paytoken.js, paytoken-form-engine.js, paytoken-frame-bridge.js and the ES modules (dist/esm),
 *      side by side: none reads another's output.
 *   2. paytoken-form.js, which names its engine by content (src/build/hosted-engine.ts).
 *   3. paytoken-frame.js and dist/ssr (`paytoken/ssr`), which name the frame page after the form and the
 *      bridge (src/frame/page/vite-plugin.ts), and paytoken-form-hydrate.js, which adds the form by its
 *      content name (src/build/hosted-form.ts).
 *   4. dist/browser/manifest.json and the content-named copies the bundles ask for
 *      (src/build/hosted-manifest.ts), so the folder can be served as it is; the package's types.
 *
 * `--if-changed` (what `npm start` runs) skips it all when no input changed since the last build
 * (src/build/inputs-digest.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { inputsDigest, readBuiltDigest, writeBuiltDigest } from '../src/build/inputs-digest.js';
import { writeHostedManifest } from '../src/build/hosted-manifest.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const browserDir = new URL('../dist/browser/', import.meta.url);
const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const viteBuild = (mode: string) => build({ configFile, mode, logLevel: 'warn', root });

function declarations(): Promise<void> {
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`tsc exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  const digest = inputsDigest(root);
  if (process.argv.includes('--if-changed') && readBuiltDigest(root) === digest) {
    console.log('Bundles are current (no input changed since the last build); not rebuilt.');
    return;
  }
  const started = performance.now();
  // Nothing of an earlier build may outlive it (a deleted module's declarations would be packed).
  for (const built of [browserDir, new URL('../dist/types/', import.meta.url)])
    rmSync(built, { recursive: true, force: true });
  await Promise.all([
    viteBuild('paytoken'),
    viteBuild('paytoken-form-engine'),
    viteBuild('paytoken-frame-bridge'),
    viteBuild('lib'),
    declarations(),
  ]);
  await viteBuild('paytoken-form');
  await Promise.all([viteBuild('paytoken-frame'), viteBuild('paytoken-form-hydrate'), viteBuild('ssr')]);
  writeHostedManifest(browserDir, version);
  writeBuiltDigest(root, digest);
  console.log(`Built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
