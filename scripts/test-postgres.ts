/**
 * `npm run test:postgres`: the service suites again, on the PostgreSQL database DATABASE_URL names
 * (the second pass, which `npm test` runs when DATABASE_URL is set: scripts/test.ts). Only the test
 * files that use a database run: the rest (fee arithmetic, the calendar, the document's agreement
 * with the wire types) test no storage and ran in the first pass, on the same code. A file uses a database when it starts the test service or service
 * processes (src/service/testing/), opens storage itself, or reads DATABASE_URL.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL database first: DATABASE_URL=$(sudo bash .ci/postgres.sh)');
  process.exit(1);
}

const USES_A_DATABASE = /testing\/(harness|processes|process-scope)\.js|storage\/(open|sql)\.js|DATABASE_URL/;

const testFiles = (readdirSync('src/service', { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'))
  .map((file) => join('src/service', file))
  .sort();
/**
 * Files that start the test service but whose subject is the API document, not storage: the document
 * and the service's request checks agree (before any query), and a client generated from the
 * document. The same code on either database; they ran in the first pass.
 */
const ABOUT_THE_DOCUMENT = ['src/service/openapi/agreement.test.ts', 'src/service/openapi/typed-client.test.ts'];
const onADatabase = testFiles.filter(
  (file) => USES_A_DATABASE.test(readFileSync(file, 'utf8')) && !ABOUT_THE_DOCUMENT.includes(file),
);
console.log(`On PostgreSQL: the ${onADatabase.length} of ${testFiles.length} service test files that use a database.`);

const run = spawnSync('npx', ['vitest', 'run', '--project', 'service', ...onADatabase], { stdio: 'inherit' });
process.exit(run.status ?? 1);
