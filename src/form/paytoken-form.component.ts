import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { failure } from '../tokenizer/deferred.js';
import type { TokenResult } from '../tokenizer/index.js';
import { EngineController } from './controllers/engine-controller.js';
import { FieldStateController } from './controllers/field-state-controller.js';
import { FormAssociationController } from './controllers/form-association-controller.js';
import { LanguageController } from './controllers/language-controller.js';
import type { FormEngine } from './engine/engine.js';
import { engineFailure } from './engine/engine-failure.js';
import { PaytokenErrorEvent, PaytokenTokenEvent } from './events.js';
import { methodsOf, type FieldSpec, type Method } from './fields.js';
import { BRAND_NAMES, renderField, renderPanels, renderPay, renderSummary, renderTabs } from './form-view.js';
import { moneySummary } from './money-summary.js';
import { formStyles } from './styles.js';

/**
 * `<paytoken-form>`: card and bank-account fields that turn into a token id, without the numbers ever
 * reaching the page. Use it alone (`tokenize()`, events), or inside a `<form>` with `name`, where it is
 * a form control: `:invalid`, `checkValidity()`, `reportValidity()`, reset and `disabled` work as for
 * an input (controllers/form-association-controller.ts).
 *
 * @example
 * <form action="/checkout" method="post">
 *   <paytoken-form name="tokenId" public-key="pk_…" api-url="https://pay.example.com" amount="100.00" card-fee="3.25" ach-fee="3.00"></paytoken-form>
 * </form>
 *
 * @fires paytoken-token  {PaytokenTokenEvent}  a token was made: `event.id`
 * @fires paytoken-error  {PaytokenErrorEvent}  `event.errorMessage`, `event.code`, `event.errors`
 * @fires paytoken-change {PaytokenChangeEvent} `event.method`, `event.brand`, `event.complete`, `event.valid`
 */
export class PaytokenForm extends LitElement {
  static override styles = formStyles;
  static formAssociated = true;
  static override properties = {
    publicKey: { attribute: 'public-key' },
    apiUrl: { attribute: 'api-url' },
    impersonationAccountKey: { attribute: 'impersonation-account-key' },
    methods: {},
    locale: {},
    payer: {},
    emailAddress: { attribute: 'email-address' },
    amount: {},
    cardFee: { attribute: 'card-fee' },
    achFee: { attribute: 'ach-fee' },
    name: { reflect: true },
    method: { state: true },
    pending: { state: true },
    alert: { state: true },
  };

  declare publicKey?: string;
  declare apiUrl?: string;
  declare impersonationAccountKey?: string;
  /** `card`, `ach`, or both (the default), separated by a space or a comma. */
  declare methods?: string;
  /** `en` or `es`; default: the page's language. */
  declare locale?: string;
  /** When set, the payer's name input is not shown. */
  declare payer?: string;
  declare emailAddress?: string;
  /** The amount due and each method's fee, in currency units, to show the total. */
  declare amount?: string;
  declare cardFee?: string;
  declare achFee?: string;
  declare name?: string;
  declare method: Method;
  declare pending: boolean;
  declare alert: string;

