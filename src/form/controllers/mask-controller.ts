import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardBrand } from '../../shared/wire.js';
import type { FieldName } from '../fields.js';
import type { CreateMask, InputMask } from '../engine/engine.js';
import { engineIfLoaded } from '../engine/load-engine.js';

/** Groups of the card number by brand: 4-4-4-4(-3), American Express 4-6-5, Diners 4-6-4. */
export function cardPattern(brand: CardBrand | null): string {
  if (brand === 'AmericanExpress') return '0000 000000 00000';
  if (brand === 'DinersClub') return '0000 000000 0000';
  return '0000 0000 0000 0000 000';
}

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
 * Runs `change` (a mask built or regrouped), which may rewrite what `input` shows and so put the
 * caret at the end, and keeps the payer's place in a focused input: a caret at the end stays at the
 * end, one inside goes back after as many digits as stood before it (and after the separator
 * there, if it stood after one, and after a 0 the mask put before them), a selection keeps both
 * ends (and its direction) that way, and nothing moves when the text did not change. imask is
 * told, so an input that comes without a keydown (a context-menu paste) starts from the right
 * place.
 */
function keepingCaret(input: HTMLInputElement, change: () => InputMask): InputMask {
  const inside = focused(input);
  const before = input.value;
  const [start, end, direction] = [input.selectionStart ?? 0, input.selectionEnd ?? 0, input.selectionDirection];
  const mask = change();
  if (!inside || input.value === before) return mask;
  // A month's leading 0, put by the mask, stands before every digit the payer typed.
  const added = input.value.startsWith('0') && !before.trimStart().startsWith('0') ? 1 : 0;
  const place = (index: number) => {
    if (index >= before.length) return input.value.length;
    const digits = digitsOnly(before.slice(0, index)).length;
    let at = afterDigits(input.value, digits > 0 ? digits + added : 0);
    // After a separator ("4242-|4242"), it stays after the one the mask shows there ("4242 |4242").
    if (/\D/.test(before.charAt(index - 1))) while (/\D/.test(input.value.charAt(at))) at++;
    return at;
  };
  input.setSelectionRange(place(start), place(end), direction ?? undefined);
  mask._saveSelection();
  // An undo or a redo puts its own state's selection back afterwards: that one is not changed.
  const state = mask.history.states[mask.history.currentIndex];
  if (state && !mask._historyChanging)
    state.selection = { start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0 };
  return mask;
}

/**
 * Runs `regroup` (new options for a mask), which is part of the payer's last edit, not a step of
 * its own: once imask has recorded it in its undo history, the states since the one before the
 * edit (the edit grouped for the old brand, the regroup) become one, so one Ctrl+Z undoes the edit.
 * imask records an edit only after telling the form of it, so a regroup the form makes while being
 * told comes before the edit's own state, which is stale (the old brand's digits): it goes too.
 * During an undo or a redo nothing is recorded, and nothing changes; nor in a field the payer is
 * not in (the CVC, whose length follows the card number's brand), whose history is its own.
 */
