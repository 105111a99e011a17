import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { parseAmount } from '../shared/money.js';
import { ACCOUNT_TYPES, type CardBrand } from '../shared/wire.js';
import { messageOf } from '../shared/messages/catalog.js';
import { cvcLength } from '../shared/validators/cvc.js';
import { failure, resolveConfig } from '../tokenizer/deferred.js';
import type { ResultFieldError, TokenResult } from '../tokenizer/index.js';
import { MaskController } from './controllers/mask-controller.js';
import type { FormEngine } from './engine/engine.js';
import { engineFailure, type Retry } from './engine/engine-failure.js';
import { engineIfLoaded, loadEngine } from './engine/load-engine.js';
import { PaytokenChangeEvent, PaytokenErrorEvent, PaytokenTokenEvent } from './events.js';
import {
  FIELDS,
  fieldOfPath,
  toTokenRequest,
  type FieldName,
  type FieldSpec,
  type Method,
  type Values,
} from './fields.js';
import type { Label } from './labels.js';
import { ENGLISH, catalogOf, failureMessage, formLabel, loadCatalog } from './locale.js';
import type { FormCatalog, FormLocale } from './locales/types.js';
import { formStyles } from './styles.js';

const BRAND_NAMES: Record<CardBrand, string> = {
  Visa: 'Visa',
  MasterCard: 'Mastercard',
  AmericanExpress: 'American Express',
  Discover: 'Discover',
  Jcb: 'JCB',
  DinersClub: 'Diners Club',
  UnionPay: 'UnionPay',
};
const HALF_WIDTH: FieldName[] = ['expiry', 'cvc', 'routingNumber', 'accountType'];

