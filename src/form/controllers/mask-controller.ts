import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardBrand } from '../../shared/wire.js';
import type { FieldName } from '../fields.js';
import { loadMaskEngine, type CreateMask, type InputMask } from './mask-engine.js';

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

/** What a field's digits are before its mask is built: only digits, no more than the pattern holds. */
const rawDigits = (options: { mask: string; prepare: (text: string) => string }, text: string) =>
  options.prepare(text).replace(/\D/g, '').slice(0, options.mask.replace(/[^0]/g, '').length);

/**
 * imask on the form's number inputs: grouped card numbers, MM/YY, digits only. Reports each change
 * as the digits (`unmasked`) and the text shown. imask itself is loaded at the first focus or input
 * in a masked field (mask-engine.ts): until it arrives, an input reports its digits as they are, and
 * once it has, each input's mask formats what the input holds. Without it (it could not be loaded),
 * the form still validates and pays with the digits, unformatted.
 */
export class MaskController implements ReactiveController {
  private readonly masks = new Map<FieldName, InputMask>();
  /** Masked inputs that have had input, masked or waiting for imask. */
  private readonly inputs = new Map<FieldName, HTMLInputElement>();
  private engine: Promise<CreateMask | null> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly onChange: (name: FieldName, unmasked: string, shown: string) => void,
  ) {
    host.addController(this);
  }

  /** The brand the card number and the CVC follow, for masks built later. */
  private brand: CardBrand | null = null;

  /**
   * Listens to `root`'s inputs, once for all (call it once). Focus in a masked field starts loading
   * imask; an input whose field has a pattern is masked at its first input (typed, pasted or
   * autofilled) once imask is there, not at render: the mask formats what that input holds, and the
   * value is reported; later ones come through the mask. Other inputs and the select report their
   * value as it is.
   */
  attach(root: EventTarget): void {
    root.addEventListener('focusin', (event) => {
      if (PATTERNS[(event.target as HTMLInputElement).name as FieldName]) void this.load();
    });
    root.addEventListener('input', (event) => {
      const input = event.target as HTMLInputElement;
      const name = input.name as FieldName;
      const options = PATTERNS[name];
      if (!options) return this.onChange(name, input.value, input.value);
      if (this.masks.has(name)) return;
      this.inputs.set(name, input);
      this.onChange(name, rawDigits(options, input.value), input.value);
      void this.load().then((createMask) => createMask && this.build(createMask, name, input));
    });
  }

  /**
   * imask, loaded once; null when it could not be (the inputs waiting for it stay unformatted, and
   * the next focus or input in a masked field tries again).
   */
  private load(): Promise<CreateMask | null> {
    this.engine ??= loadMaskEngine().catch(() => {
      this.engine = null;
      return null;
    });
    return this.engine;
  }

  private build(createMask: CreateMask, name: FieldName, input: HTMLInputElement): void {
    const options = PATTERNS[name];
    if (!options || this.masks.has(name) || !input.isConnected) return;
    const mask = createMask(input, { mask: options.mask, prepare: options.prepare, lazy: true });
    mask.on('accept', () => this.onChange(name, mask.unmaskedValue, mask.value));
    this.masks.set(name, mask);
    this.followBrand(this.brand);
    this.onChange(name, mask.unmaskedValue, mask.value);
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

  /** Empties every masked input (after a token was made), with or without its mask yet. */
  clear(): void {
    for (const [name, input] of this.inputs) {
      const mask = this.masks.get(name);
      if (mask) mask.value = '';
      else if (input.value) {
        input.value = '';
        this.onChange(name, '', '');
      }
    }
  }

  hostDisconnected(): void {
    for (const mask of this.masks.values()) mask.destroy();
    this.masks.clear();
    this.inputs.clear();
  }
}
