/**
 * `npm run lint:openapi`: Redocly CLI's rules (redocly.yaml: recommended, warnings as errors) on the
 * document the service generates, written to a temporary file. Exits with Redocly's status.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveDocument } from './openapi-document.js';

const dir = mkdtempSync(join(tmpdir(), 'paytoken-openapi-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await liveDocument(), null, 2));
const result = spawnSync('npx', ['redocly', 'lint', '--format=stylish', file], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);
