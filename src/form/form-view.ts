/** How `<paytoken-form>` shows its tabs, panels, fields, money summary and Pay button (paytoken-form.component.ts lays them out). */
import { html, nothing, type TemplateResult } from 'lit';
import { ACCOUNT_TYPES, type CardBrand } from '../shared/wire.js';
import type { FieldStateController } from './controllers/field-state-controller.js';
import type { LanguageController } from './controllers/language-controller.js';
import { FIELDS, type FieldName, type FieldSpec, type Method } from './fields.js';
import { formatDollars } from '../shared/money.js';
import type { MoneySummary } from './money-summary.js';
import type { FeeNote } from './engine/engine.js';

export const BRAND_NAMES: Record<CardBrand, string> = {
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
 * The amount due, the chosen method's fee (when there is one: the card's, else the page's) and the
 * total; `note` replaces the fee's label (a debit card without a fee, a fee not confirmed). The
 * summary is a polite live region: a change (another card's fee) is read out when it happens.
 */
export function renderSummary(
  money: MoneySummary,
  method: Method,
  language: LanguageController,
  note?: FeeNote | null,
): TemplateResult {
  return html`<dl class="summary" part="summary" aria-live="polite">
    <dt>${language.t('amountDue')}</dt>
    <dd>${formatDollars(money.amountDue)}</dd>
    ${
      money.fee === null
        ? nothing
        : html`<dt>${note ? language.message(note) : language.t(method === 'card' ? 'cardFee' : 'achFee')}</dt>
            <dd>${formatDollars(money.fee)}</dd>`
    }
    <dt class="total">${language.t('total')}</dt>
    <dd class="total">${formatDollars(money.total)}</dd>
  </dl>`;
}

/** One field: its label, its input (or select), the brand in the card number, and its message. */
export function renderField(
  spec: FieldSpec,
  fields: FieldStateController,
  language: LanguageController,
): TemplateResult {
  const code = fields.errors[spec.name];
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
          <option value="">${language.t('chooseAccountType')}</option>
          ${ACCOUNT_TYPES.map((type) => html`<option value=${type}>${language.t(type)}</option>`)}
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
    <label part="label" for=${spec.name}>${language.t(spec.name)}</label>
    <div class="control">
      ${control}
      ${spec.name === 'cardNumber' && fields.brand ? html`<span part="brand" class="brand" aria-hidden="true">${BRAND_NAMES[fields.brand]}</span>` : nothing}
    </div>
    <div part="error" class="error" id=${errorId}>${code ? fields.message(spec.name, code) : ''}</div>
  </div>`;
}

/** One tab per method; the arrow keys move between them (and `select` the one they reach with focus). */
export function renderTabs(
  methods: Method[],
  chosen: Method,
  language: LanguageController,
  select: (method: Method, focus?: boolean) => void,
): TemplateResult {
  const handleKey = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    select(methods[(methods.indexOf(chosen) + step + methods.length) % methods.length] as Method, true);
  };
  return html`<div class="tabs" part="tabs" role="tablist" aria-label=${language.t('methods')} @keydown=${handleKey}>
    ${methods.map(
      (method) =>
        html`<button
          part="tab"
          class="tab"
          type="button"
          role="tab"
          id="tab-${method}"
          aria-controls="panel-${method}"
          aria-selected=${method === chosen ? 'true' : 'false'}
          tabindex=${method === chosen ? 0 : -1}
          @click=${() => select(method)}
        >
          ${language.t(method)}
        </button>`,
    )}
  </div>`;
}

/** A panel per method, only the chosen one shown; a panel's fields are rendered once it was chosen (`rendered`). */
export function renderPanels(
  methods: Method[],
  chosen: Method,
  rendered: Set<Method>,
  field: (spec: FieldSpec) => TemplateResult,
): TemplateResult[] {
  const tabs = methods.length > 1;
  return methods.map(
    (method) =>
      html`<div
        class="panel"
        id="panel-${method}"
        role=${tabs ? 'tabpanel' : nothing}
        aria-labelledby=${tabs ? `tab-${method}` : nothing}
        ?hidden=${method !== chosen}
      >
        ${rendered.has(method) ? FIELDS.filter((spec) => spec.method === method).map(field) : nothing}
      </div>`,
  );
}

/** The Pay button: "Pay $103.25" with an amount, "Processing…" while a token is on its way. */
export function renderPay(
  pending: boolean,
  money: MoneySummary | null,
  language: LanguageController,
  pay: () => void,
): TemplateResult {
  const label = pending
    ? language.t('processing')
    : money
      ? language.t('payAmount', { amount: formatDollars(money.total) })
      : language.t('pay');
  return html`<button
    part="button"
    class="pay"
    type="button"
    ?disabled=${pending}
    aria-busy=${pending ? 'true' : 'false'}
    @click=${pay}
  >
    ${label}
  </button>`;
}