function asPartOfTheEdit(mask: InputMask, input: HTMLInputElement, regroup: () => void): void {
  const { history } = mask;
  if (mask._historyChanging || !focused(input)) return regroup();
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

/** A pasted or autofilled "12/2030", "12/30" or "1230" → "1230"; typed characters pass through. */
function expiryDigits(text: string): string {
  const whole = /^\s*(\d{1,2})\s*[/-]\s*(\d{4}|\d{2})\s*$/.exec(text);
  if (whole) return `${(whole[1] as string).padStart(2, '0')}${(whole[2] as string).slice(-2)}`;
  return digitsOnly(text);
}

const PATTERNS: Partial<Record<FieldName, { mask: string; prepare: (text: string) => string }>> = {
  cardNumber: { mask: cardPattern(null), prepare: digitsOnly },
  expiry: { mask: '00/00', prepare: expiryDigits },
  cvc: { mask: '0000', prepare: digitsOnly },
  routingNumber: { mask: '000000000', prepare: digitsOnly },
  accountNumber: { mask: '00000000000000000', prepare: digitsOnly },
  confirmAccountNumber: { mask: '00000000000000000', prepare: digitsOnly },
};

/** The CVC's pattern for a brand: four digits for American Express (and before the brand is known). */
const cvcPattern = (brand: CardBrand | null) => (brand === 'AmericanExpress' || brand === null ? '0000' : '000');

/**
 * imask on the form's number inputs: grouped card numbers, MM/YY, digits only. Reports each change
 * as the digits (`unmasked`) and the text shown. imask comes with the form's engine, which the form
 * loads (engine/load-engine.ts): until it arrives, an input reports its digits as they are (no more
 * than its pattern holds), and when the form hands it over (`buildMasks`), each input that has had
 * input gets its mask, which formats what the input holds.
 */
export class MaskController implements ReactiveController {
  /** Each masked input's mask, with the input it was built on (the form may render a new one). */
  private readonly masks = new Map<FieldName, { mask: InputMask; input: HTMLInputElement }>();
  /** Masked inputs that have had input, masked or waiting for imask. */
  private readonly inputs = new Map<FieldName, HTMLInputElement>();
  /** What was last reported of each masked field: a mask built later reports only a change. */
  private readonly reported = new Map<FieldName, string>();
  private root: ParentNode | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onChange: (name: FieldName, unmasked: string, shown: string) => void,
  ) {
    host.addController(this);
  }

  /** The brand the card number and the CVC follow, for masks built later. */
  private brand: CardBrand | null = null;

  /**
   * Listens to `root`'s inputs, once for all (call it once). An input whose field has a pattern is
   * masked at its first input (typed, pasted or autofilled) once imask is there, not at render: the
   * mask formats what that input holds, and the value is reported; later ones come through the mask.
   * Other inputs and the select report their value as it is.
   */
  attach(root: ParentNode & EventTarget): void {
    this.root = root;
    root.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const name = input.name as FieldName;
      if (!PATTERNS[name]) return this.onChange(name, input.value, input.value);
      if (this.masks.get(name)?.input === input) return;
      this.inputs.set(name, input);
      // With imask here, the mask reports the value once, formatted; without it, the digits as they are.
      const engine = engineIfLoaded();
      if (engine) this.build(engine.createMask, name, input);
      else this.report(name, this.rawDigits(name, input.value), input.value);
    });
  }

  private report(name: FieldName, unmasked: string, shown: string): void {
    this.reported.set(name, unmasked);
    this.onChange(name, unmasked, shown);
  }

  /** A field's digits before its mask: only digits, no more than its pattern holds for the brand. */
  private rawDigits(name: FieldName, text: string): string {
    const options = PATTERNS[name];
    if (!options) return text;
    return options.prepare(text).replace(/\D/g, '').slice(0, this.patternOf(name).replace(/[^0]/g, '').length);
  }

  /** A masked field's pattern now: the card number's and the CVC's follow the brand. */
  private patternOf(name: FieldName): string {
    if (name === 'cardNumber') return cardPattern(this.brand);
    if (name === 'cvc') return cvcPattern(this.brand);
    return PATTERNS[name]?.mask ?? '';
  }

  /** imask is here: a mask for every input that had input before it came. */
  buildMasks(createMask: CreateMask): void {
    for (const [name, input] of this.inputs) this.build(createMask, name, input);
  }

  private build(createMask: CreateMask, name: FieldName, input: HTMLInputElement): void {
    const options = PATTERNS[name];
    if (!options || this.masks.get(name)?.input === input || !input.isConnected || this.inputs.get(name) !== input)
      return;
    this.masks.get(name)?.mask.destroy();
    const mask = keepingCaret(input, () => {
      const built = createMask(input, { mask: this.patternOf(name), prepare: options.prepare, lazy: true });
      built.on('accept', () => this.report(name, built.unmaskedValue, built.value));
      this.masks.set(name, { mask: built, input });
      // imask reads what the input holds but shows it formatted only at the next change: show it now.
      if (input.value !== built.value) built.value = input.value;
      return built;
    });
    // Only a change: a mask arriving after the fields were cleared (a token) reports nothing.
    if (mask.unmaskedValue !== (this.reported.get(name) ?? '')) this.report(name, mask.unmaskedValue, mask.value);
  }

  /** The card number's grouping and the CVC's length follow the brand. */
  followBrand(brand: CardBrand | null): void {
    this.brand = brand;
    for (const name of ['cardNumber', 'cvc'] as const) {
      const masked = this.masks.get(name);
      const pattern = this.patternOf(name);
      if (masked && masked.mask.masked.mask !== pattern)
        keepingCaret(masked.input, () => {
          asPartOfTheEdit(masked.mask, masked.input, () => masked.mask.updateOptions({ mask: pattern }));
          return masked.mask;
        });
    }
  }

  /**
   * Empties every masked input of the form (after a token was made), with or without its mask yet:
   * found in the form's root, so an input moved, re-rendered or never typed into is emptied too.
   */
  clear(): void {
    for (const input of this.root?.querySelectorAll<HTMLInputElement>('input[name]') ?? []) {
      const name = input.name as FieldName;
      if (!PATTERNS[name]) continue;
      const masked = this.masks.get(name);
      if (masked?.input === input) masked.mask.value = '';
      else input.value = '';
      if (this.reported.get(name)) this.report(name, '', '');
    }
  }

  hostDisconnected(): void {
    // The masks' listeners go; the inputs stay in the form's root and get new masks at their next input.
    for (const { mask } of this.masks.values()) mask.destroy();
    this.masks.clear();
  }
}
