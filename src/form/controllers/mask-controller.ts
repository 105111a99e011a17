import IMask from 'imask/holder';
import 'imask/masked/pattern';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardBrand } from '../../shared/wire.js';
import type { FieldName } from '../fields.js';

/** Groups of the card number by brand: 4-4-4-4(-3), American Express 4-6-5, Diners 4-6-4. */
export function cardPattern(brand: CardBrand | null): string {
  if (brand === 'AmericanExpress') return '0000 000000 00000';
  if (brand === 'DinersClub') return '0000 000000 0000';
  return '0000 0000 0000 0000 000';
}

/**
 * The part of imask's input mask this controller uses. imask's own .d.ts files import each other
 * without file extensions, which NodeNext resolution cannot follow, so its types arrive unresolved.
 */
interface InputMask {
  value: string;
  readonly unmaskedValue: string;
  readonly masked: { readonly mask: unknown };
  on(event: 'accept', handler: () => void): unknown;
  updateOptions(options: { mask: string }): void;
  destroy(): void;
}

const createMask = IMask as unknown as (
  input: HTMLInputElement,
  options: { mask: string; prepare: (text: string) => string; lazy: boolean },
) => InputMask;

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

/**
 * imask on the form's number inputs: grouped card numbers, MM/YY, digits only. Reports each change
 * as the digits (`unmasked`) and the text shown.
 */
export class MaskController implements ReactiveController {
  private readonly masks = new Map<FieldName, InputMask>();

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
   * masked at its first input (typed, pasted or autofilled), not at render: the mask formats what that
   * input brought, and the value is reported; later ones come through the mask. Other inputs and the
   * select report their value as it is.
   */
  attach(root: EventTarget): void {
    root.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const name = input.name as FieldName;
      const options = PATTERNS[name];
      if (!options) return this.onChange(name, input.value, input.value);
      if (this.masks.has(name)) return;
      const mask = createMask(input, { mask: options.mask, prepare: options.prepare, lazy: true });
      mask.on('accept', () => this.onChange(name, mask.unmaskedValue, mask.value));
      this.masks.set(name, mask);
      this.followBrand(this.brand);
      this.onChange(name, mask.unmaskedValue, mask.value);
    });
  }

  /** The card number's grouping and the CVC's length follow the brand. */
  followBrand(brand: CardBrand | null): void {
    this.brand = brand;
    const number = this.masks.get('cardNumber');
    if (number && number.masked.mask !== cardPattern(brand)) number.updateOptions({ mask: cardPattern(brand) });
    const cvc = this.masks.get('cvc');
    const cvcPattern = brand === 'AmericanExpress' || brand === null ? '0000' : '000';
    if (cvc && cvc.masked.mask !== cvcPattern) cvc.updateOptions({ mask: cvcPattern });
  }

  /** Empties every masked input (after a token was made). */
  clear(): void {
    for (const mask of this.masks.values()) mask.value = '';
  }

  hostDisconnected(): void {
    for (const mask of this.masks.values()) mask.destroy();
    this.masks.clear();
  }
}
