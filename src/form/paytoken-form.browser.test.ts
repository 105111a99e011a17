/**
 * `<paytoken-form>` as a component, in a real Chromium (Vitest browser mode), against the real service
 * (e2e/support/component-service.ts starts it). The payer's side is driven with real key presses.
 */
import axe from 'axe-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import './define.js';
import type { PaytokenForm } from './paytoken-form.component.js';

const { url, publicKey } = inject('paytokenService');

/** Puts `markup` on the page and waits for its form's first render. */
async function mount(markup: string): Promise<PaytokenForm> {
  document.body.innerHTML = markup;
  const form = document.querySelector('paytoken-form') as PaytokenForm;
  await form.updateComplete;
  return form;
}

const formTag = (attributes = '') =>
  `<paytoken-form public-key="${publicKey}" api-url="${url}" amount="100.00" card-fee="3.25" ach-fee="3.00" ${attributes}></paytoken-form>`;

const part = <T extends HTMLElement = HTMLInputElement>(form: PaytokenForm, selector: string): T => {
  const element = form.shadowRoot?.querySelector<T>(selector);
  if (!element) throw new Error(`${selector} is not in the form`);
  return element;
};

const payButton = (form: PaytokenForm) => part<HTMLButtonElement>(form, 'button.pay');

/** Types into one input as a payer does: focus, then one key at a time. */
async function typeInto(form: PaytokenForm, id: string, text: string): Promise<HTMLInputElement> {
  const input = part(form, `#${id}`);
  await userEvent.type(input, text);
  await form.updateComplete;
  return input;
}

async function fillVisa(form: PaytokenForm): Promise<void> {
  await typeInto(form, 'payer', 'Ada Lovelace');
  await typeInto(form, 'emailAddress', 'ada@example.com');
  await typeInto(form, 'cardHolder', 'Ada Lovelace');
  await typeInto(form, 'cardNumber', '4242424242424242');
  await typeInto(form, 'expiry', '1230');
  await typeInto(form, 'cvc', '123');
  await typeInto(form, 'postalCode', '12345');
}

/** The token requests this page has actually sent, as the browser's own resource timing saw them. */
const tokenRequests = () =>
  performance.getEntriesByType('resource').filter((entry) => entry.name === `${url}/api/v1/tokens`).length;

async function axeViolations(form: PaytokenForm): Promise<string[]> {
  const results = await axe.run(form, { resultTypes: ['violations'] });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = 'en';
});

describe('<paytoken-form> in a browser', () => {
  it('renders the card fields, the total with the card fee and one Pay button', async () => {
    const form = await mount(formTag());
    for (const id of ['payer', 'emailAddress', 'cardHolder', 'cardNumber', 'expiry', 'cvc', 'postalCode'])
      expect(form.shadowRoot?.querySelector(`#${id}`), id).not.toBeNull();
    expect(form.shadowRoot?.querySelector('#routingNumber')).toBeNull();
    expect(part(form, 'dd.total').textContent).toContain('103.25');
    expect(payButton(form).textContent).toContain('Pay');
    expect(part(form, '[role="tab"][aria-selected="true"]').id).toBe('tab-card');
  });

  it('has no axe violations empty, with its errors shown, and on the bank tab', async () => {
    const form = await mount(formTag());
    expect(await axeViolations(form)).toEqual([]);

    const result = await form.tokenize();
    await form.updateComplete;
    expect(result.success).toBe(false);
    expect(part(form, '.alert').textContent).not.toBe('');
    expect(await axeViolations(form)).toEqual([]);

    await userEvent.click(part(form, '#tab-ach'));
    await form.updateComplete;
    expect(await axeViolations(form)).toEqual([]);
  });

  it.each([
    ['Visa', '4242424242424242', '4242 4242 4242 4242'],
    ['American Express', '378282246310005', '3782 822463 10005'],
    ['Diners Club', '36227206271667', '3622 720627 1667'],
    ['Mastercard', '5555555555554444', '5555 5555 5555 4444'],
  ])('groups a %s number as it is typed', async (brand, digits, shown) => {
    const form = await mount(formTag());
    const input = await typeInto(form, 'cardNumber', digits);
    // imask arrives as its own chunk at the first focus: the grouping may follow the last digit.
    await expect.poll(() => input.value).toBe(shown);
    expect(part(form, '[role="status"]').textContent).toContain(brand);
  });

  it('takes only digits where only digits belong, and writes the expiry as MM/YY', async () => {
    const form = await mount(formTag());
    const expiry = await typeInto(form, 'expiry', '1a2/30');
    await expect.poll(() => expiry.value).toBe('12/30');
    const cvc = await typeInto(form, 'cvc', '12x34');
    await expect.poll(() => cvc.value).toBe('1234');

    await userEvent.click(part(form, '#tab-ach'));
    await form.updateComplete;
    const routing = await typeInto(form, 'routingNumber', '0110-0001 5x');
    await expect.poll(() => routing.value).toBe('011000015');
  });

  it('sends one token request when tokenize() is called twice, and clears the card after', async () => {
    const form = await mount(formTag());
    await fillVisa(form);
    const before = tokenRequests();

    const first = form.tokenize();
    const second = form.tokenize();
    expect(second).toBe(first);
    const result = await first;
    if (!result.success) throw new Error(`No token: ${result.errorMessage}`);
    expect(result.id).toMatch(/^\S+$/);
    expect(tokenRequests() - before).toBe(1);

    await form.updateComplete;
    expect(part(form, '#cardNumber').value).toBe('');
    expect(part(form, '#cvc').value).toBe('');
    expect(payButton(form).disabled).toBe(false);
  });

  it('switches between English and Spanish with its locale, and follows the page language', async () => {
    const form = await mount(formTag('locale="es"'));
    expect(part(form, 'label[for="cardNumber"]').textContent).toContain('Número de tarjeta');
    expect(payButton(form).textContent).toContain('Pagar');

    form.locale = 'en';
    await form.updateComplete;
    expect(part(form, 'label[for="cardNumber"]').textContent).toContain('Card number');
    expect(payButton(form).textContent).toContain('Pay');

    form.removeAttribute('locale');
    form.locale = undefined;
    document.documentElement.lang = 'es-MX';
    form.requestUpdate();
    await form.updateComplete;
    expect(payButton(form).textContent).toContain('Pagar');
    expect(part(form, '.form').lang).toBe('es');
  });
});

