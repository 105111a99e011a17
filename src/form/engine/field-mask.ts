/**
 * One masked input of the form, with imask: part of the form's engine (engine.ts), so what the
 * caret and the undo history need arrives with imask, not with the form's first render. Only
 * imask's public API is used: a text is formatted before imask sees it (so imask finds it as it
 * shows it, and records the payer's selection itself), and a caret is put back with its
 * `cursorPos`.
 */
import IMask from 'imask/holder';
import 'imask/masked/pattern';

/** What the form gives a mask: its pattern (`0` a digit) and how a typed or pasted text is cleaned. */
export interface MaskOptions {
  mask: string;
  prepare: (text: string) => string;
}

/** A masked input, as the form uses it (controllers/mask-controller.ts). */
export interface FieldMask {
  /** The text shown, and its digits. */
  readonly value: string;
  readonly unmaskedValue: string;
  readonly pattern: string;
  /** Groups the input for a new brand, as part of the payer's last edit: one Ctrl+Z undoes both. */
  regroup(pattern: string): void;
  /** Empties the input (after a token, or a reset). */
  clear(): void;
  destroy(): void;
}

/** The part of imask's input mask used here; its own .d.ts files do not resolve under NodeNext. */
interface InputMask {
  value: string;
  readonly unmaskedValue: string;
  cursorPos: number;
  readonly history: {
    states: { unmaskedValue: string; selection: { start: number; end: number } }[];
    currentIndex: number;
  };
  on(event: 'accept', handler: () => void): unknown;
  updateOptions(options: { mask: string }): void;
  destroy(): void;
}
interface Masked {
  /** Sets what the mask holds (the text is prepared, then formatted): then read `value`. */
  resolve(text: string): void;
  readonly value: string;
}
const imask = IMask as unknown as {
  (input: HTMLInputElement, options: MaskOptions & { lazy: true }): InputMask;
  createMask(options: MaskOptions & { lazy: true }): Masked;
};

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The payer is in `input` (the form's shadow root tells, not the document). */
const focused = (input: HTMLInputElement) => (input.getRootNode() as Document | ShadowRoot).activeElement === input;

/** The index in `text` just after its first `digits` digits. */
function afterDigits(text: string, digits: number): number {
  let index = 0;
  for (let seen = 0; index < text.length && seen < digits; index++) if (/\d/.test(text[index] as string)) seen++;
  return index;
}

/**
 * Where a place in `before` is in `after`, the same digits grouped another way: the end stays the
 * end, a place inside goes after as many digits as stood before it (and after the separator there,
 * if it stood after one, and after a 0 the mask put before them).
 */
export function placeIn(before: string, after: string, index: number): number {
  if (index >= before.length) return after.length;
  // A month's leading 0, put by the mask, stands before every digit the payer typed.
  const added = after.startsWith('0') && !before.trimStart().startsWith('0') ? 1 : 0;
  const digits = digitsOnly(before.slice(0, index)).length;
  let at = afterDigits(after, digits > 0 ? digits + added : 0);
  // After a separator ("4242-|4242"), it stays after the one the mask shows there ("4242 |4242").
  if (/\D/.test(before.charAt(index - 1))) while (/\D/.test(after.charAt(at))) at++;
  return at;
}

/** Shows `text` in `input`, keeping a focused payer's selection (and its direction) on the same digits. */
function showKeepingSelection(input: HTMLInputElement, text: string): void {
  const before = input.value;
  if (text === before) return;
  const [start, end, direction] = [input.selectionStart ?? 0, input.selectionEnd ?? 0, input.selectionDirection];
  input.value = text;
  if (focused(input))
    input.setSelectionRange(placeIn(before, text, start), placeIn(before, text, end), direction ?? undefined);
}

/**
 * Masks `input`: what it holds is formatted at once (the payer's place kept), and each change
 * after is told to `accept`.
 */
export function createFieldMask(
  input: HTMLInputElement,
  options: MaskOptions,
  accept: (mask: FieldMask) => void,
): FieldMask {
  const settings = { ...options, lazy: true as const };
  const formatted = imask.createMask(settings);
  formatted.resolve(input.value);
  showKeepingSelection(input, formatted.value);
  // imask applies an undo or a redo in its own listener of these events: one of ours before it
  // marks that time, one after it ends it (the listeners of one target run in their order).
  let undoing = false;
  const mark = (event: Event) => {
    undoing =
      event instanceof KeyboardEvent
        ? (event.ctrlKey || event.metaKey) && /^[yz]$/i.test(event.key)
        : (event as InputEvent).inputType.startsWith('history');
  };
  const unmark = () => (undoing = false);
  const events = ['keydown', 'beforeinput'];
  for (const type of events) input.addEventListener(type, mark);
  const mask = imask(input, settings);
  for (const type of events) input.addEventListener(type, unmark);
  let pattern = options.mask;

  const field: FieldMask = {
    get value() {
      return mask.value;
    },
    get unmaskedValue() {
      return mask.unmaskedValue;
    },
    get pattern() {
      return pattern;
    },
    regroup(next) {
      pattern = next;
      // During an undo or a redo imask records nothing and puts the state's selection back
      // itself; a field the payer is not in (the CVC, whose length follows the card's brand) keeps
      // a history of its own.
      if (undoing || !focused(input)) return mask.updateOptions({ mask: next });
      const [before, start, end] = [input.value, input.selectionStart ?? 0, input.selectionEnd ?? 0];
      asPartOfTheEdit(mask, input, () => {
        mask.updateOptions({ mask: next });
        if (start === end) mask.cursorPos = placeIn(before, input.value, start);
        else input.setSelectionRange(placeIn(before, input.value, start), placeIn(before, input.value, end));
      });
    },
    clear() {
      mask.value = '';
    },
    destroy() {
      mask.destroy();
      for (const type of events) {
        input.removeEventListener(type, mark);
        input.removeEventListener(type, unmark);
      }
    },
  };
  mask.on('accept', () => accept(field));
  return field;
}

/**
 * Runs `regroup` (new options for a mask), which is part of the payer's last edit, not a step of
 * its own: once imask has recorded it in its undo history, the states since the one before the
 * edit (the edit grouped for the old brand, the regroup) become one, so one Ctrl+Z undoes the edit.
 * imask records an edit only after telling the form of it, so a regroup the form makes while being
 * told comes before the edit's own state, which is stale (the old brand's digits): it goes too.
 */
function asPartOfTheEdit(mask: InputMask, input: HTMLInputElement, regroup: () => void): void {
  const { history } = mask;
  const current = history.states[history.currentIndex];
  const recorded = current?.unmaskedValue === mask.unmaskedValue;
  const before = recorded ? history.states[history.currentIndex - 1] : current;
  regroup();
  queueMicrotask(() => {
    const at = before ? history.states.indexOf(before) : -1;
    if (before && at < 0) return;
    const [start, end] = [input.selectionStart ?? 0, input.selectionEnd ?? 0];
    history.states.splice(at + 1, Infinity, { unmaskedValue: mask.unmaskedValue, selection: { start, end } });
    history.currentIndex = at + 1;
  });
}
