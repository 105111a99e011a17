/**
 * `npm test`: every check, with what does not depend on another side by side. Lint, the type check
 * and the build read only the sources, so they run together; the unit, service and component tests
 * need the build; the browser tests run last: Playwright's in Chromium beside the payment flows in
 * Firefox (e2e/firefox/, one browser at a time). A step's output is printed when it ends, whole, so
 * two steps never interleave their lines. The first step that fails ends the run with its exit
 * code, after the steps running beside it have finished.
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string;
}

const stages: Step[][] = [
  // One after the other: each may install its browser with apt, which takes one install at a time.
  [{ name: 'browsers', command: 'bash e2e/support/ensure-chromium.sh && bash e2e/support/ensure-firefox.sh' }],
  [
    { name: 'lint', command: 'npm run lint --silent' },
    { name: 'typecheck', command: 'npm run typecheck --silent' },
    { name: 'build', command: 'npm run build --silent' },
  ],
  [{ name: 'unit, service and component tests', command: 'npx vitest run --coverage' }],
  [
    { name: 'browser tests', command: 'npx playwright test' },
    { name: 'payment flows in Firefox', command: 'npm run test:firefox --silent' },
  ],
];

/** Runs one step; its output is kept and printed at its end (or live when it runs alone). */
function run(step: Step, alone: boolean): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
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

for (const stage of stages) {
  const codes = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}
