/**
 * The hosted bundle's engine: `paytoken-form-engine-{digest}.js` beside the script that is running,
 * added as a script with the SHA-384 the build computed, so a page that pins paytoken-form.js with
 * `integrity` pins its engine too, and with the nonce paytoken-form.js ran with, so a policy of
 * nonces lets it in. Values from src/build/hosted-engine.ts; the file sets
 * `PaytokenFormEngine.engine` (engine.global.ts).
 */
import type { FormEngine } from './engine.js';
import { ENGINE_TIMEOUT_MS, engineTimeout, type Retry } from './engine-failure.js';

declare const __PAYTOKEN_ENGINE_FILE__: string;
declare const __PAYTOKEN_ENGINE_INTEGRITY__: string;

// Read while the script runs: `currentScript` is only set then.
const ownScript = document.currentScript as HTMLScriptElement | null;
const scriptUrl = ownScript?.src;
const nonce = ownScript?.nonce;

/** One load for every form on the page; a failed one is tried again only when `retry` asks. */
let loading: Promise<FormEngine> | null = null;
let loaded: FormEngine | undefined;
let failed = false;
/** A page whose policy refuses the file stops trying at focus and input after ten failures (not at Pay). */
let failures = 0;
const MAX_FAILURES = 10;

/** The engine when it is here (then the form checks at once), else `undefined`. */
export const engineIfLoaded = (): FormEngine | undefined => loaded;

export function loadEngine(retry?: Retry): Promise<FormEngine> {
  const again = failed && (retry === 'pay' || (retry === 'again' && failures < MAX_FAILURES));
  if (loading && !again) return loading;
  failed = false;
  loading = addScript().then(
    (engine) => (loaded = engine),
    (error: unknown) => {
      failed = true;
      failures += 1;
      throw error;
    },
  );
  return loading;
}

function addScript(): Promise<FormEngine> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove(); // the next attempt adds its own
      reject(error);
    };
    // A request that hangs must not keep Pay waiting, nor block the next attempt.
    const timer = setTimeout(() => fail(engineTimeout()), ENGINE_TIMEOUT_MS);
    script.src = new URL(__PAYTOKEN_ENGINE_FILE__, scriptUrl).href;
    script.integrity = __PAYTOKEN_ENGINE_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const engine = (globalThis as { PaytokenFormEngine?: { engine?: FormEngine } }).PaytokenFormEngine?.engine;
      // A copy, frozen: the page's own scripts cannot swap a function the form calls later.
      if (engine) {
        clearTimeout(timer);
        resolve(Object.freeze({ ...engine }));
      } else fail(new Error('paytoken-form-engine.js did not define PaytokenFormEngine.engine'));
    };
    script.onerror = () => fail(new Error('paytoken-form-engine.js could not be loaded'));
    document.head.append(script);
  });
}
