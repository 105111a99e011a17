import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { VISA, fillBank, fillCard, openForm, recordChanges, watchOutcome } from './support/form-page.js';
import { holdRequests } from './support/hold.js';

/** The part of /scripts/manifest.json this spec reads: the Spanish file's immutable, content-named URL. */
interface Manifest {
  files: Record<'paytoken-form-es.json' | 'paytoken-form-engine.js', { immutableUrl: string }>;
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

/**
 * With the engine held back, `text` typed into `field`'s input, the caret put `caret` characters in
 * (selecting `select` more), then the engine let through: the mask arrives mid-edit.
 */
async function typedBeforeEngine(
  form: Locator,
  release: () => void,
  field: string,
  text: string,
  { caret, select = 0 }: { caret: number; select?: number },
): Promise<Locator> {
  const input = form.locator(`#${field}`);
  await input.pressSequentially(text);
  const keyboard = input.page().keyboard;
  await keyboard.press('Home');
  for (let step = 0; step < caret; step++) await keyboard.press('ArrowRight');
  for (let step = 0; step < select; step++) await keyboard.press('Shift+ArrowRight');
  release();
  return input;
}

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

  test('loads its engine once, pinned, at the first focus in a field, not with the form', async ({
    page,
    service,
    pages,
  }) => {
    const { form, requests } = await openSpringfield(page, pages.url, service);
    const engines = () => requests.filter((request) => request.url().includes('paytoken-form-engine'));
    expect(engines()).toEqual([]);
    await form.locator('#payer').focus();
    await expect.poll(() => engines().length).toBe(1);
    await form.locator('#payer').fill('Ada Lovelace');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    await form.locator('#expiry').pressSequentially('1230');
    await expect(form.locator('#expiry')).toHaveValue('12/30');
    const manifest = (await (await fetch(`${service.url}/scripts/manifest.json`)).json()) as Manifest;
    expect(engines().map((request) => new URL(request.url()).pathname)).toEqual([
      manifest.files['paytoken-form-engine.js'].immutableUrl,
    ]);
    // A second form on the page uses the same engine: no second request, no second script.
    await page.evaluate(() =>
      document.querySelector('main')?.insertAdjacentHTML('beforeend', '<paytoken-form id="second"></paytoken-form>'),
    );
    await page.locator('#second #cardNumber').pressSequentially('5555555555554444');
    await expect(page.locator('#second #cardNumber')).toHaveValue('5555 5555 5555 4444');
    expect(engines()).toHaveLength(1);
    expect(await page.evaluate(() => document.querySelectorAll('script[src*="paytoken-form-engine"]').length)).toBe(1);
  });

  test('without its engine (blocked, or altered under its integrity) Pay says so, sends nothing, and works once it is back', async ({
    page,
    service,
    pages,
  }) => {
    for (const broken of ['blocked', 'altered'] as const) {
      await page.unroute('**/paytoken-form-engine-*.js');
      await page.route('**/paytoken-form-engine-*.js', (route) =>
        broken === 'blocked'
          ? route.abort()
          : route.fulfill({
              contentType: 'text/javascript',
              headers: { 'Access-Control-Allow-Origin': '*' },
              body: 'window.PaytokenFormEngine = { engine: { createToken: () => Promise.resolve({ success: true, id: "tok_forged" }) } };',
            }),
      );
      const { form, requests } = await openSpringfield(page, pages.url, service);
      await fillCard(form);
      // What the payer typed stays, unformatted; nothing is checked or sent without the engine.
      await expect(form.locator('#cardNumber'), broken).toHaveValue('4242424242424242');
      await expect(form.locator('#expiry'), broken).toHaveValue('1230');
      const outcome = await watchOutcome(form);
      await form.locator('button.pay').click();
      expect(await outcome(), broken).toMatchObject({ type: 'paytoken-error', detail: { code: 'NETWORK_ERROR' } });
      await expect(form.getByRole('alert'), broken).toHaveText(/could not be reached/);
      expect(await page.evaluate(() => 'PaytokenFormEngine' in window), broken).toBe(false);
      expect(
        requests.filter((request) => request.url().includes('/api/v1/tokens')),
        broken,
      ).toEqual([]);
      // Pay again once the file is there: the engine loads, checks and pays with what was typed.
      await page.unroute('**/paytoken-form-engine-*.js');
      const retried = await watchOutcome(form);
      await form.locator('button.pay').click();
      expect((await retried()).type, broken).toBe('paytoken-token');
    }
  });

