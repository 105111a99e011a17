import type { Locator, Page, Request } from '@playwright/test';

/**
 * Opens the form test page with paytoken-form.js from the service (or from `scriptsUrl`) and `markup`
 * in <main>. With a `nonce`, the page's policy allows scripts by that nonce only (a <meta>, which
 * applies from its insertion on), and the form's tag carries it.
 */
export async function openForm(
  page: Page,
  pagesUrl: string,
  serviceUrl: string,
  markup: string,
  lang = 'en',
  nonce?: string,
  scriptsUrl = `${serviceUrl}/scripts`,
): Promise<{ form: Locator; requests: Request[] }> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await page.goto(`${pagesUrl}/form.html`);
  await page.evaluate(
    ({ src, markup, lang, nonce }) => {
      document.documentElement.lang = lang;
      if (nonce)
        document.head.insertAdjacentHTML(
          'beforeend',
          `<meta http-equiv="Content-Security-Policy" content="script-src 'nonce-${nonce}'">`,
        );
      document.querySelector('main')?.insertAdjacentHTML('beforeend', markup);
      return new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        if (nonce) script.nonce = nonce;
        script.onload = () => resolve();
        script.onerror = () => reject(new Error('paytoken-form.js did not load'));
        document.head.append(script);
      });
    },
    { src: `${scriptsUrl}/paytoken-form.js`, markup, lang, nonce },
  );
  const form = page.locator('paytoken-form');
  await form.locator('button.pay').waitFor();
  return { form, requests };
}

/**
 * The checkout of e2e/pages/restore.html: the form in the page's HTML with its script before it, as
 * on a page the payer leaves and comes back to (the browser restores it, or keeps it in its cache).
 */
export const checkoutUrl = (
  pages: { url: string },
  service: { url: string; accounts: { springfield: { publicKey: string } } },
) =>
  `${pages.url}/restore.html?scripts=${encodeURIComponent(`${service.url}/scripts`)}&key=${service.accounts.springfield.publicKey}`;

export interface Card {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
  postalCode?: string;
}
export const VISA: Card = {
  name: 'Ada Lovelace',
  number: '4242424242424242',
  expiry: '1230',
  cvc: '123',
  postalCode: '12345',
};

/** Types a card as a payer would, field by field. */
export async function fillCard(
  form: Locator,
  card: Card = VISA,
  payer = { name: 'Ada Lovelace', email: 'ada@example.com' },
): Promise<void> {
  if (await form.locator('#payer').count()) await form.locator('#payer').fill(payer.name);
  if (await form.locator('#emailAddress').count()) await form.locator('#emailAddress').fill(payer.email);
  await form.locator('#cardHolder').fill(card.name);
  await form.locator('#cardNumber').pressSequentially(card.number);
  await form.locator('#expiry').pressSequentially(card.expiry);
  await form.locator('#cvc').pressSequentially(card.cvc);
  if (card.postalCode) await form.locator('#postalCode').fill(card.postalCode);
}

export async function fillBank(
  form: Locator,
  account = { holder: 'Ada Lovelace', type: 'PersonalChecking', routing: '021000021', number: '000123456789' },
): Promise<void> {
  await form.getByRole('tab', { name: /Bank/ }).click();
  if (await form.locator('#payer').count()) await form.locator('#payer').fill('Ada Lovelace');
  if (await form.locator('#emailAddress').count()) await form.locator('#emailAddress').fill('ada@example.com');
  await form.locator('#bankHolder').fill(account.holder);
  await form.locator('#accountType').selectOption(account.type);
  await form.locator('#routingNumber').pressSequentially(account.routing);
  await form.locator('#accountNumber').pressSequentially(account.number);
  await form.locator('#confirmAccountNumber').pressSequentially(account.number);
}

export interface Outcome {
  type: string;
  detail: Record<string, unknown>;
}

/**
 * Starts listening for the form's next paytoken-token or paytoken-error event; resolves once the
 * listeners are in place (so no action can overtake them), to a function that waits for the event.
 */
export async function watchOutcome(form: Locator): Promise<() => Promise<Outcome>> {
  await form.evaluate((element) => {
    (element as unknown as { outcome: Promise<Outcome> }).outcome = new Promise((resolve) => {
      const done = (event: Event) =>
        resolve({
          type: event.type,
          detail: JSON.parse(
            JSON.stringify(event, ['id', 'errorMessage', 'code', 'errors', 'field', 'message']),
          ) as Outcome['detail'],
        });
      element.addEventListener('paytoken-token', done, { once: true });
      element.addEventListener('paytoken-error', done, { once: true });
    });
  });
  return () => form.evaluate((element) => (element as unknown as { outcome: Promise<Outcome> }).outcome);
}

/** What a `paytoken-change` says. */
export interface Change {
  method: string;
  brand: string | null;
  complete: boolean;
  valid: boolean;
}

/**
 * Records every `paytoken-change` of `form` from now on; the returned function reads them, from the
 * `from`th on.
 */
export async function recordChanges(form: Locator): Promise<(from?: number) => Promise<Change[]>> {
  await form.evaluate((element) => {
    const changes: Change[] = [];
    (element as unknown as { changes: Change[] }).changes = changes;
    element.addEventListener('paytoken-change', (event) => {
      const { method, brand, complete, valid } = event as unknown as Change;
      changes.push({ method, brand, complete, valid });
    });
  });
  return (from = 0) =>
    form.evaluate((element, start) => (element as unknown as { changes: Change[] }).changes.slice(start), from);
}
