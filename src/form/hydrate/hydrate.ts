/**
 * `paytoken-form-hydrate.js`: on a page whose `<paytoken-form>` the server rendered (ssr/render-form.ts),
 * this script runs before paytoken-form.js (both `defer`, in that order) and lets Lit adopt the form the
 * payer already sees instead of drawing a new one: Lit's own hydration (`@lit-labs/ssr-client`), so
 * the inputs the payer is typing into are the ones the form takes over, with their text, caret,
 * focus and an IME composition. It is a file of its own so that pages without a server-rendered
 * form do not carry it (docs/decisions/0150-server-rendered-first-paint.md).
 *
 * What the payer did before the form's script ran reached no listener. Once a form is hydrated,
 * each field that holds a value (typed, or filled by the browser's autofill) reports it as an input
 * would, and a field with focus is announced as focused, so the form checks them and loads its engine
 * as if the script had been there all along.
 */
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';

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
const afterNextFrame = () => (painted ??= new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

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
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]'))
    if (field.value) field.dispatchEvent(new Event('input', { bubbles: true }));
  root.activeElement?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}
