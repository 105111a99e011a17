import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { VISA, fillBank, fillCard, openForm, watchOutcome } from './support/form-page.js';

/** The part of /scripts/manifest.json this spec reads: the Spanish file's immutable, content-named URL. */
interface Manifest {
  files: Record<'paytoken-form-es.json' | 'paytoken-form-mask.js', { immutableUrl: string }>;
}
const formTag = (key: string, url: string, extra = '') =>
  `<paytoken-form public-key="${key}" api-url="${url}" ${extra}></paytoken-form>`;

/** Springfield's form, opened on the test page with paytoken-form.js from the service. */
const openSpringfield = (
  page: Page,
  pagesUrl: string,
  service: { url: string; accounts: { springfield: { publicKey: string } } },
  lang = 'en',
) => openForm(page, pagesUrl, service.url, formTag(service.accounts.springfield.publicKey, service.url), lang);

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include('paytoken-form').analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test.describe('<paytoken-form>', () => {
  test('groups each brand as it is typed and names the brand for screen readers', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const number = form.locator('#cardNumber');
    for (const [digits, shown, brand] of [
      ['4242424242424242', '4242 4242 4242 4242', 'Visa'],
      ['5555555555554444', '5555 5555 5555 4444', 'Mastercard'],
      ['378282246310005', '3782 822463 10005', 'American Express'],
      ['30569309025904', '3056 930902 5904', 'Diners Club'],
      ['6011111111111117', '6011 1111 1111 1117', 'Discover'],
    ]) {
      await number.fill('');
      await number.pressSequentially(digits as string);
      await expect(number).toHaveValue(shown as string);
      await expect(form.locator('[part="brand"]')).toHaveText(brand as string);
      await expect(form.getByRole('status')).toHaveText(`${brand} card`);
    }
  });

  test('accepts pasted numbers and dates in their usual forms', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    for (const pasted of ['4242-4242-4242-4242', '4242424242424242', '4242 4242 4242 4242']) {
      await form.locator('#cardNumber').fill('');
      await form.locator('#cardNumber').focus();
      await page.keyboard.insertText(pasted);
      await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    }
    for (const pasted of ['12/2030', '12/30', '1230']) {
      await form.locator('#expiry').fill('');
      await form.locator('#expiry').focus();
      await page.keyboard.insertText(pasted);
      await expect(form.locator('#expiry')).toHaveValue('12/30');
    }
  });

  for (const [lang, invalidNumber, required] of [
    ['en', 'Card number is not valid.', 'Security code is required.'],
    ['es', 'El número de tarjeta no es válido.', 'El código de seguridad es obligatorio.'],
  ]) {
    test(`stays quiet while typing and explains on leaving a field (${lang})`, async ({ page, service, pages }) => {
      const { form } = await openForm(
        page,
        pages.url,
        service.url,
        formTag(service.accounts.springfield.publicKey, service.url),
        lang,
      );
      const number = form.locator('#cardNumber');
      await number.pressSequentially('4242');
      await expect(form.locator('#cardNumber-error')).toHaveText('');
      await expect(number).toHaveAttribute('aria-invalid', 'false');
      await number.blur();
      await expect(form.locator('#cardNumber-error')).toHaveText(invalidNumber as string);
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await expect(number).toHaveAttribute('aria-describedby', 'cardNumber-error');
      await form.locator('button.pay').click();
      await expect(form.locator('#cvc-error')).toHaveText(required as string);
      await expect(form.getByRole('alert')).toContainText(
        lang === 'en' ? 'fields need your attention' : 'campos necesitan su atención',
      );
      await expect(form.locator('#payer')).toBeFocused();
    });
  }

  test('loads Spanish once, pinned, from beside the script; English pages never ask for it', async ({
    page,
    service,
    pages,
  }) => {
    const { form, requests } = await openSpringfield(page, pages.url, service, 'es');
    await expect(form.getByRole('tab', { name: 'Tarjeta' })).toHaveAttribute('aria-selected', 'true');
    await expect(form.locator('label[for="cardNumber"]')).toHaveText('Número de tarjeta');
    await page.evaluate(() =>
      document
        .querySelector('main')
        ?.insertAdjacentHTML('beforeend', '<paytoken-form id="second" locale="es"></paytoken-form>'),
    );
    await expect(page.locator('#second label[for="cvc"]')).toHaveText('Código de seguridad');
    const spanish = requests.filter((request) => request.url().includes('paytoken-form-es'));
    const manifest = (await (await fetch(`${service.url}/scripts/manifest.json`)).json()) as Manifest;
    expect(spanish.map((request) => new URL(request.url()).pathname)).toEqual([
      manifest.files['paytoken-form-es.json'].immutableUrl,
    ]);

    const english = await openSpringfield(page, pages.url, service);
    await expect(english.form.locator('label[for="cardNumber"]')).toHaveText('Card number');
    expect(english.requests.filter((request) => request.url().includes('paytoken-form-es'))).toEqual([]);
  });

  test('falls back to English when its Spanish cannot load or does not match its integrity', async ({
    page,
    service,
    pages,
  }) => {
    await page.route('**/paytoken-form-es-*.json', (route) => route.abort());
    const blocked = await openSpringfield(page, pages.url, service, 'es');
    await expect(blocked.form.locator('label[for="cardNumber"]')).toHaveText('Card number');

    await page.unroute('**/paytoken-form-es-*.json');
    await page.route('**/paytoken-form-es-*.json', (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{"labels":{},"messages":{}}',
      }),
    );
    const altered = await openSpringfield(page, pages.url, service, 'es');
    await expect(altered.form.locator('label[for="cardNumber"]')).toHaveText('Card number');
  });

  test('loads imask once, pinned, at the first focus in a masked field, not with the form', async ({
    page,
    service,
    pages,
  }) => {
    const { form, requests } = await openSpringfield(page, pages.url, service);
    const masks = () => requests.filter((request) => request.url().includes('paytoken-form-mask'));
    await form.locator('#payer').fill('Ada Lovelace');
    expect(masks()).toEqual([]);
    await form.locator('#cardNumber').focus();
    await expect.poll(() => masks().length).toBe(1);
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    await form.locator('#expiry').pressSequentially('1230');
    await expect(form.locator('#expiry')).toHaveValue('12/30');
    const manifest = (await (await fetch(`${service.url}/scripts/manifest.json`)).json()) as Manifest;
    expect(masks().map((request) => new URL(request.url()).pathname)).toEqual([
      manifest.files['paytoken-form-mask.js'].immutableUrl,
    ]);
    // A second form on the page uses the same imask: no second request, no second script.
    await page.evaluate(() =>
      document.querySelector('main')?.insertAdjacentHTML('beforeend', '<paytoken-form id="second"></paytoken-form>'),
    );
    await page.locator('#second #cardNumber').pressSequentially('5555555555554444');
    await expect(page.locator('#second #cardNumber')).toHaveValue('5555 5555 5555 4444');
    expect(masks()).toHaveLength(1);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="paytoken-form-mask"]').length)).toBe(1);
  });

  test('without its masks (blocked, or altered under its integrity) the form still pays, unformatted', async ({
    page,
    service,
    pages,
  }) => {
    for (const broken of ['blocked', 'altered'] as const) {
      await page.unroute('**/paytoken-form-mask-*.js');
      await page.route('**/paytoken-form-mask-*.js', (route) =>
        broken === 'blocked'
          ? route.abort()
          : route.fulfill({
              contentType: 'text/javascript',
              headers: { 'Access-Control-Allow-Origin': '*' },
              body: 'window.PaytokenMask = { createMask: () => { throw new Error("altered"); } };',
            }),
      );
      const { form } = await openSpringfield(page, pages.url, service);
      const outcome = await watchOutcome(form);
      await fillCard(form);
      await expect(form.locator('#cardNumber'), broken).toHaveValue('4242424242424242');
      await expect(form.locator('#expiry'), broken).toHaveValue('1230');
      await form.locator('button.pay').click();
      expect((await outcome()).type, broken).toBe('paytoken-token');
    }
    // Once the file is there again, the next focus in a masked field loads it and masks work.
    await page.unroute('**/paytoken-form-mask-*.js');
    const { form } = await openSpringfield(page, pages.url, service);
    await page.route('**/paytoken-form-mask-*.js', (route) => route.abort());
    await form.locator('#cardNumber').pressSequentially('4242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242');
    await page.unroute('**/paytoken-form-mask-*.js');
    await form.locator('#expiry').focus();
    await form.locator('#cardNumber').press('End');
    await form.locator('#cardNumber').pressSequentially('4242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242');
  });

  test('masks that arrive after the token change nothing: no paytoken-change, the numbers stay gone', async ({
    page,
    service,
    pages,
  }) => {
    await page.route('**/paytoken-form-mask-*.js', (route) => route.abort());
    const { form } = await openSpringfield(page, pages.url, service);
    const outcome = await watchOutcome(form);
    await fillCard(form);
    await form.locator('button.pay').click();
    expect((await outcome()).type).toBe('paytoken-token');
    await form.evaluate((element) => {
      const seen = ((window as unknown as { changes: number }).changes = 0);
      element.addEventListener('paytoken-change', () => ((window as unknown as { changes: number }).changes += 1));
      return seen;
    });
    await page.unroute('**/paytoken-form-mask-*.js');
    await form.locator('#cvc').focus(); // tries the masks again; they arrive for inputs the token emptied
    await expect.poll(() => page.evaluate(() => 'PaytokenMask' in window)).toBe(true);
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0);
    for (const input of ['#cardNumber', '#expiry', '#cvc']) await expect(form.locator(input)).toHaveValue('');
  });

  test('tells the browser what each input holds', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const expected: [string, string, string | null][] = [
      ['payer', 'name', null],
      ['emailAddress', 'email', null],
      ['cardHolder', 'cc-name', null],
      ['cardNumber', 'cc-number', 'numeric'],
      ['expiry', 'cc-exp', 'numeric'],
      ['cvc', 'cc-csc', 'numeric'],
      ['postalCode', 'postal-code', null],
    ];
    for (const [id, autocomplete, inputmode] of expected) {
      await expect(form.locator(`#${id}`)).toHaveAttribute('autocomplete', autocomplete);
      expect(await form.locator(`#${id}`).getAttribute('inputmode'), id).toBe(inputmode);
    }
    await expect(form.locator('#emailAddress')).toHaveAttribute('type', 'email');
    await form.getByRole('tab', { name: /Bank/ }).click();
    for (const id of ['routingNumber', 'accountNumber', 'confirmAccountNumber']) {
      await expect(form.locator(`#${id}`)).toHaveAttribute('autocomplete', 'off');
      await expect(form.locator(`#${id}`)).toHaveAttribute('inputmode', 'numeric');
    }
  });

  test('tokenizes a card, clears every input and keeps no number in the page', async ({ page, service, pages }) => {
    const { form, requests } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.springfield.publicKey, service.url, 'amount="100.00" card-fee="3.25" ach-fee="3.00"'),
    );
    await expect(form.locator('button.pay')).toHaveText('Pay $103.25');
    await fillCard(form);
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    const { type, detail } = await outcome();
    expect(type).toBe('paytoken-token');
    const token: unknown = await (
      await service.asServer(service.accounts.springfield, `/api/v1/tokens/${String(detail.id)}`)
    ).json();
    expect(token).toMatchObject({
      transactionType: 'Visa',
      lastFour: '4242',
      expirationMonth: 12,
      expirationYear: 2030,
    });
    for (const field of ['#cardNumber', '#cvc', '#expiry']) await expect(form.locator(field)).toHaveValue('');
    expect(await page.content()).not.toContain('4242');
    const carrying = requests.filter((request) => (request.postData() ?? '').includes(VISA.number));
    expect(carrying.map((request) => request.url())).toEqual([`${service.url}/api/v1/tokens`]);
  });

  test('tokenizes a bank account, with the ACH fee in the total', async ({ page, service, pages }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.springfield.publicKey, service.url, 'amount="100.00" card-fee="3.25" ach-fee="3.00"'),
    );
    await fillBank(form);
    await expect(form.locator('button.pay')).toHaveText('Pay $103.00');
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    const { detail } = await outcome();
    const token: unknown = await (
      await service.asServer(service.accounts.springfield, `/api/v1/tokens/${String(detail.id)}`)
    ).json();
    expect(token).toMatchObject({ transactionType: 'Ach', accountType: 'PersonalChecking', lastFour: '6789' });
  });

  test('reports method, brand, completeness and validity in paytoken-change', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    await form.evaluate((element) =>
      element.addEventListener('paytoken-change', (event) => {
        const { method, brand, complete, valid } = event as unknown as Record<string, unknown>;
        (window as unknown as { changes: unknown[] }).changes = [
          ...((window as unknown as { changes?: unknown[] }).changes ?? []),
          { method, brand, complete, valid },
        ];
      }),
    );
    const last = () => page.evaluate(() => (window as unknown as { changes: unknown[] }).changes.at(-1));
    await form.locator('#cardNumber').pressSequentially('4242');
    expect(await last()).toEqual({ method: 'card', brand: 'Visa', complete: false, valid: true });
    await form.locator('#cardNumber').pressSequentially('1');
    await form.locator('#cardNumber').fill('');
    await form.locator('#cardNumber').pressSequentially('1234567812345678');
    expect(await last()).toMatchObject({ brand: null, valid: false });
    await form.locator('#cardNumber').fill('');
    await fillCard(form);
    expect(await last()).toEqual({ method: 'card', brand: 'Visa', complete: true, valid: true });
  });

  test('can be completed with the keyboard alone', async ({ page, service, pages }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.shelby.publicKey, service.url, 'payer="Ada Lovelace" email-address="ada@example.com"'),
    );
    await expect(form.locator('#payer')).toHaveCount(0);
    await form.getByRole('tab', { name: 'Card' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('tab', { name: 'Bank account' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    for (const text of ['Ada Lovelace', '4242424242424242', '1230', '123', '12345']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await page.keyboard.press('Tab');
    await expect(form.locator('button.pay')).toBeFocused();
    const outcome = await watchOutcome(form);
    await page.keyboard.press('Enter');
    expect((await outcome()).type).toBe('paytoken-token');
  });

  test('has no axe violations empty, with errors, and filled', async ({ page, service, pages }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.springfield.publicKey, service.url, 'amount="100.00" card-fee="3.25"'),
    );
    expect(await axe(page)).toEqual([]);
    await form.locator('button.pay').click();
    await expect(form.getByRole('alert')).not.toBeEmpty();
    expect(await axe(page)).toEqual([]);
    await fillCard(form);
    expect(await axe(page)).toEqual([]);
    await form.getByRole('tab', { name: /Bank/ }).click();
    expect(await axe(page)).toEqual([]);
  });

  test('inside a <form>, the outer submit carries only the token id', async ({ page, service, pages }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      `<form id="checkout"><input type="hidden" name="orderId" value="17">
      ${formTag(service.accounts.springfield.publicKey, service.url, 'name="tokenId"')}<button id="place" type="submit">Place order</button></form>`,
    );
    await page.evaluate(() => {
      const checkout = document.getElementById('checkout') as HTMLFormElement;
      checkout.addEventListener('submit', (event) => {
        event.preventDefault();
        (window as unknown as { submitted: [string, string][] }).submitted = [...new FormData(checkout).entries()].map(
          ([name, value]) => [name, typeof value === 'string' ? value : value.name],
        );
      });
    });
    await fillCard(form);
    await page.locator('#place').click();
    await page.waitForFunction(() => 'submitted' in window);
    const submitted = await page.evaluate(() => (window as unknown as { submitted: [string, string][] }).submitted);
    expect(submitted).toEqual([
      ['orderId', '17'],
      ['tokenId', expect.stringMatching(/^tok_/)],
    ]);
  });

  test('a double click sends one request', async ({ page, service, pages }) => {
    const { form, requests } = await openSpringfield(page, pages.url, service);
    await fillCard(form);
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').dblclick();
    expect(await outcome()).toEqual({ type: 'paytoken-token', detail: { id: expect.stringMatching(/^tok_/) } });
    await page.waitForTimeout(300);
    expect(
      requests.filter((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/tokens')),
    ).toHaveLength(1);
  });

  test("shows the service's 400 on the field it names", async ({ page, service, pages }) => {
    // An Elo card whose number starts like a Visa: valid to the browser, refused by the service.
    const { form } = await openSpringfield(page, pages.url, service);
    await fillCard(form, { ...VISA, number: '4011780000000006' });
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    expect(await outcome()).toMatchObject({ type: 'paytoken-error', detail: { code: 'UNSUPPORTED_CARD_BRAND' } });
    await expect(form.getByRole('alert')).toHaveText('This card brand is not accepted.');
    await expect(form.locator('#cardNumber-error')).toHaveText('This card brand is not accepted.');
  });

  test('shows a readable error when the service cannot be reached', async ({ page, service, pages }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.springfield.publicKey, 'http://localhost:9'),
      'es',
    );
    await fillCard(form);
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    expect(await outcome()).toMatchObject({ detail: { code: 'NETWORK_ERROR' } });
    await expect(form.getByRole('alert')).toHaveText(
      'No se pudo conectar con el servicio de pagos. Revise su conexión y vuelva a intentarlo.',
    );
    await expect(form.locator('button.pay')).toBeEnabled();
  });
});
