/**
 * `npm run test:firefox`: the payment flows in Firefox (`e2e/firefox/*.firefox.ts`), apart from the
 * unit and component projects of vite.config.ts, which `npx vitest run` runs. One service and one
 * demo for the whole run (global-setup.ts); each file drives a Firefox of its own.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'firefox',
    include: ['e2e/firefox/**/*.firefox.ts'],
    globalSetup: ['e2e/firefox/global-setup.ts'],
    pool: 'forks',
    // One file at a time: `npm test` runs these beside Playwright's two workers on a two-core machine.
    maxWorkers: 1,
    testTimeout: 60_000,
    // A cold service start waits up to a minute (e2e/support/service.ts).
    hookTimeout: 90_000,
  },
});
