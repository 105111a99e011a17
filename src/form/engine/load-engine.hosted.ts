/**
 * The hosted bundle's imask: `paytoken-form-mask-{digest}.js` beside the script that is running,
 * added as a script with the SHA-384 the build computed, so a page that pins paytoken-form.js with
 * `integrity` pins its masks too. Values from src/build/hosted-masks.ts; the file sets
 * `PaytokenMask.createMask` (mask-engine.global.ts).
 */
import type { CreateMask } from './mask-engine.js';

declare const __PAYTOKEN_MASK_FILE__: string;
declare const __PAYTOKEN_MASK_INTEGRITY__: string;

// Read while the script runs: `currentScript` is only set then.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;

/** One load for every form on the page; a failed one is tried again only when `retry` asks. */
let loading: Promise<CreateMask> | null = null;
let failed = false;
/** A page whose policy refuses the file (a CSP without its origin) stops asking after ten focuses. */
let failures = 0;
const MAX_FAILURES = 10;

export function loadMaskEngine(retry = false): Promise<CreateMask> {
  if (loading && (!failed || !retry || failures >= MAX_FAILURES)) return loading;
  failed = false;
  loading = addScript().catch((error: unknown) => {
    failed = true;
    failures += 1;
    throw error;
  });
  return loading;
}

function addScript(): Promise<CreateMask> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(__PAYTOKEN_MASK_FILE__, scriptUrl).href;
    script.integrity = __PAYTOKEN_MASK_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      const engine = (globalThis as { PaytokenMask?: { createMask?: CreateMask } }).PaytokenMask?.createMask;
      if (engine) resolve(engine);
      else reject(new Error('paytoken-form-mask.js did not define PaytokenMask.createMask'));
    };
    script.onerror = () => {
      script.remove(); // the next attempt adds its own
      reject(new Error('paytoken-form-mask.js could not be loaded'));
    };
    document.head.append(script);
  });
}
