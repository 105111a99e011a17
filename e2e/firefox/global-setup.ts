/**
 * Vitest global setup of the Firefox flows: the service and the demo checkout start once for the
 * whole run (as e2e/fixtures.ts starts them once per Playwright worker), and so does the static
 * server of e2e/pages/ (the integrator's own origin). Without a Firefox the run fails with what to
 * do, unless PAYTOKEN_SKIP_FIREFOX=1 asks to skip the flows (e2e/firefox/browser.ts).
 */
import type { TestProject } from 'vitest/node';
import { startDemoFor } from '../support/checkout.js';
import { listen, staticFiles } from '../support/http.js';
import { startServiceProcess, type Account } from '../support/service.js';
import { MISSING_FIREFOX, firefoxPath, skipWanted } from './browser.js';

export interface FirefoxRun {
  /** The Firefox binary, or null when the run was told to skip the flows. */
  firefox: string | null;
  serviceUrl: string;
  demoUrl: string;
  pagesUrl: string;
  accounts: { system: Account; springfield: Account; shelby: Account };
}

declare module 'vitest' {
  export interface ProvidedContext {
    firefoxRun: FirefoxRun;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const firefox = firefoxPath();
  if (!firefox) {
    if (!skipWanted()) throw new Error(MISSING_FIREFOX);
    console.warn(`\n!!! SKIPPING THE FIREFOX FLOWS (PAYTOKEN_SKIP_FIREFOX=1) !!!\n${MISSING_FIREFOX}\n`);
    project.provide('firefoxRun', { firefox: null, serviceUrl: '', demoUrl: '', pagesUrl: '', accounts: {} as never });
    return () => Promise.resolve();
  }
  const service = await startServiceProcess();
  const demo = await startDemoFor(service);
  const pages = await listen(staticFiles(new URL('../pages/', import.meta.url).pathname));
  project.provide('firefoxRun', {
    firefox,
    serviceUrl: service.url,
    demoUrl: demo.url,
    pagesUrl: pages.url,
    accounts: service.accounts,
  });
  return async () => {
    await Promise.all([demo.close(), pages.close()]);
    await service.stop();
  };
}
