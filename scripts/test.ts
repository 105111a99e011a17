/**
 * `npm test`: every check, with what does not depend on another side by side. Lint, the type check
 * and the build read only the sources, so they run together; the unit, service and component tests
 * need the build, and follow it while lint (one core, about a minute) still runs; the browser tests
 * run last: Playwright's in Chromium beside the payment flows in Firefox (e2e/firefox/, one browser
 * at a time). With DATABASE_URL set (CI: .ci/run), the service suites then run again on that
 * PostgreSQL database (scripts/test-postgres.ts), still beside Playwright: the Firefox flows and that
 * pass each leave a core half idle, and one after the other they take about as long as Playwright
 * alone. Every other step runs without DATABASE_URL, so the first pass is on the embedded database.
 *
 * A step's output is printed when it ends, whole, so two steps never interleave their lines. The
 * first step that fails ends the run with its exit code, after the steps running beside it have
 * finished.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  /** Keeps DATABASE_URL in the step's environment (only the PostgreSQL pass). */
  postgres?: boolean;
}

const databaseUrl = process.env.DATABASE_URL;
const postgresPass: Step[] = databaseUrl
  ? [{ name: 'service tests on PostgreSQL', command: 'npm run test:postgres --silent', postgres: true }]
  : [];

/** Stages one after the other; a stage's lanes side by side; a lane's steps one after the other. */
const stages: Step[][][] = [
  // One after the other: each may install its browser with apt, which takes one install at a time.
  [[{ name: 'browsers', command: 'bash e2e/support/ensure-chromium.sh && bash e2e/support/ensure-firefox.sh' }]],
  [
    // ESLint runs on one core for about a minute: the tests start beside it once the build is done.
    [{ name: 'lint', command: 'npm run lint --silent' }],
    [{ name: 'typecheck', command: 'npm run typecheck --silent' }],
    [
      { name: 'build', command: 'npm run build --silent' },
      { name: 'unit, service and component tests', command: 'npx vitest run --coverage' },
    ],
  ],
  [
    [{ name: 'browser tests', command: 'npx playwright test' }],
    [{ name: 'payment flows in Firefox', command: 'npm run test:firefox --silent' }, ...postgresPass],
  ],
];

/** Runs one step; its output is kept and printed at its end (or live when it runs alone). */
function run(step: Step, alone: boolean): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const env = { ...process.env };
    if (!step.postgres) delete env.DATABASE_URL;
    const child = spawn(step.command, { shell: true, env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`── ${step.name}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

/** A lane's steps in turn; the first that fails ends the lane. */
async function runLane(lane: Step[], alone: boolean): Promise<number> {
  for (const step of lane) {
    const code = await run(step, alone);
    if (code !== 0) return code;
  }
  return 0;
}

if (!databaseUrl) console.log('DATABASE_URL is not set: the service suites run on the embedded database only.');
for (const stage of stages) {
  const codes = await Promise.all(stage.map((lane) => runLane(lane, stage.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