  test('ten failed loads stop the tries at focus, not at Pay', async ({ page, service, pages }) => {
    await page.route('**/paytoken-form-engine-*.js', (route) => route.abort());
    const { form, requests } = await openSpringfield(page, pages.url, service);
    const engines = () => requests.filter((request) => request.url().includes('paytoken-form-engine')).length;
    // A failed load removes its script tag: wait for that too, or the next focus can come while the
    // load is still under way (and rightly tries nothing).
    const failedLoads = async () =>
      (await page.locator('script[src*="paytoken-form-engine"]').count()) ? -1 : engines();
    for (let focus = 0; focus < 14; focus++) {
      await form.locator(focus % 2 ? '#payer' : '#emailAddress').focus();
      await expect.poll(failedLoads).toBe(Math.min(focus + 1, 10));
    }
    await fillCard(form);
    expect(engines()).toBe(10);
    await page.unroute('**/paytoken-form-engine-*.js');
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    expect((await outcome()).type).toBe('paytoken-token');
  });

  test('a page whose policy allows scripts by nonce only: the engine gets the form’s nonce', async ({
    page,
    service,
    pages,
  }) => {
    const { form } = await openForm(
      page,
      pages.url,
      service.url,
      formTag(service.accounts.springfield.publicKey, service.url),
      'en',
      'c2VjcmV0',
    );
    // The policy is on: a script without the nonce is refused.
    expect(
      await page.evaluate(
        (src) =>
          new Promise((resolve) => {
            const script = document.createElement('script');
            script.src = src;
            script.onload = () => resolve('loaded');
            script.onerror = () => resolve('refused');
            document.head.append(script);
          }),
        `${service.url}/scripts/paytoken.js`,
      ),
    ).toBe('refused');
    const outcome = await watchOutcome(form);
    await fillCard(form);
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    await form.locator('button.pay').click();
    expect((await outcome()).type).toBe('paytoken-token');
  });

  test('an engine that never arrives: Pay answers TIMEOUT after 15 s and is live again', async ({
    page,
    service,
    pages,
  }) => {
    await page.clock.install(); // the page's 15 s pass at once, below
    await page.route('**/paytoken-form-engine-*.js', () => undefined); // held: no answer at all
    const { form } = await openSpringfield(page, pages.url, service);
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    await expect(form.locator('button.pay')).toHaveAttribute('aria-busy', 'true');
    await page.clock.runFor(14_000);
    await expect(form.locator('button.pay')).toHaveAttribute('aria-busy', 'true');
    await page.clock.runFor(1_000);
    expect(await outcome()).toMatchObject({ type: 'paytoken-error', detail: { code: 'TIMEOUT' } });
    await expect(form.locator('button.pay')).toBeEnabled();
    await expect(form.getByRole('alert')).toHaveText(/did not answer in time/);
  });

  test('Pay before any field was reached loads the engine, then shows every problem', async ({
    page,
    service,
    pages,
  }) => {
    const release = await holdRequests(page, '**/paytoken-form-engine-*.js');
    const { form, requests } = await openSpringfield(page, pages.url, service);
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    // While the engine is on its way the button says so and a second click sends nothing more.
    await expect(form.locator('button.pay')).toHaveAttribute('aria-busy', 'true');
    await form.locator('button.pay').click({ force: true });
    release();
    expect(await outcome()).toMatchObject({ type: 'paytoken-error', detail: { code: 'VALIDATION_FAILED' } });
    await expect(form.locator('#cardNumber-error')).toHaveText('Card number is required.');
    await expect(form.locator('button.pay')).toHaveAttribute('aria-busy', 'false');
    expect(requests.filter((request) => request.url().includes('paytoken-form-engine'))).toHaveLength(1);
  });

  test('what was typed before the engine arrived is checked when it does, in one paytoken-change', async ({
    page,
    service,
    pages,
  }) => {
    await page.route('**/paytoken-form-engine-*.js', (route) => route.abort());
    const { form } = await openSpringfield(page, pages.url, service);
    const changes = await recordChanges(form);
    // Pasted, one input event each: every key typed tries the engine again, and after ten failures
    // the form stops trying at focus ('ten failed loads stop the tries at focus, not at Pay'), so 18
    // keys whose tries each failed before the next key (a slow machine) left none for the engine's return.
    await form.locator('#cardNumber').fill('4242424242424242');
    await form.locator('#expiry').fill('13');
    await expect(form.locator('#cardNumber')).toHaveValue('4242424242424242');
    expect(await changes()).toEqual([]);
    await page.unroute('**/paytoken-form-engine-*.js');
    await form.locator('#cvc').focus(); // tries the engine again
    await expect(form.locator('#cardNumber')).toHaveValue('4242 4242 4242 4242');
    await expect(form.locator('#expiry-error')).toHaveText('Expiration month must be 1 to 12.');
    await expect(form.locator('[part="brand"]')).toHaveText('Visa');
    expect(await changes()).toEqual([{ method: 'card', brand: 'Visa', valid: false, complete: false }]);
  });