  /** Panels are rendered when first chosen, so the first render builds only one. */
  readonly #renderedMethods = new Set<Method>();
  #pendingResult: Promise<TokenResult> | null = null;
  readonly #language = new LanguageController(this);
  readonly #engine = new EngineController(this, (engine) => {
    this.#fields.arrived(engine);
    void engine.setUpFailure(this, engine.configOf(this)).then((failed) => failed && this.#fail(failed));
  });
  readonly #fields: FieldStateController = new FieldStateController(this, this.#engine, this.#language, () => {
    this.#association.tokenId = null;
  });
  readonly #association: FormAssociationController = new FormAssociationController(
    this,
    () => this.#fields.problem(),
    () => this.#engine.use((engine) => (this.alert = this.#fields.show(engine, this.#fields.invalid(engine)).summary)),
  );

  constructor() {
    super();
    this.method = 'card';
    this.pending = false;
    this.alert = '';
  }

  /** The form's language: the `locale` attribute, else the page's. */
  get language(): 'en' | 'es' {
    return this.#language.language;
  }

  get availableMethods(): Method[] {
    return methodsOf(this.methods);
  }

  /** As an input's: whether the fields are valid (or a token stands for them); fires `invalid` if not. */
  checkValidity(): boolean {
    return this.#association.internals.checkValidity();
  }

  /** `checkValidity()`, and when invalid, shows each problem and puts focus on the first. */
  reportValidity(): boolean {
    return this.#association.internals.reportValidity();
  }

  get validity(): ValidityState {
    return this.#association.internals.validity;
  }

  get validationMessage(): string {
    return this.#association.internals.validationMessage;
  }

  /**
   * Checks the fields and creates a token: the same result as `Paytoken.createToken`. While one is
   * pending, another call returns the same Promise and sends nothing. The first call before the
   * payer reached a field loads the form's engine first (the button shows it is working).
   */
  tokenize(): Promise<TokenResult> {
    if (this.#pendingResult) return this.#pendingResult;
    const engine = this.#engine.loaded;
    if (!engine) this.pending = true;
    this.#pendingResult = (engine ? Promise.resolve(engine) : this.#engine.load('pay'))
      .then(
        (loaded) => this.#tokenizeWith(loaded),
        (error: unknown) => this.#fail(engineFailure(error)),
      )
      .finally(() => {
        this.pending = false;
        this.#pendingResult = null;
      });
    return this.#pendingResult;
  }

  #tokenizeWith(engine: FormEngine): TokenResult | Promise<TokenResult> {
    this.#fields.check(engine);
    const invalid = this.#fields.invalid(engine);
    if (invalid.length) {
      const { errors, summary } = this.#fields.show(engine, invalid);
      this.alert = summary;
      const result = engine.fieldFailure(errors);
      void this.updateComplete.then(() => this.#focus(invalid[0]?.name));
      this.dispatchEvent(new PaytokenErrorEvent(result.errorMessage, result.code, result.errors));
      return result;
    }
    this.pending = true;
    this.alert = '';
    const request = engine.toTokenRequest(this.method, this.#fields.values, this);
    return engine.createToken(request, engine.configOf(this)).then(
      (result) => (result.success ? this.#succeed(result.id) : this.#fail(result)),
      () => this.#fail(failure('UNEXPECTED_RESPONSE')),
    );
  }

  /**
   * After a token, the payment it paid for failed (a decline): shows `message` in the form, which kept
   * the payer's name, e-mail and method, and puts focus on the card (or routing) number to try again.
   */
  showPaymentError(message: string): void {
    this.alert = message;
    this.#association.tokenId = null;
    this.#focus(this.method === 'card' ? 'cardNumber' : 'routingNumber');
  }

  /** Resolves once the form is rendered in its language, so a Spanish form's first one waits for Spanish. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.#language.rendered(() => super.getUpdateComplete());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('methods') || !this.hasUpdated) && !this.availableMethods.includes(this.method))
      this.method = this.availableMethods[0] as Method;
    this.#renderedMethods.add(this.method);
  }

  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#association.associate(form);
  }

  /** Disabled (itself or a fieldset around it): every input and Pay with it. Reset (next): as the form's own. */
  formDisabledCallback(): void {
    this.requestUpdate();
  }

  formResetCallback(): void {
    this.#fields.clear();
    this.#association.tokenId = null;
    this.alert = '';
    this.method = this.availableMethods[0] as Method;
  }

  /** A restored page gets its method back, nothing else; Chromium gives back the value (an old token) too: dropped. */
  formStateRestoreCallback(state: unknown): void {
    this.#association.tokenId = null;
    if (this.availableMethods.includes(state as Method)) this.method = state as Method;
  }

  /** Focus on a field (its id is its name) or a tab. */
  #focus(id?: string): void {
    this.renderRoot.querySelector<HTMLElement>(`#${id}`)?.focus();
  }

  #succeed(id: string): TokenResult {
    this.#fields.clear(true);
    this.#association.tokenId = id;
    this.dispatchEvent(new PaytokenTokenEvent(id));
    return { success: true, id };
  }

  #fail(result: Extract<TokenResult, { success: false }>): TokenResult {
    this.#fields.showFailure(result);
    this.alert = this.#language.message(result);
    this.dispatchEvent(new PaytokenErrorEvent(result.errorMessage, result.code, result.errors));
    return result;
  }

  #selectMethod(method: Method, focus?: boolean): void {
    this.method = method;
    this.alert = '';
    if (focus) void this.updateComplete.then(() => this.#focus(`tab-${method}`));
  }

  override render(): TemplateResult | typeof nothing {
    // Shown once in the form's language, not first in English; a server's form now (hydrate/hydrate.ts).
    if (this.#language.waiting && !this.renderRoot.childElementCount) return nothing;
    const [methods, language, fields] = [this.availableMethods, this.#language, this.#fields];
    const money = moneySummary(this.amount, this.method === 'card' ? this.cardFee : this.achFee);
    const field = (spec: FieldSpec) => renderField(spec, fields, language);
    const shared = fields.visible().filter((spec) => spec.method === 'both');
    // A fieldset: the element disabled (or a fieldset around it) disables all in it (a server: no `matches`).
    return html`<fieldset class="form" part="form" lang=${this.language} ?disabled=${this.matches?.(':disabled')}>
      ${methods.length > 1 ? renderTabs(methods, this.method, language, (method, focus) => this.#selectMethod(method, focus)) : nothing}
      ${money ? renderSummary(money, this.method, language) : nothing}
      ${shared.length ? html`<div class="panel">${shared.map(field)}</div>` : nothing}
      ${renderPanels(methods, this.method, this.#renderedMethods, field)}
      <div part="alert" class="alert" role="alert">${this.alert}</div>
      <div class="sr-only" role="status" aria-live="polite">
        ${fields.brand ? language.t('brand', { brand: BRAND_NAMES[fields.brand] }) : ''}
      </div>
      ${renderPay(this.pending, money, language, () => this.#association.pay())}
    </fieldset>`;
  }
}