/**
 * `<paytoken-form>`: card and bank-account fields that turn into a token id, without the numbers ever
 * reaching the page. Use it alone (`tokenize()`, events), or inside a `<form>` with `name`.
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
    errors: { state: true },
    pending: { state: true },
    brand: { state: true },
    alert: { state: true },
    announcement: { state: true },
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
  declare errors: Partial<Record<FieldName, string>>;
  declare pending: boolean;
  declare brand: CardBrand | null;
  declare alert: string;
  declare announcement: string;

  #values: Values = {};
  /** Fields changed since the last check: they wait for the engine when it is not here yet. */
  readonly #changed = new Set<FieldName>();
  /** A check is following the brand, or the form is being emptied: a value reported meanwhile waits in `#changed`. */
  #checking = false;
  /** Panels are rendered when first chosen, so the first render builds only one. */
  readonly #renderedMethods = new Set<Method>();
  #tokenId: string | null = null;
  /** The last render waited for the form's language to load. */
  #waitingForLanguage = false;
  #pendingResult: Promise<TokenResult> | null = null;
  readonly #internals: ElementInternals;
  readonly #masks = new MaskController(this, (name, unmasked) => this.#handleValue(name, unmasked));

  constructor() {
    super();
    this.#internals = this.attachInternals();
    this.method = 'card';
    this.errors = {};
    this.pending = false;
    this.brand = null;
    this.alert = '';
    this.announcement = '';
  }

  /** The form's language: the `locale` attribute, else the page's. */
  get language(): FormLocale {
    const wanted = (this.locale ?? document.documentElement.lang ?? 'en').toLowerCase();
    return wanted.startsWith('es') ? 'es' : 'en';
  }

  get availableMethods(): Method[] {
    const listed = (this.methods ?? 'card ach').split(/[\s,]+/).filter((m): m is Method => m === 'card' || m === 'ach');
    return listed.length ? [...new Set(listed)] : ['card', 'ach'];
  }

  /**
   * Checks the fields and creates a token: the same result as `Paytoken.createToken`. While one is
   * pending, another call returns the same Promise and sends nothing. The first call before the
   * payer reached a field loads the form's engine first (the button shows it is working).
   */
  tokenize(): Promise<TokenResult> {
    if (this.#pendingResult) return this.#pendingResult;
    const engine = engineIfLoaded();
    if (!engine) this.pending = true;
    this.#pendingResult = (engine ? Promise.resolve(engine) : this.#engine('pay'))
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
    this.#checkChanged(engine);
    const invalid = this.#visibleFields().filter((spec) => !engine.checkField(spec.name, this.#values).isValid);
    if (invalid.length) return this.#showInvalid(engine, invalid);
    this.pending = true;
    this.alert = '';
    const request = toTokenRequest(this.method, this.#values, { payer: this.payer, emailAddress: this.emailAddress });
    return engine.createToken(request, this.#config).then(
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
    this.#tokenId = null;
    this.renderRoot.querySelector<HTMLElement>(this.method === 'card' ? '#cardNumber' : '#routingNumber')?.focus();
  }

  /** A disabled element (its own `disabled` or a disabled fieldset) has no live Pay button. */
  formDisabledCallback(): void {
    this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.availableMethods.includes(this.method)) this.method = this.availableMethods[0] as Method;
  }

  /** Resolves once the form is rendered in its language, so a Spanish form's first one waits for Spanish. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.#waitingForLanguage) {
      await loadCatalog(this.language);
      this.requestUpdate();
      complete = await super.getUpdateComplete();
    }
    return complete;
  }

  /** On the shadow root, once: no listener is bound to each input in the first render. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    this.#masks.attach(root);
    root.addEventListener('focusout', (event) =>
      this.#handleBlur((event.target as HTMLInputElement).name as FieldName),
    );
    // The payer reached a field: the engine comes now (again, if it could not before).
    root.addEventListener('focusin', (event) => {
      if ((event.target as HTMLInputElement).name) void this.#loadEngine('again');
    });
    return root;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('methods') && !this.availableMethods.includes(this.method))
      this.method = this.availableMethods[0] as Method;
    this.#renderedMethods.add(this.method);
  }

  /** Inside a `<form>`: its submit first tokenizes, then goes on with only the token id as this element's value. */
  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#outerForm?.removeEventListener('submit', this.#handleOuterSubmit, true);
    this.#outerForm = form;
    form?.addEventListener('submit', this.#handleOuterSubmit, true);
  }

  formResetCallback(): void {
    this.#clear();
    this.#tokenId = null;
    this.#internals.setFormValue(null);
  }

  #outerForm: HTMLFormElement | null = null;

  readonly #handleOuterSubmit = (event: SubmitEvent): void => {
    if (!this.name || this.#tokenId) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void this.tokenize().then((result) => {
      if (result.success)
        this.#outerForm?.requestSubmit(
          event.submitter instanceof HTMLElement && event.submitter.getRootNode() === document ? event.submitter : null,
        );
    });
  };

  /** The form's language, or English while it is still loading. */
  get #catalog(): FormCatalog {
    return catalogOf(this.language) ?? ENGLISH;
  }

  #t(label: Label, params?: Record<string, string>): string {
    return formLabel(this.#catalog, label, params);
  }

  #visibleFields(method: Method = this.method): FieldSpec[] {
    return FIELDS.filter(
      (spec) =>
        (spec.method === method || spec.method === 'both') &&
        !(spec.name === 'payer' && this.payer) &&
        !(spec.name === 'emailAddress' && this.emailAddress),
    );
  }

  /** The message of a field code in the form's language. */
  #message(code: string): string {
    return messageOf(this.#catalog.messages, code);
  }

  /** A field's message: a CVC of the wrong length names the digits of the brand already known. */
  #fieldMessage(name: FieldName, code: string): string {
    if (name === 'cvc' && code === 'INVALID_CVC' && this.brand)
      return this.#t('cvcDigits', { digits: String(cvcLength(this.brand)) });
    return this.#message(code);
  }

  #handleValue(name: FieldName, value: string): void {
    this.#values = { ...this.#values, [name]: value };
    this.#tokenId = null;
    this.#changed.add(name);
    const engine = engineIfLoaded();
    if (engine) this.#checkChanged(engine);
    else void this.#loadEngine();
  }

  /**
   * The engine (one load for every form on the page; `retry` tries a failed one again), then, for
   * what the payer did before it came: the masks first, so their values are the ones checked.
   */
  #engine(retry?: Retry): Promise<FormEngine> {
    return loadEngine(retry).then((engine) => {
      this.#masks.buildMasks(engine.createMask);
      this.#checkChanged(engine);
      // Its set-up is checked once, before the payer types (engine/set-up.ts).
      void engine.setUpFailure(this, this.#config).then((failed) => failed && this.#fail(failed));
      return engine;
    });
  }

  /** This form's attributes over the script tag's configuration and `Paytoken.configure`'s. */
  get #config() {
    const { publicKey, apiUrl, impersonationAccountKey } = this;
    return resolveConfig({ publicKey, apiUrl, impersonationAccountKey });
  }

  /** `#engine`, for a caller that goes on without it when it cannot come. */
  #loadEngine(retry?: Retry): Promise<FormEngine | undefined> {
    return this.#engine(retry).catch(() => undefined);
  }

  /**
   * Checks the fields changed since the last check (one, once the engine is here; all those typed,
   * pasted or autofilled before it arrived), shows what is wrong already, follows the card's brand,
   * and tells the page in one `paytoken-change`.
   */
  #checkChanged(engine: FormEngine): void {
    if (!this.#changed.size || this.#checking) return;
    // The brand first: its grouping may cut the card number short (16 digits pasted, American
    // Express takes 15), and the mask then reports the shorter value, which is the one to check.
    // That report comes back through #handleValue while this runs, so it only joins #changed.
    if (this.#changed.has('cardNumber')) {
      const brand = engine.brandOf(this.#values);
      if (brand !== this.brand) {
        this.#deferringChecks(() => this.#masks.followBrand(brand));
        this.brand = brand;
        this.announcement = brand ? this.#t('brand', { brand: BRAND_NAMES[brand] }) : '';
        // The CVC's length is the brand's: one typed for the last brand is checked again.
        if (this.#values.cvc) this.#changed.add('cvc');
      }
    }
    const errors = { ...this.errors };
    for (const name of this.#changed) {
      const check = engine.checkField(name, this.#values);
      errors[name] = check.isPotentiallyValid || !check.code ? undefined : check.code;
    }
    this.#changed.clear();
    this.errors = errors;
    // complete: every field is valid; valid: no field is wrong yet (each is valid or still can be).
    const checks = this.#visibleFields().map((spec) => engine.checkField(spec.name, this.#values));
    this.dispatchEvent(
      new PaytokenChangeEvent(
        this.method,
        this.brand,
        checks.every((c) => c.isValid),
        checks.every((c) => c.isPotentiallyValid),
      ),
    );
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
    if (!this.#values[name]) return;
    const engine = engineIfLoaded();
    if (!engine) return void this.#loadEngine().then((loaded) => loaded && this.#handleBlur(name));
    const check = engine.checkField(name, this.#values);
    if (!check.isValid) this.errors = { ...this.errors, [name]: check.code };
  }

  #showInvalid(engine: FormEngine, invalid: FieldSpec[]): TokenResult {
    const errors: ResultFieldError[] = invalid.map((spec) => {
      const code = engine.checkField(spec.name, this.#values).code ?? 'VALIDATION_FAILED';
      return { field: spec.name, code, message: this.#fieldMessage(spec.name, code) };
    });
    this.errors = Object.fromEntries(errors.map((error) => [error.field, error.code]));
    this.alert = errors.length === 1 ? this.#t('summaryOne') : this.#t('summaryMany', { count: String(errors.length) });
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`[name="${invalid[0]?.name}"]`)?.focus(),
    );
    const result = engine.fieldFailure(errors);
    this.dispatchEvent(new PaytokenErrorEvent(result.errorMessage, result.code, result.errors));
    return result;
  }

  #succeed(id: string): TokenResult {
    this.#clear(true);
    this.#tokenId = id;
    this.#internals.setFormValue(this.name ? id : null);
    this.dispatchEvent(new PaytokenTokenEvent(id));
    return { success: true, id };
  }

  #fail(result: Extract<TokenResult, { success: false }>): TokenResult {
    const errors = Object.fromEntries(result.errors.map((error) => [fieldOfPath(error.field), error.code]));
    this.errors = { ...this.errors, ...errors };
    this.alert = failureMessage(this.#catalog, result);
    this.dispatchEvent(new PaytokenErrorEvent(result.errorMessage, result.code, result.errors));
    return result;
  }

  /**
   * Empties the inputs: no card or account number stays anywhere after a token (emptying a masked
   * input reports its new value, so `values` forgets it too). With `keepNames`, the payer's name,
   * e-mail, names on the account and choices stay, for a decline the page reports after the token.
   */
  #clear(keepNames?: boolean): void {
    // Each emptied masked field reports itself: they are checked once, below, in one paytoken-change.
    this.#deferringChecks(() => this.#masks.clear());
    if (!keepNames) {
      for (const input of this.renderRoot.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
        input.value = '';
      this.#values = {};
    }
    this.errors = {};
    this.brand = null;
    this.#masks.followBrand(null);
    const engine = engineIfLoaded();
    if (engine) this.#checkChanged(engine);
  }

  #selectMethod(method: Method, focus = false): void {
    this.method = method;
    this.alert = '';
    if (focus)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${method}`)?.focus());
  }

  readonly #handleTabKey = (event: KeyboardEvent): void => {
    const methods = this.availableMethods;
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    this.#selectMethod(
      methods[(methods.indexOf(this.method) + step + methods.length) % methods.length] as Method,
      true,
    );
  };

  #money(amount: string | undefined): number | null {
    const parsed = amount === undefined ? null : parseAmount(amount);
    return parsed?.ok ? parsed.cents : null;
  }

  #format(cents: number): string {
    return new Intl.NumberFormat(this.language === 'es' ? 'es-US' : 'en-US', {
      style: 'currency',
      currency: 'USD',
    }).format(cents / 100);
  }

  #renderSummary(): TemplateResult | typeof nothing {
    const due = this.#money(this.amount);
    if (due === null) return nothing;
    const fee = this.#money(this.method === 'card' ? this.cardFee : this.achFee);
    return html`<dl class="summary" part="summary">
      <dt>${this.#t('amountDue')}</dt>
      <dd>${this.#format(due)}</dd>
      ${
        fee === null
          ? nothing
          : html`<dt>${this.#t(this.method === 'card' ? 'cardFee' : 'achFee')}</dt>
              <dd>${this.#format(fee)}</dd>`
      }
      <dt class="total">${this.#t('total')}</dt>
      <dd class="total">${this.#format(due + (fee ?? 0))}</dd>
    </dl>`;
  }

  #renderField(spec: FieldSpec): TemplateResult {
    const code = this.errors[spec.name];
    const errorId = `${spec.name}-error`;
    const common = { invalid: code ? 'true' : 'false', describedBy: code ? errorId : nothing };
    const control =
      spec.name === 'accountType'
        ? html`<select
            part="input"
            id=${spec.name}
            name=${spec.name}
            aria-invalid=${common.invalid}
            aria-describedby=${common.describedBy}
          >
            <option value="">${this.#t('chooseAccountType')}</option>
            ${ACCOUNT_TYPES.map((type) => html`<option value=${type}>${this.#t(type)}</option>`)}
          </select>`
        : html`<input
            part="input"
            id=${spec.name}
            name=${spec.name}
            type=${spec.name === 'emailAddress' ? 'email' : 'text'}
            autocomplete=${spec.autocomplete ?? 'off'}
            inputmode=${spec.numeric ? 'numeric' : nothing}
            spellcheck="false"
            aria-invalid=${common.invalid}
            aria-describedby=${common.describedBy}
          />`;
    return html`<div part="field" class="field ${HALF_WIDTH.includes(spec.name) ? 'half' : ''}">
      <label part="label" for=${spec.name}>${this.#t(spec.name)}</label>
      <div class="control">
        ${control}
        ${spec.name === 'cardNumber' && this.brand ? html`<span part="brand" class="brand" aria-hidden="true">${BRAND_NAMES[this.brand]}</span>` : nothing}
      </div>
      <div part="error" class="error" id=${errorId}>${code ? this.#fieldMessage(spec.name, code) : ''}</div>
    </div>`;
  }

  override render(): TemplateResult | typeof nothing {
    const language = this.language;
    this.#waitingForLanguage = !catalogOf(language);
    if (this.#waitingForLanguage) {
      // Shown once in the form's language rather than first in English (~one request to the service).
      void loadCatalog(language).then(() => this.requestUpdate());
      return nothing;
    }
    const methods = this.availableMethods;
    const total = this.#money(this.amount);
    const fee = this.#money(this.method === 'card' ? this.cardFee : this.achFee) ?? 0;
    const label = this.pending
      ? this.#t('processing')
      : total === null
        ? this.#t('pay')
        : this.#t('payAmount', { amount: this.#format(total + fee) });
    const shared = this.#visibleFields().filter((spec) => spec.method === 'both');
    return html`<div class="form" part="form" lang=${this.language}>
      ${
        methods.length > 1
          ? html`<div
              class="tabs"
              part="tabs"
              role="tablist"
              aria-label=${this.#t('methods')}
              @keydown=${this.#handleTabKey}
            >
              ${methods.map(
                (method) =>
                  html`<button
                    part="tab"
                    class="tab"
                    type="button"
                    role="tab"
                    id="tab-${method}"
                    aria-controls="panel-${method}"
                    aria-selected=${method === this.method ? 'true' : 'false'}
                    tabindex=${method === this.method ? 0 : -1}
                    @click=${() => this.#selectMethod(method)}
                  >
                    ${this.#t(method)}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      ${this.#renderSummary()}
      ${shared.length ? html`<div class="panel">${shared.map((spec) => this.#renderField(spec))}</div>` : nothing}
      ${methods.map(
        (method) =>
          html`<div
            class="panel"
            id="panel-${method}"
            role=${methods.length > 1 ? 'tabpanel' : nothing}
            aria-labelledby=${methods.length > 1 ? `tab-${method}` : nothing}
            ?hidden=${method !== this.method}
          >
            ${this.#renderedMethods.has(method) ? FIELDS.filter((spec) => spec.method === method).map((spec) => this.#renderField(spec)) : nothing}
          </div>`,
      )}
      <div part="alert" class="alert" role="alert">${this.alert}</div>
      <div class="sr-only" role="status" aria-live="polite">${this.announcement}</div>
      <button
        part="button"
        class="pay"
        type="button"
        ?disabled=${this.pending || this.matches(':disabled')}
        aria-busy=${this.pending ? 'true' : 'false'}
        @click=${() => (this.name && this.#outerForm ? this.#outerForm.requestSubmit() : void this.tokenize())}
      >
        ${label}
      </button>
    </div>`;
  }
}