/** A `<form>` around the element (named `tokenId` unless `attributes` say otherwise). */
async function mountInForm(attributes = 'name="tokenId"', around = (tag: string) => tag): Promise<PaytokenForm> {
  const form = await mount(`<form id="checkout">${around(formTag(attributes))}</form>`);
  return form;
}

const outerForm = () => document.getElementById('checkout') as HTMLFormElement;
const focusedId = (form: PaytokenForm) => (form.shadowRoot?.activeElement as HTMLElement | null)?.id;

describe('<paytoken-form> as a control of the outer form', () => {
  it('is :invalid while a field is missing, with the first missing field as the anchor', async () => {
    const form = await mountInForm();
    expect(form.matches(':invalid')).toBe(true);
    expect(form.checkValidity()).toBe(false);
    expect(outerForm().checkValidity()).toBe(false);
    expect(form.validity.valueMissing).toBe(true);
    expect(form.validationMessage).toBe('6 fields need your attention.');

    expect(form.reportValidity()).toBe(false);
    await form.updateComplete;
    expect(focusedId(form)).toBe('payer');
  });

  it('shows the problems at a checkValidity() too, without moving the payer', async () => {
    const form = await mountInForm();
    const name = await typeInto(form, 'payer', 'Ada Lovelace');
    expect(outerForm().checkValidity()).toBe(false);
    await expect.poll(() => part(form, '#emailAddress-error').textContent).toBe('Email address is required.');
    expect(part(form, '.alert').textContent).toBe('5 fields need your attention.');
    expect(form.shadowRoot?.activeElement).toBe(name);
  });

  it('in a form with novalidate, the submit still tokenizes first: nothing goes while a field is wrong', async () => {
    const form = await mountInForm('name="tokenId"');
    outerForm().noValidate = true;
    const submitted: (FormDataEntryValue | null)[] = [];
    outerForm().addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push(new FormData(outerForm()).get('tokenId'));
    });
    outerForm().requestSubmit();
    await expect.poll(() => part(form, '#payer-error').textContent).toBe('Payer name is required.');
    expect(submitted).toEqual([]);
    await expect.poll(() => focusedId(form)).toBe('payer');

    await fillVisa(form);
    outerForm().requestSubmit();
    await expect.poll(() => submitted).toEqual([expect.stringMatching(/^tok_/)]);
  });

  it('names a field that is wrong, not only one that is missing, and reports each the way Pay does', async () => {
    const form = await mountInForm();
    await fillVisa(form);
    expect(form.checkValidity()).toBe(true);
    expect(form.matches(':valid')).toBe(true);

    const number = part(form, '#cardNumber');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424241'); // the Luhn check fails
    await form.updateComplete;
    expect(form.matches(':invalid')).toBe(true);
    expect(form.validity.badInput).toBe(true);
    expect(form.validationMessage).toBe('1 field needs your attention.');

    part(form, '#postalCode').focus();
    expect(outerForm().reportValidity()).toBe(false);
    await form.updateComplete;
    expect(focusedId(form)).toBe('cardNumber');
    expect(part(form, '#cardNumber-error').textContent).toBe('Card number is not valid.');
    expect(part(form, '.alert').textContent).toBe('1 field needs your attention.');
  });

  it('holds back the outer submit while invalid, and submits only the token id once valid', async () => {
    const form = await mountInForm();
    const submitted: [string, FormDataEntryValue][][] = [];
    outerForm().addEventListener('submit', (event) => {
      event.preventDefault();
      submitted.push([...new FormData(outerForm()).entries()]);
    });
    outerForm().requestSubmit();
    await form.updateComplete;
    expect(submitted).toEqual([]);
    expect(focusedId(form)).toBe('payer');
    await expect.poll(() => part(form, '#payer-error').textContent).toBe('Payer name is required.');

    await fillVisa(form);
    outerForm().requestSubmit();
    await expect.poll(() => submitted.length).toBe(1);
    expect(submitted[0]).toEqual([['tokenId', expect.stringMatching(/^tok_/)]]);
    // The token is the value now: the emptied card fields do not make it invalid.
    expect(form.checkValidity()).toBe(true);
  });

  it('empties its fields, its messages, its method and its value when the outer form is reset', async () => {
    const form = await mountInForm();
    await typeInto(form, 'cardHolder', 'Ada Lovelace');
    await typeInto(form, 'cardNumber', '4242');
    expect(outerForm().reportValidity()).toBe(false);
    await expect.poll(() => part(form, '.alert').textContent).not.toBe('');
    await userEvent.click(part(form, '#tab-ach'));
    await form.updateComplete;

    outerForm().reset();
    await form.updateComplete;
    expect(part(form, '[role="tab"][aria-selected="true"]').id).toBe('tab-card');
    expect(part(form, '#cardHolder').value).toBe('');
    expect(part(form, '#cardNumber').value).toBe('');
    expect(part(form, '#payer-error').textContent).toBe('');
    expect(part(form, '.alert').textContent).toBe('');
    expect(new FormData(outerForm()).get('tokenId')).toBeNull();
    expect(form.validity.valueMissing).toBe(true);

    // The mask forgot the old digits too: typing again starts a new number.
    expect((await typeInto(form, 'cardNumber', '4111')).value).toBe('4111');
  });

  it('after a token, a reset drops the token: the outer form has no value and is invalid again', async () => {
    const form = await mountInForm();
    await fillVisa(form);
    const result = await form.tokenize();
    expect(result.success).toBe(true);
    expect(new FormData(outerForm()).get('tokenId')).toMatch(/^tok_/);

    outerForm().reset();
    await form.updateComplete;
    expect(new FormData(outerForm()).get('tokenId')).toBeNull();
    expect(part(form, '#payer').value).toBe('');
    expect(form.checkValidity()).toBe(false);
  });

  // The Pay button is disabled through a fieldset in the form: `:disabled` is what a click meets.
  it('has no live Pay button while disabled, by its own attribute or a disabled fieldset', async () => {
    document.body.innerHTML = `<form><fieldset disabled>${formTag()}</fieldset></form>`;
    const form = document.querySelector('paytoken-form') as PaytokenForm;
    await form.updateComplete;
    expect(payButton(form).matches(':disabled')).toBe(true);

    document.querySelector('fieldset')?.removeAttribute('disabled');
    await form.updateComplete;
    expect(payButton(form).matches(':disabled')).toBe(false);

    form.setAttribute('disabled', '');
    await form.updateComplete;
    expect(payButton(form).matches(':disabled')).toBe(true);
  });

  it('disables every input, the tabs and Pay inside a disabled fieldset, and is not validated then', async () => {
    const form = await mountInForm('name="tokenId"', (tag) => `<fieldset disabled>${tag}</fieldset>`);
    const controls = () => [...(form.shadowRoot?.querySelectorAll<HTMLInputElement>('input, select, button') ?? [])];
    expect(controls().length).toBeGreaterThan(8);
    expect(controls().filter((control) => !control.matches(':disabled'))).toEqual([]);
    expect(outerForm().checkValidity()).toBe(true);

    document.querySelector('fieldset')?.removeAttribute('disabled');
    await form.updateComplete;
    expect(controls().filter((control) => control.matches(':disabled'))).toEqual([]);
    await typeInto(form, 'payer', 'Ada');
    expect(part(form, '#payer').value).toBe('Ada');
  });
});
