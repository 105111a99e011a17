/**
 * imask, loaded when a payer first reaches a masked input rather than with the form: it is almost half
 * of the form's code, and parsing it delayed the first render (docs/decisions.md, "imask on first
 * use"). For bundler users (`import 'paytoken/form'`) it is a chunk of its own; the hosted bundle
 * replaces this module with mask-engine.hosted.ts (src/build/hosted-masks.ts).
 */

/**
 * The part of imask's input mask the controller uses. imask's own .d.ts files import each other
 * without file extensions, which NodeNext resolution cannot follow, so its types arrive unresolved.
 */
export interface InputMask {
  value: string;
  readonly unmaskedValue: string;
  readonly masked: { readonly mask: unknown };
  on(event: 'accept', handler: () => void): unknown;
  updateOptions(options: { mask: string }): void;
  destroy(): void;
}

/** imask's `IMask(input, options)`. */
export type CreateMask = (
  input: HTMLInputElement,
  options: { mask: string; prepare: (text: string) => string; lazy: boolean },
) => InputMask;

/** imask's chunk; `retry` is for the hosted loader (the module loader tries a failed import again itself). */
export const loadMaskEngine = (_retry?: boolean): Promise<CreateMask> =>
  Promise.all([import('imask/holder'), import('imask/masked/pattern')]).then(
    ([holder]) => holder.default as unknown as CreateMask,
  );
