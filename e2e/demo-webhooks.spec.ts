/**
 * The demo as a webhook receiver (demo/webhooks.ts): a restart on the same service reuses its
 * endpoint instead of adding one, and still verifies what arrives; a POST that is not signed by the
 * service is answered 400 and shown as refused, with nothing its body claims.
 */
import { PaytokenClient } from '../src/server-sdk/index.js';
import { expect, test } from './fixtures.js';
import { VISA, choose, payWithDropin, receipt, startDemoFor } from './support/checkout.js';
import type { ServiceProcess } from './support/service.js';

/** Springfield's webhook endpoints as the demo sees them: the system account acting for Springfield. */
function springfieldEndpoints(service: ServiceProcess) {
  const { system, springfield } = service.accounts;
  return new PaytokenClient({
    apiUrl: service.url,
    apiKey: system.apiKey,
    apiSecret: system.apiSecret,
    impersonationAccountKey: springfield.impersonationKey ?? undefined,
  }).webhookEndpoints;
}

test('a restarted demo reuses its endpoint and verifies the next payment’s webhook', async ({ page, service }) => {
  const first = await startDemoFor(service);
  const port = Number(new URL(first.url).port);
  await first.close();
  await (await startDemoFor(service, { port })).close();
  const demo = await startDemoFor(service, { port });
  try {
    expect(demo.webhooks).toBe('on');
    const mine = (await springfieldEndpoints(service).list()).webhookEndpoints.filter(
      (endpoint) => endpoint.url === `${demo.url}/webhooks`,
    );
    expect(mine).toHaveLength(1);

    await page.goto(`${demo.url}/dropin`);
    await choose(page, 'springfield', '13.00');
    await payWithDropin(page, VISA);
    const { transactionId } = await receipt(page);
    await page.goto(`${demo.url}/payments?account=springfield`);
    const row = page.locator(`#webhooks tr[data-object-id="${transactionId}"]`);
    await expect(row.locator('[data-field="verified"]').first()).toHaveText('Yes', { timeout: 15_000 });
  } finally {
    await demo.close();
  }
});

test('a forged webhook is refused and shown without what it claims', async ({ page, service }) => {
  const demo = await startDemoFor(service);
  try {
    const forged = JSON.stringify({ id: 'evt_forged', type: 'transaction.refunded', data: { object: { id: 7 } } });
    const answer = await fetch(`${demo.url}/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Paytoken-Signature': `t=${Math.floor(Date.now() / 1000)},v1=00` },
      body: forged,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: expect.stringMatching(/signature/i) as unknown });
    const huge = await fetch(`${demo.url}/webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'x'.repeat(300_000),
    });
    expect(huge.status).toBe(413);

    await page.goto(`${demo.url}/payments?account=springfield`);
    const refused = page.locator('#webhooks tr', { hasText: 'No:' });
    await expect(refused).toHaveCount(1);
    await expect(refused.locator('[data-field="type"]')).toHaveText('—');
    await expect(page.locator('#webhooks')).not.toContainText('evt_forged');
    await expect(page.locator('#webhooks')).not.toContainText('transaction.refunded');
  } finally {
    await demo.close();
  }
});
