import type { ReactiveController } from 'lit';
import { cvcLength } from '../../shared/validators/cvc.js';
import type { CardBrand } from '../../shared/wire.js';
import type { ResultFieldError, TokenFailure } from '../../tokenizer/index.js';
import type { FeeDisclosure, FormEngine } from '../engine/engine.js';
import type { FeeHost } from '../engine/fee-disclosure.js';
import { PaytokenChangeEvent } from '../events.js';
import { FIELDS, fieldOfPath, type FieldName, type FieldSpec, type Method, type Values } from '../fields.js';
import type { EngineController } from './engine-controller.js';
import type { LanguageController } from './language-controller.js';
import { MaskController } from './mask-controller.js';

/** What the fields read of the form: its method, the inputs its attributes replace, and what its fee reads. */
export interface FieldsHost extends FeeHost, EventTarget {
  readonly renderRoot: EventTarget & ParentNode;
}

/** Why the form is not valid, for ElementInternals.setValidity. */
export interface Problem {
  flags: ValidityStateFlags;
  message: string;
  /** The first field to fix. */
  field: FieldName;
}

/**
 * What the payer entered and what is wrong with it: each field's value (the masked ones: their
 * digits), the code shown under each, and the card's brand, which the masks follow. Fields stay
 * quiet while what is typed can still become valid and explain themselves when left invalid; the
 * page hears of each change in one `paytoken-change`.
 */
export class FieldStateController implements ReactiveController {
  values: Values = {};
  errors: Partial<Record<FieldName, string>> = {};
  brand: CardBrand | null = null;
  /** The fee shown before Pay for what is typed (engine/fee-disclosure.ts), from the engine's first check on. */
  fees: FeeDisclosure | undefined;
  readonly #host: FieldsHost;
  readonly #engine: EngineController;
  readonly #language: LanguageController;
  readonly #edited: () => void;
  readonly #masks: MaskController;
  /** Fields changed since the last check: they wait for the engine when it is not here yet. */
  readonly #changed = new Set<FieldName>();
  /** A check is following the brand, or the form is being emptied: a value reported meanwhile waits in `#changed`. */
  #checking = false;
  #listening = false;

  /** `edited`: the payer changed a value (a token made before no longer stands for the fields). */
  constructor(host: FieldsHost, engine: EngineController, language: LanguageController, edited: () => void) {
    this.#host = host;
    this.#engine = engine;
    this.#language = language;
    this.#edited = edited;
    this.#masks = new MaskController(host, (name, value) => this.#handleValue(name, value));
    host.addController(this);
  }

