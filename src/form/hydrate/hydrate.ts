/**
 * `paytoken-form-hydrate.js`: the one script of a page whose `<paytoken-form>` the server rendered
 * (ssr/render-form.ts). It lets Lit adopt the form the payer already sees instead of drawing a new
 * one: Lit's own hydration (`@lit-labs/ssr-client`), so the inputs the payer is typing into are the
 * ones the form takes over, with their text, caret, focus and an IME composition. It adds
 * paytoken-form.js itself, after the page's first frame, unless the page has it: evaluated before that
 * frame, the form's script held the first paint back (docs/decisions/0166-the-form-script-after-the-first-paint.md).
 * It is a file of its own so that pages without a server-rendered form do not carry it
 * (docs/decisions/0150-server-rendered-first-paint.md).
 *
 * What the payer did before the form's script ran reached no listener. Once a form is hydrated,
 * each field that holds a value (typed, or filled by the browser's autofill) reports it as an input
 * would, and a field with focus is announced as focused, so the form checks them and loads its engine
 * as if the script had been there all along.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';

/** paytoken-form.js by its content name and SHA-384, from the build (src/build/hosted-form.ts). */
declare const __PAYTOKEN_FORM_FILE__: string;
declare const __PAYTOKEN_FORM_INTEGRITY__: string;

type Hook = (lit: { LitElement: { prototype: object } }) => void;
interface Hydrating {
  renderRoot: ParentNode & { activeElement?: Element | null; _$litPart$?: unknown };
}

const global = globalThis as { litElementHydrateSupport?: Hook };
const litSupport = global.litElementHydrateSupport as Hook;

/**
 * Lit's own flag is renamed in its production build: a root with the server's elements and no render
 * of Lit's (`_$litPart$`, a name Lit keeps) is the one being hydrated.
 */
const hydrating = (element: Hydrating) => element.renderRoot.childElementCount > 0 && !element.renderRoot._$litPart$;

/**
 * The end of the task after the frame that follows a server form's first update: the page is painted,
 * and a key pressed meanwhile was handled first. Made then, not when this script runs: a frame between
 * the two deferred scripts must not count.
 */
let painted: Promise<unknown> | undefined;
/** `then` at the end of the task after the next frame. */
const nextFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then));
const afterNextFrame = () => (painted ??= new Promise<void>(nextFrame));

global.litElementHydrateSupport = (lit) => {
  litSupport(lit);
  const prototype = lit.LitElement.prototype as {
    update: (this: Hydrating, changed: unknown) => void;
    scheduleUpdate: (this: Hydrating) => unknown;
  };
  const { update, scheduleUpdate } = prototype;
  prototype.update = function (this: Hydrating, changed: unknown) {
    const adopting = hydrating(this);
    update.call(this, changed);
    if (adopting) handOver(this.renderRoot);
  };
  // The server's form is adopted after the page's next frame, not in the tasks right after parsing, where
  // deferred scripts run: the payer can type into it at once (Lit waits for a Promise scheduleUpdate returns).
  prototype.scheduleUpdate = function (this: Hydrating) {
    return hydrating(this) ? afterNextFrame().then(() => scheduleUpdate.call(this)) : scheduleUpdate.call(this);
  };
};

/** Tells the form what happened before it listened: the values in its fields, and the focus. */
function handOver(root: Hydrating['renderRoot']): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]'))
    if (field.value) field.dispatchEvent(new Event('input', { bubbles: true }));
  root.activeElement?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

// Read while the script runs: `currentScript` is only set then.
const own = document.currentScript as HTMLScriptElement | null;

/**
 * The form's script after the first frame once the page is parsed (so after the first paint, and
 * with the server's form in the page: an `async` tag may run this before it), unless the page has it
 * already (`paytoken-form.js`, or its content name, which the frame page adds).
 */
const whenParsed = (then: () => void) =>
  document.readyState == 'loading' ? document.addEventListener('DOMContentLoaded', then) : then();
whenParsed(() =>
  nextFrame(() => {
    if (!own || document.querySelector(`script[src*="paytoken-form."],script[src$="${__PAYTOKEN_FORM_FILE__}"]`))
      return;
    const script = document.createElement('script');
    script.src = new URL(__PAYTOKEN_FORM_FILE__, own.src).href;
    script.integrity = __PAYTOKEN_FORM_INTEGRITY__;
    script.crossOrigin = 'anonymous';
    script.nonce = own.nonce;
    document.head.append(script);
  }),
);
