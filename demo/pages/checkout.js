/**
 * The demo checkout pages' own script, shared by the drop-in page (`<paytoken-form>`), the isolated
 * page (`<paytoken-frame>`) and the script-tag page (its receipt). No card or account number passes
 * through it: the form sends them to Paytoken, and this page sends the demo's server only the token id,
 * with the account, the amount due and the fee the payer was shown (demo/server.ts).
 */

/** An element with its attributes and children (text is set as text, never parsed as markup). */
function element(tag, attributes = {}, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

const dollars = (amount) => `$${amount.toFixed(2)}`;

/**
 * Shows the receipt of a payment in `section`, from the demo server's answer to `/checkout/pay`;
 * each figure has its `data-receipt` name. "Make another payment" hides it and calls `again`.
 * @example showReceipt(receipt, body, { account: 'springfield', accountName: 'Springfield', again: () => (form.hidden = false) })
 */
export function showReceipt(section, body, { account, accountName, again }) {
  const rows = [
    ['Charged', 'charged', dollars(body.charged)],
    body.feeLine && ['Fee', 'feeLine', body.feeLine],
    [`To ${accountName}`, 'agencyNet', dollars(body.agencyNet)],
    ['Paid with', 'method', `${body.method} ····${body.lastFour}`],
    body.funding && ['Funding', 'funding', body.funding],
    ['Transaction', 'transactionId', body.transactionId],
    body.feeTransactionId && ['Fee transaction', 'feeTransactionId', body.feeTransactionId],
  ].filter(Boolean);
  const list = element(
    'dl',
    {},
    ...rows.flatMap(([label, name, value]) => [
      element('dt', {}, label),
      element('dd', { 'data-receipt': name }, String(value)),
    ]),
  );
  const payments = element('a', { href: `/payments?account=${encodeURIComponent(account)}` }, 'See it in Payments');
  const another = element('button', { type: 'button', class: 'again' }, 'Make another payment');
  another.addEventListener('click', () => {
    section.hidden = true;
    again();
  });
  section.replaceChildren(
    element('h2', { id: 'receipt-title' }, `Paid ${dollars(body.charged)}`),
    list,
    element('p', {}, payments, ', where it can be voided or refunded.'),
    another,
  );
  section.hidden = false;
  // Focus announces the receipt (its heading names it) and scrolls it into view.
  section.focus();
  section.scrollIntoView({ block: 'nearest' });
}

/**
 * The drop-in and isolated pages: the account and the amount due, the fees from the demo's server,
 * and the payment once the form (`#payment`, either element) has a token.
 */
export async function startCheckout(accounts) {
  const select = document.getElementById('account');
  const amountInput = document.getElementById('amountDue');
  const form = document.getElementById('payment');
  const problem = document.getElementById('problem');
  const receipt = document.getElementById('receipt');
  const feeProblem = document.getElementById('fee-problem');
  for (const account of accounts) select.append(new Option(account.name, account.id));

  const chosen = () => accounts.find((account) => account.id === select.value);
  const AMOUNT = /^\s*\d{1,7}(\.\d{1,2})?\s*$/;
  // Until the amount is valid there is no total and nothing to pay: the form's button is disabled.
  function amountIsValid() {
    const valid = AMOUNT.test(amountInput.value) && Number(amountInput.value) > 0;
    form.toggleAttribute('disabled', !valid);
    amountInput.setAttribute('aria-invalid', String(!valid));
    if (!valid) {
      for (const name of ['amount', 'card-fee', 'ach-fee']) form.removeAttribute(name);
      feeProblem.textContent = 'Enter an amount due above 0.00, such as 100.00.';
    }
    return valid;
  }
  // Answers can arrive out of order: only the latest request's fees are shown.
  let feeRequests = 0;
  async function showFees() {
    form.setAttribute('impersonation-account-key', chosen().impersonationKey);
    if (!amountIsValid()) return;
    const request = ++feeRequests;
    // Fee problems show beside the amount, so they never hide a payment's own message.
    const response = await fetch(
      `/checkout/fees?account=${select.value}&amount=${encodeURIComponent(amountInput.value)}`,
    ).catch(() => null);
    const fees = response
      ? await response.json().catch(() => ({ message: 'The fees could not be loaded.' }))
      : { message: 'The fees could not be loaded.' };
    if (request !== feeRequests) return;
    feeProblem.textContent = response?.ok ? '' : fees.message;
    if (!response?.ok || !amountIsValid()) return;
    form.setAttribute('amount', Number(amountInput.value).toFixed(2));
    form.setAttribute('card-fee', fees.creditCardPayerFee.toFixed(2));
    form.setAttribute('ach-fee', fees.achPayerFee.toFixed(2));
  }
  select.addEventListener('change', showFees);
  amountInput.addEventListener('input', amountIsValid);
  amountInput.addEventListener('change', showFees);

  // Only the token id (and the fee the payer was shown) leaves this page for the demo's server.
  form.addEventListener('paytoken-token', async (event) => {
    problem.textContent = '';
    const response = await fetch('/checkout/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      // The fee the form showed: the demo charges exactly it.
      body: JSON.stringify({
        tokenId: event.id,
        feeQuote: event.feeQuote,
        amountDue: Number(amountInput.value),
        account: select.value,
      }),
    }).catch(() => null);
    const body = response ? await response.json() : { message: 'The demo could not be reached. Try again.' };
    // A decline (or any failure after the token) shows inside the form, which keeps name, e-mail and method.
    if (!response?.ok) return form.showPaymentError(body.message);
    // Finished: the form (and its Pay button) gives way to the receipt until the payer starts again.
    form.hidden = true;
    showReceipt(receipt, body, {
      account: select.value,
      accountName: chosen().name,
      again: () => {
        form.hidden = false;
        amountInput.focus();
      },
    });
  });
  await customElements.whenDefined(form.localName);
  await showFees();
}