  test('a mask that arrives mid-edit keeps the caret where the payer left it', async ({ page, service, pages }) => {
    const release = await holdRequests(page, '**/paytoken-form-engine-*.js');
    const { form } = await openSpringfield(page, pages.url, service);
    const number = await typedBeforeEngine(form, release, 'cardNumber', '42424242', { caret: 4 });
    await expect(number).toHaveValue('4242 4242');
    await page.keyboard.insertText('1'); // no keydown, as a context-menu paste: imask must know the caret
    await expect(number).toHaveValue('4242 1424 2');
    await page.keyboard.type('9');
    await expect(number).toHaveValue('4242 1942 42');
  });

  test('a caret after a separator the payer typed stays after the one the mask shows', async ({
    page,
    service,
    pages,
  }) => {
    const release = await holdRequests(page, '**/paytoken-form-engine-*.js');
    const { form } = await openSpringfield(page, pages.url, service);
    const number = await typedBeforeEngine(form, release, 'cardNumber', '4242-4242', { caret: 5 }); // after the "-"
    await expect(number).toHaveValue('4242 4242');
    expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
  });

  test('a caret inside a month the mask pads stays after the same digit', async ({ page, service, pages }) => {
    const release = await holdRequests(page, '**/paytoken-form-engine-*.js');
    const { form } = await openSpringfield(page, pages.url, service);
    const expiry = await typedBeforeEngine(form, release, 'expiry', '1/2030', { caret: 1 }); // after the "1"
    await expect(expiry).toHaveValue('01/30');
    expect(await expiry.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(2);
  });

  test('a selection, or a caret at the end, stays as the payer left it when a mask comes', async ({
    page,
    service,
    pages,
  }) => {
    const release = await holdRequests(page, '**/paytoken-form-engine-*.js');
    const { form } = await openSpringfield(page, pages.url, service);
    const number = await typedBeforeEngine(form, release, 'cardNumber', '42424242', { caret: 2, select: 4 }); // "4242"
    await expect(number).toHaveValue('4242 4242');
    await page.keyboard.insertText('9'); // no keydown, as a context-menu paste
    await expect(number).toHaveValue('4294 2');
    await page.keyboard.type('1');
    await expect(number).toHaveValue('4291 42');
    // A pasted date whose month gets its 0: the caret is still at the end.
    await form.locator('#expiry').focus();
    await page.keyboard.insertText('1/30');
    await expect(form.locator('#expiry')).toHaveValue('01/30');
    await page.keyboard.press('Backspace');
    await expect(form.locator('#expiry')).toHaveValue('01/3');
  });

  test('regrouping for a new brand keeps the caret where the payer is typing', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const number = form.locator('#cardNumber');
    await number.pressSequentially('4282246310005');
    await expect(number).toHaveValue('4282 2463 1000 5');
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    await page.keyboard.type('37');
    await expect(form.locator('[part="brand"]')).toHaveText('American Express');
    await expect(number).toHaveValue('3728 224631 0005');
    await page.keyboard.type('8');
    await expect(number).toHaveValue('3782 822463 10005');
  });

