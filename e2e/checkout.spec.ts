import { createServer } from 'node:net';
import { demoTest, expect } from './fixtures.js';
import {
  BANK,
  DECLINED,
  LOST_OR_STOLEN,
  VISA,
  choose,
  payWithDropin,
  payWithScriptTag,
  receipt,
  startDemoFor,
  watchForLeaks,
} from './support/checkout.js';
import { startServiceProcess, type ServiceProcess } from './support/service.js';

/** What the service itself says of a transaction, asked as the demo's system account for the client. */
async function transactionAsService(service: ServiceProcess, id: string, client: 'springfield' | 'shelby') {
  const response = await service.asServer(service.accounts.system, `/api/v1/transactions/${id}`, {
    headers: { impersonationAccountKey: service.accounts[client].impersonationKey as string },
  });
  return (await response.json()) as unknown;
}

const flows = [
  ['drop-in form', '/dropin', payWithDropin],
  ['script tag', '/script-tag', payWithScriptTag],
] as const;

for (const [name, path, pay] of flows) {
  demoTest.describe(`demo checkout, ${name}`, () => {
    demoTest(
      'card: $100.00 due to Springfield is $103.25 charged, $100.00 to the agency; nothing leaks',
      async ({ page, service, demo }) => {
        const leaks = watchForLeaks(page, service.url);
        await page.goto(`${demo.url}${path}`);
        await choose(page, 'springfield');
        await pay(page, VISA);
        const paid = await receipt(page);
        expect(paid).toMatchObject({
          charged: '$103.25',
          feeLine: 'Payer fee: $3.25',
          agencyNet: '$100.00',
          method: 'Visa ····4242',
        });
        expect(await transactionAsService(service, paid.transactionId as string, 'springfield')).toMatchObject({
          amount: 103.25,
          payerFee: 3.25,
          netAmount: 100,
          payerFeeMode: 'Included',
        });
        expect(await leaks.leaksOf([VISA.number, `"cvc":"${VISA.cvc}"`, VISA.cvc])).toEqual([]);
      },
    );

    demoTest('ACH: $100.00 due to Springfield is $103.00 charged; nothing leaks', async ({ page, service, demo }) => {
      const leaks = watchForLeaks(page, service.url);
      await page.goto(`${demo.url}${path}`);
      await choose(page, 'springfield');
      await pay(page, BANK);
      const paid = await receipt(page);
      expect(paid).toMatchObject({
        charged: '$103.00',
        feeLine: 'Payer fee: $3.00',
        agencyNet: '$100.00',
        method: 'Bank account ····6789',
      });
      expect(await transactionAsService(service, paid.transactionId as string, 'springfield')).toMatchObject({
        amount: 103,
        netAmount: 100,
      });
      expect(await leaks.leaksOf([BANK.account])).toEqual([]);
    });

    demoTest('a decline card shows the readable decline', async ({ page, service, demo }) => {
      await page.goto(`${demo.url}${path}`);
      await choose(page, 'springfield', '25.00');
      await pay(page, DECLINED);
      // The drop-in page reports it inside the form (showPaymentError); the script-tag page above its button.
      const problem = path === '/dropin' ? page.locator('paytoken-form').getByRole('alert') : page.locator('#problem');
      await expect(problem).toHaveText('The payment was declined. Please use another card or payment method.');
      await expect(page.locator('#receipt')).toBeHidden();
      void service;
    });

    demoTest('a card reported lost or stolen reads to the payer as a plain decline', async ({ page, demo }) => {
      await page.goto(`${demo.url}${path}`);
      await choose(page, 'springfield', '25.00');
      const answers: string[] = [];
      page.on('response', (response) => {
        if (response.url().endsWith('/checkout/pay')) void response.text().then((text) => answers.push(text));
      });
      await pay(page, LOST_OR_STOLEN);
      const problem = path === '/dropin' ? page.locator('paytoken-form').getByRole('alert') : page.locator('#problem');
      await expect(problem).toHaveText('The payment was declined. Please use another card or payment method.');
      // Neither the page nor its network answers tell the payer (or a script on the page) why.
      await expect.poll(() => answers.length).toBe(1);
      expect(answers[0]).not.toMatch(/lost|stolen|LostOrStolen/i);
    });
  });
}

demoTest(
  "Shelby's rates show and apply: card payer fee $3.50, agency net $100.15 (custom fee)",
  async ({ page, service, demo }) => {
    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'shelby');
    await expect(page.locator('paytoken-form').locator('button.pay')).toHaveText('Pay $103.50');
    await payWithDropin(page, VISA);
    const paid = await receipt(page);
    expect(paid).toMatchObject({ charged: '$103.50', feeLine: 'Payer fee: $3.50', agencyNet: '$100.15' });
    expect(await transactionAsService(service, paid.transactionId as string, 'shelby')).toMatchObject({
      payerFeeMode: 'Custom',
      fee: 3.35,
    });
  },
);

demoTest('invalid input shows field messages and sends nothing', async ({ page, service, demo }) => {
  const leaks = watchForLeaks(page, service.url);
  await page.goto(`${demo.url}/script-tag`);
  await payWithScriptTag(page, { ...VISA, number: '4242424242424241', expiry: { month: '13', year: '2030' } });
  await expect(page.locator('[data-error="creditCardInformation.cardNumber"]')).toHaveText('Card number is not valid.');
  await expect(page.locator('[data-error="creditCardInformation.month"]')).toHaveText(
    'Expiration month must be 1 to 12.',
  );
  expect(leaks.tokenRequests()).toHaveLength(0);
});

demoTest('with the service stopped the page says so, and works again when it is back', async ({ page }) => {
  demoTest.setTimeout(150_000); // two cold service starts, up to 60 s each
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  let service = await startServiceProcess({ PORT: String(port) });
  const demo = await startDemoFor(service);
  try {
    await page.goto(`${demo.url}/script-tag`);
    await choose(page, 'springfield');
    await expect(page.locator('#fees')).toContainText('$103.25'); // the fee lookup is done before the service goes
    await service.stop({ keepData: true });
    await payWithScriptTag(page, VISA);
    await expect(page.locator('#problem')).toHaveText(
      'The payment service could not be reached. Check your connection and try again.',
    );
    service = await startServiceProcess({ PORT: String(port) }, { dataDir: service.dataDir });
    await page.locator('#cardNumber').fill(VISA.number);
    await page.locator('#cvc').fill(VISA.cvc);
    await page.locator('#month').fill(VISA.expiry.month);
    await page.locator('#year').fill(VISA.expiry.year);
    await page.locator('button.pay').click();
    expect(await receipt(page)).toMatchObject({ charged: '$103.25' });
  } finally {
    await demo.close();
    await service.stop();
  }
});
