/**
 * Loads the form's engine (engine.ts) once for the page. For bundler users (`import 'paytoken/form'`)
 * it is a chunk of its own; the hosted bundle replaces this module with load-engine.hosted.ts
 * (src/build/hosted-engine.ts).
 */
import type { FormEngine } from './engine.js';
import { ENGINE_TIMEOUT_MS, engineTimeout, type Retry } from './engine-failure.js';

let loaded: FormEngine | undefined;
let importing: Promise<FormEngine> | undefined;

/** The engine when it is here (then the form checks at once), else `undefined`. */
export const engineIfLoaded = (): FormEngine | undefined => loaded;

/**
 * The engine's chunk. A failed import is asked for again at the next call, but browsers keep a
 * failed module in their module map for the page's life: after a failure, Pay answers
 * `NETWORK_ERROR` until the page is reloaded. A slow one is waited for at most ENGINE_TIMEOUT_MS
 * per call (the import itself goes on).
 */
export function loadEngine(_retry?: Retry): Promise<FormEngine> {
  importing ??= import('./engine.js').then(
    (module) => (loaded = module.engine),
    (error: unknown) => {
      importing = undefined;
      throw error;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(engineTimeout()), ENGINE_TIMEOUT_MS)),
  );
  return Promise.race([importing, timeout]).finally(() => clearTimeout(timer));
}
