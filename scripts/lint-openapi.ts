/**
 * `npm run lint:openapi`: Redocly CLI's rules (redocly.yaml: recommended, warnings as errors) on the
 * document the service generates, written to dist/openapi.json: a fixed path, which is how
 * .redocly.lint-ignore.yaml names the document its accepted findings belong to. Run from the
 * repository's root; exits with Redocly's status.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { liveDocument } from '../src/service/testing/openapi-document.js';

const root = fileURLToPath(new URL('../', import.meta.url));
mkdirSync(`${root}dist`, { recursive: true });
writeFileSync(`${root}dist/openapi.json`, JSON.stringify(await liveDocument(), null, 2));
const result = spawnSync('npx', ['redocly', 'lint', '--format=stylish', 'dist/openapi.json'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(result.status ?? 1);
