/** How `<paytoken-form>` shows its tabs, a field and its money summary (paytoken-form.component.ts lays them out). */
import { html, nothing, type TemplateResult } from 'lit';
import { ACCOUNT_TYPES, type CardBrand } from '../shared/wire.js';
import type { FieldStateController } from './controllers/field-state-controller.js';
import type { LanguageController } from './controllers/language-controller.js';
import type { FieldName, FieldSpec, Method } from './fields.js';
import { formatMoney, type MoneySummary } from './money-summary.js';

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

/** The amount due, the chosen method's fee (when the page gave one) and the total. */
export function renderSummary(money: MoneySummary, method: Method, language: LanguageController): TemplateResult {
  const format = (cents: number) => formatMoney(cents, language.language);
  return html`<dl class="summary" part="summary">
    <dt>${language.t('amountDue')}</dt>
    <dd>${format(money.amountDue)}</dd>
    ${
      money.fee === null
        ? nothing
        : html`<dt>${language.t(method === 'card' ? 'cardFee' : 'achFee')}</dt>
            <dd>${format(money.fee)}</dd>`
    }
    <dt class="total">${language.t('total')}</dt>
    <dd class="total">${format(money.total)}</dd>
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

/** One tab per method; the arrow keys move between them (`handleKey`). */
export function renderTabs(
  methods: Method[],
  chosen: Method,
  language: LanguageController,
  select: (method: Method) => void,
  handleKey: (event: KeyboardEvent) => void,
): TemplateResult {
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
