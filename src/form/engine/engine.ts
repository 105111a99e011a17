/**
 * The form's engine: what `<paytoken-form>` needs once the payer reaches it, not for its first render.
 * imask (the masks), the field checks with card-validator, and the tokenizer are three fifths of the
 * form's code; parsing them with the form delayed its first render
 * (docs/decisions/0123-form-engine-on-first-use.md). The form loads the engine at the first focus or
 * input in one of its fields, or at Pay (load-engine.ts).
 */
import IMask from 'imask/holder';
import 'imask/masked/pattern';
import { createToken, fieldFailure } from '../../tokenizer/index.js';
import { brandOf, checkField } from '../checks.js';
import { setUpFailure } from './set-up.js';

/**
 * The part of imask's input mask the form uses. imask's own .d.ts files import each other without
 * file extensions, which NodeNext resolution cannot follow, so its types arrive unresolved.
 */
export interface InputMask {
  value: string;
  readonly unmaskedValue: string;
  /** Tells imask where the input's selection is now (after the form moved it). */
  _saveSelection(): void;
  readonly masked: { readonly mask: unknown };
  /** imask's undo history (Ctrl+Z, Ctrl+Y): each state, its value and selection. */
  readonly history: {
    states: { unmaskedValue: string; selection: { start: number; end: number } }[];
    currentIndex: number;
  };
  /** True while imask applies an undo or a redo (it records nothing then). */
  readonly _historyChanging?: boolean;
  on(event: 'accept', handler: () => void): unknown;
  updateOptions(options: { mask: string }): void;
  destroy(): void;
}

/** imask's `IMask(input, options)`. */
export type CreateMask = (
  input: HTMLInputElement,
  options: { mask: string; prepare: (text: string) => string; lazy: boolean },
) => InputMask;

export const engine = {
  createMask: IMask as unknown as CreateMask,
  checkField,
  brandOf,
  createToken,
  fieldFailure,
  setUpFailure,
};

export type FormEngine = typeof engine;
