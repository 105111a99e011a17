/**
 * Vitest global setup of the form's component tests (`*.browser.test.ts`): the real service in its
 * own process, as the browser tests use it; the tests read its address and a public key with
 * `inject('paytokenService')`.
 */
import type { TestProject } from 'vitest/node';
import { startServiceProcess } from './service.js';

export interface ComponentService {
  url: string;
  publicKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    paytokenService: ComponentService;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const service = await startServiceProcess();
  project.provide('paytokenService', { url: service.url, publicKey: service.accounts.springfield.publicKey });
  return () => service.stop();
}