  test('one Ctrl+Z undoes a paste that a new brand regrouped', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const number = form.locator('#cardNumber');
    await number.focus();
    await page.waitForFunction(() => 'PaytokenFormEngine' in window); // the mask is there for the first digit
    await page.keyboard.type('3');
    await page.keyboard.insertText('782822463100051'); // 16 digits: American Express keeps 15
    await expect(number).toHaveValue('3782 822463 10005');
    await page.keyboard.press('Control+z');
    await expect(number).toHaveValue('3');
    await page.keyboard.press('Control+y');
    await expect(number).toHaveValue('3782 822463 10005');
  });

  test('undo and redo across a regroup keep the caret, and leave the CVC its own history', async ({
    page,
    service,
    pages,
  }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const [number, cvc] = [form.locator('#cardNumber'), form.locator('#cvc')];
    await cvc.focus();
    await page.waitForFunction(() => 'PaytokenFormEngine' in window); // each digit is a step
    await page.keyboard.type('1234');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(cvc).toHaveValue('12');
    await number.pressSequentially('4282246310005');
    await page.keyboard.press('Home');
    await page.keyboard.press('Delete');
    await page.keyboard.type('37');
    await expect(number).toHaveValue('3728 224631 0005');
    await page.keyboard.press('Control+z');
    await expect(number).toHaveValue('3282 2463 1000 5');
    await page.keyboard.press('Control+y');
    await page.keyboard.type('8');
    await expect(number).toHaveValue('3782 822463 10005');
    await cvc.focus();
    await page.keyboard.press('Control+y'); // the brand changed the CVC's length, not what it can redo
    await expect(cvc).toHaveValue('123');
  });

  test('a paste cut short by its brand is checked as it is shown, in one paytoken-change', async ({
    page,
    service,
    pages,
  }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    const number = form.locator('#cardNumber');
    const changes = await recordChanges(form);
    await number.focus();
    await page.waitForFunction(() => 'PaytokenFormEngine' in window); // here before the paste, as usual
    await page.keyboard.insertText('3782822463100051'); // 16 digits: American Express takes 15
    await expect(number).toHaveValue('3782 822463 10005');
    await expect(form.locator('#cardNumber-error')).toHaveText('');
    await expect(number).toHaveAttribute('aria-invalid', 'false');
    expect(await changes()).toEqual([{ method: 'card', brand: 'AmericanExpress', complete: false, valid: true }]);
  });

  test('a CVC is checked again when the card number changes its brand', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    await form.locator('#cardNumber').pressSequentially('378282246310005');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('#postalCode').focus();
    await expect(form.locator('#cvc-error')).toHaveText('Security code must be 4 digits.');
    await form.locator('#cardNumber').fill('');
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await expect(form.locator('[part="brand"]')).toHaveText('Visa');
    await expect(form.locator('#cvc-error')).toHaveText('');
    await expect(form.locator('#cvc')).toHaveValue('123');
  });

  test('a CVC of the wrong length names the digits of the brand the form knows', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service);
    await form.locator('#cardNumber').pressSequentially('4242424242424242');
    await form.locator('#cvc').pressSequentially('12');
    await form.locator('#postalCode').focus();
    await expect(form.locator('#cvc-error')).toHaveText('Security code must be 3 digits.');
  });

  test('en español, the CVC message names the brand’s digits too', async ({ page, service, pages }) => {
    const { form } = await openSpringfield(page, pages.url, service, 'es');
    await form.locator('#cardNumber').pressSequentially('378282246310005');
    await form.locator('#cvc').pressSequentially('123');
    await form.locator('#postalCode').focus();
    await expect(form.locator('#cvc-error')).toHaveText('El código de seguridad debe tener 4 dígitos.');
  });

  test('at 390 px, a long message under one half-width field leaves its neighbour in line', async ({
    page,
    service,
    pages,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { form } = await openSpringfield(page, pages.url, service);
    const top = (name: string) => form.locator(`#${name}`).evaluate((input) => input.getBoundingClientRect().top);
    const height = (name: string) =>
      form.locator(`#${name}-error`).evaluate((error) => error.getBoundingClientRect().height);
    // No brand yet: the message names both lengths, the longest it can be.
    await form.locator('#cardNumber').pressSequentially('1234');
    await form.locator('#expiry').pressSequentially('1230');
    await form.locator('#cvc').pressSequentially('12');
    await form.locator('#postalCode').focus();
    await expect(form.locator('#cvc-error')).toHaveText('Security code must be 3 digits (4 for American Express).');
    expect(await height('cvc')).toBeGreaterThan(2 * (await height('cardNumber'))); // three lines, against one
    expect(await top('expiry')).toBe(await top('cvc'));
    // The bank tab's two half-width fields, the same way.
    await form.getByRole('tab', { name: 'Bank account' }).click();
    await form.locator('#routingNumber').pressSequentially('12345');
    await form.locator('#accountType').focus();
    await expect(form.locator('#routingNumber-error')).not.toHaveText('');
    expect(await top('routingNumber')).toBe(await top('accountType'));
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
    const changes = await recordChanges(form);
    const last = async () => (await changes()).at(-1);
    await form.locator('#cardNumber').pressSequentially('4242');
    // The first ones wait for the form's engine, which the focus started loading; then each comes at once.
    await expect.poll(last).toEqual({ method: 'card', brand: 'Visa', complete: false, valid: true });
    await form.locator('#cardNumber').pressSequentially('1');
    await form.locator('#cardNumber').fill('');
    await form.locator('#cardNumber').pressSequentially('1234567812345678');
    expect(await last()).toMatchObject({ brand: null, valid: false });
    await form.locator('#cardNumber').fill('');
    await fillCard(form);
    expect(await last()).toEqual({ method: 'card', brand: 'Visa', complete: true, valid: true });
    // After a token the emptied form is one change, not one per emptied field.
    const seen = (await changes()).length;
    const outcome = await watchOutcome(form);
    await form.locator('button.pay').click();
    expect(await outcome()).toMatchObject({ type: 'paytoken-token' });
    expect(await changes(seen)).toEqual([{ method: 'card', brand: null, complete: false, valid: true }]);
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