  /** Listens to the inputs on the form's shadow root, once for all: the first render binds no listener to each. */
  hostConnected(): void {
    addEventListener('pagehide', this.#handlePageHide);
    if (this.#listening) return;
    this.#listening = true;
    const root = this.#host.renderRoot;
    this.#masks.attach(root);
    root.addEventListener('focusout', (event) =>
      this.#handleBlur((event.target as HTMLInputElement).name as FieldName),
    );
  }

  hostDisconnected(): void {
    removeEventListener('pagehide', this.#handlePageHide);
  }

  /**
   * The page goes into the browser's back-forward cache: no card, CVC or account number stays in it
   * to be shown again (the names and choices do, as after a token). e2e/form-bfcache.spec.ts.
   */
  readonly #handlePageHide = (event: PageTransitionEvent): void => {
    if (event.persisted) this.clear(true);
  };

  /** The engine came: what the payer did before it is masked, then checked. */
  arrived(engine: FormEngine): void {
    this.#masks.buildMasks(engine.createMask);
    this.check(engine);
  }

  /** The fields shown for `method`. */
  visible(method: Method = this.#host.method): FieldSpec[] {
    return FIELDS.filter(
      (spec) =>
        (spec.method === method || spec.method === 'both') &&
        !(spec.name === 'payer' && this.#host.payer) &&
        !(spec.name === 'emailAddress' && this.#host.emailAddress),
    );
  }

  /** The fields shown that are not valid; before the engine, only the empty ones can be known. */
  invalid(engine = this.#engine.loaded): FieldSpec[] {
    return this.visible().filter((spec) =>
      engine ? !engine.checkField(spec.name, this.values).isValid : !spec.optional && !this.values[spec.name],
    );
  }

  /** Why the form is not valid, or `null`: the first field to fix (missing, or wrong) and the summary. */
  problem(): Problem | null {
    const invalid = this.invalid();
    const first = invalid[0]?.name;
    if (!first) return null;
    return {
      flags: this.values[first] ? { badInput: true } : { valueMissing: true },
      message: this.#summary(invalid.length),
      field: first,
    };
  }

  /** "1 field needs your attention." / "3 fields need your attention." */
  #summary(count: number): string {
    return count === 1 ? this.#language.t('summaryOne') : this.#language.t('summaryMany', { count: String(count) });
  }

  /** A field's message: a CVC of the wrong length names the digits of the brand already known. */
  message(name: FieldName, code: string): string {
    if (name === 'cvc' && code === 'INVALID_CVC' && this.brand)
      return this.#language.t('cvcDigits', { digits: String(cvcLength(this.brand)) });
    return this.#language.message(code);
  }

  /** Shows every problem of `invalid` (as at Pay), and only those; returns them, and their summary for the alert. */
  show(engine: FormEngine, invalid: FieldSpec[]): { errors: ResultFieldError[]; summary: string } {
    const errors = invalid.map((spec) => {
      const code = engine.checkField(spec.name, this.values).code ?? 'VALIDATION_FAILED';
      return { field: spec.name, code, message: this.message(spec.name, code) };
    });
    this.#set(Object.fromEntries(errors.map((error) => [error.field, error.code])));
    return { errors, summary: this.#summary(errors.length) };
  }

  /** The service refused the token: its field problems show on the inputs they name. */
  showFailure(result: TokenFailure): void {
    this.#set({ ...this.errors, ...Object.fromEntries(result.errors.map((e) => [fieldOfPath(e.field), e.code])) });
  }

  /**
   * Checks the fields changed since the last check (one, once the engine is here; all those typed,
   * pasted or autofilled before it arrived), shows what is wrong already, follows the card's brand,
   * and tells the page in one `paytoken-change`.
   */
  check(engine: FormEngine): void {
    // The fee shown before Pay is a controller of the form from the engine's first check on.
    this.fees ??= engine.feeDisclosure(this.#host, this);
    if (!this.#changed.size || this.#checking) return;
    // The brand first: its grouping may cut the card number short (16 digits pasted, American
    // Express takes 15), and the mask then reports the shorter value, which is the one to check.
    // That report comes back through #handleValue while this runs, so it only joins #changed.
    if (this.#changed.has('cardNumber')) {
      const brand = engine.brandOf(this.values);
      if (brand !== this.brand) {
        this.#deferringChecks(() => this.#masks.followBrand(brand));
        this.brand = brand;
        // The CVC's length is the brand's: one typed for the last brand is checked again.
        if (this.values.cvc) this.#changed.add('cvc');
      }
    }
    const errors = { ...this.errors };
    for (const name of this.#changed) {
      const check = engine.checkField(name, this.values);
      errors[name] = check.isPotentiallyValid || !check.code ? undefined : check.code;
    }
    this.#changed.clear();
    this.#set(errors);
    this.tell(engine);
  }

  /** Tells the page in one `paytoken-change` (after a check, or when the fee shown changed). */
  tell(engine: FormEngine): void {
    // complete: every field is valid; valid: no field is wrong yet (each is valid or still can be).
    const checks = this.visible().map((spec) => engine.checkField(spec.name, this.values));
    this.#host.dispatchEvent(
      new PaytokenChangeEvent(
        this.#host.method,
        this.brand,
        checks.every((c) => c.isValid),
        checks.every((c) => c.isPotentiallyValid),
      ),
    );
  }

  /**
   * Empties the inputs: no card or account number stays anywhere after a token (emptying
   * a masked input reports its new value, so `values` forgets it too). With `keepNames`, the
   * payer's name, e-mail, names on the account and choices stay, for a decline the page reports
   * after the token.
   */
  clear(keepNames?: boolean): void {
    // Each emptied masked field reports itself: they are checked once, below, in one paytoken-change.
    this.#deferringChecks(() => this.#masks.clear());
    if (!keepNames) {
      for (const input of this.#host.renderRoot.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
        input.value = '';
      this.values = {};
    }
    this.#set({});
    this.brand = null;
    this.#masks.followBrand(null);
    const engine = this.#engine.loaded;
    if (engine) this.check(engine);
  }

  #set(errors: Partial<Record<FieldName, string>>): void {
    this.errors = errors;
    this.#host.requestUpdate();
  }

  #handleValue(name: FieldName, value: string): void {
    this.values = { ...this.values, [name]: value };
    this.#changed.add(name);
    this.#edited();
    this.#host.requestUpdate();
    this.#engine.use((engine) => this.check(engine));
  }

  /** Runs `change`; a value reported meanwhile only joins `#changed`, for the check that follows. */
  #deferringChecks(change: () => void): void {
    this.#checking = true;
    try {
      change();
    } finally {
      this.#checking = false;
    }
  }

  #handleBlur(name: FieldName): void {
    // Leaving a tab or a button (no name, no value) checks nothing.
    if (!this.values[name]) return;
    this.#engine.use((engine) => {
      const check = engine.checkField(name, this.values);
      if (!check.isValid) this.#set({ ...this.errors, [name]: check.code });
    });
  }
}
