import { test as base } from '@playwright/test';
import { startDemoFor } from './support/checkout.js';
import { listen, staticFiles, type Running } from './support/http.js';
import { startServiceProcess, type ServiceProcess } from './support/service.js';

/** One service process and one page origin per Playwright worker. */
export const test = base.extend<object, { service: ServiceProcess; pages: Running }>({
  service: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture needs from a destructuring pattern
    async ({}, use) => {
      // As `npm start` runs it: webhooks to loopback allowed, so the demo receives its own (demo/webhooks.ts).
      const service = await startServiceProcess({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1' });
      await use(service);
      await service.stop();
    },
    // A cold start waits up to a minute (support/service.ts): beside the Firefox run's own service
    // in `npm test`, three start at once on two cores, past the 30 s a test gets.
    { scope: 'worker', timeout: 90_000 },
  ],
  pages: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture needs from a destructuring pattern
    async ({}, use) => {
      const pages = await listen(staticFiles(new URL('./pages/', import.meta.url).pathname));
      await use(pages);
      await pages.close();
    },
    { scope: 'worker' },
  ],
});

/** The demo checkout (its own server, beside the worker's service), once per worker. */
export const demoTest = test.extend<object, { demo: Awaited<ReturnType<typeof startDemoFor>> }>({
  demo: [
    async ({ service }, use) => {
      const demo = await startDemoFor(service);
      await use(demo);
      await demo.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
