import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardBrand } from '../../shared/wire.js';
import type { FieldName } from '../fields.js';
import type { CreateMask, FieldMask } from '../engine/engine.js';
import { engineIfLoaded } from '../engine/load-engine.js';

/** Groups of the card number by brand: 4-4-4-4(-3), American Express 4-6-5, Diners 4-6-4. */
export function cardPattern(brand: CardBrand | null): string {
  if (brand === 'AmericanExpress') return '0000 000000 00000';
  if (brand === 'DinersClub') return '0000 000000 0000';
  return '0000 0000 0000 0000 000';
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

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
 * input gets its mask, which formats what the input holds (the caret and the undo history are the
 * engine's business: engine/field-mask.ts).
 */
export class MaskController implements ReactiveController {
  /** Each masked input's mask, with the input it was built on (the form may render a new one). */
  readonly #masks = new Map<FieldName, { mask: FieldMask; input: HTMLInputElement }>();
  /** Masked inputs that have had input, masked or waiting for imask. */
  readonly #inputs = new Map<FieldName, HTMLInputElement>();
  /** What was last reported of each masked field: a mask built later reports only a change. */
  readonly #reported = new Map<FieldName, string>();
  #root: ParentNode | null = null;

  readonly #onChange: (name: FieldName, unmasked: string, shown: string) => void;

  constructor(host: ReactiveControllerHost, onChange: (name: FieldName, unmasked: string, shown: string) => void) {
    this.#onChange = onChange;
    host.addController(this);
  }

  /** The brand the card number and the CVC follow, for masks built later. */
  #brand: CardBrand | null = null;

  /**
   * Listens to `root`'s inputs, once for all (call it once). An input whose field has a pattern is
   * masked at its first input (typed, pasted or autofilled) once imask is there, not at render: the
   * mask formats what that input holds, and the value is reported; later ones come through the mask.
   * Other inputs and the select report their value as it is.
   */
  attach(root: ParentNode & EventTarget): void {
    this.#root = root;
    root.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const name = input.name as FieldName;
      if (!PATTERNS[name]) return this.#onChange(name, input.value, input.value);
      if (this.#masks.get(name)?.input === input) return;
      this.#inputs.set(name, input);
      // With imask here, the mask reports the value once, formatted; without it, the digits as they are.
      const engine = engineIfLoaded();
      if (engine) this.#build(engine.createMask, name, input);
      else this.#report(name, this.#rawDigits(name, input.value), input.value);
    });
  }

  #report(name: FieldName, unmasked: string, shown: string): void {
    this.#reported.set(name, unmasked);
    this.#onChange(name, unmasked, shown);
  }

  /** A field's digits before its mask: only digits, no more than its pattern holds for the brand. */
  #rawDigits(name: FieldName, text: string): string {
    const options = PATTERNS[name];
    if (!options) return text;
    return options.prepare(text).replace(/\D/g, '').slice(0, this.#patternOf(name).replace(/[^0]/g, '').length);
  }

  /** A masked field's pattern now: the card number's and the CVC's follow the brand. */
  #patternOf(name: FieldName): string {
    if (name === 'cardNumber') return cardPattern(this.#brand);
    if (name === 'cvc') return cvcPattern(this.#brand);
    return PATTERNS[name]?.mask ?? '';
  }

  /** imask is here: a mask for every input that had input before it came. */
  buildMasks(createMask: CreateMask): void {
    for (const [name, input] of this.#inputs) this.#build(createMask, name, input);
  }

  #build(createMask: CreateMask, name: FieldName, input: HTMLInputElement): void {
    const options = PATTERNS[name];
    if (!options || this.#masks.get(name)?.input === input || !input.isConnected || this.#inputs.get(name) !== input)
      return;
    this.#masks.get(name)?.mask.destroy();
    const mask = createMask(input, { mask: this.#patternOf(name), prepare: options.prepare }, (changed) =>
      this.#report(name, changed.unmaskedValue, changed.value),
    );
    this.#masks.set(name, { mask, input });
    // Only a change: a mask arriving after the fields were cleared (a token) reports nothing.
    if (mask.unmaskedValue !== (this.#reported.get(name) ?? '')) this.#report(name, mask.unmaskedValue, mask.value);
  }

  /** The card number's grouping and the CVC's length follow the brand. */
  followBrand(brand: CardBrand | null): void {
    this.#brand = brand;
    for (const name of ['cardNumber', 'cvc'] as const) {
      const masked = this.#masks.get(name);
      const pattern = this.#patternOf(name);
      if (masked && masked.mask.pattern !== pattern) masked.mask.regroup(pattern);
    }
  }

  /**
   * Empties every masked input of the form (after a token was made), with or without its mask yet:
   * found in the form's root, so an input moved, re-rendered or never typed into is emptied too.
   */
  clear(): void {
    for (const input of this.#root?.querySelectorAll<HTMLInputElement>('input[name]') ?? []) {
      const name = input.name as FieldName;
      if (!PATTERNS[name]) continue;
      const masked = this.#masks.get(name);
      if (masked?.input === input) masked.mask.clear();
      else input.value = '';
      if (this.#reported.get(name)) this.#report(name, '', '');
    }
  }

  hostDisconnected(): void {
    // The masks' listeners go; the inputs stay in the form's root and get new masks at their next input.
    for (const { mask } of this.#masks.values()) mask.destroy();
    this.#masks.clear();
  }
}
