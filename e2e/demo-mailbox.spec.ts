/**
 * The demo's Mailbox page shows the receipts the service keeps in its local mailbox
 * (DATA_DIR/mailbox, docs/operating.md#e-mail-receipts): listed newest first, opened as HTML in a
 * sandboxed frame, so a receipt's markup never runs on the demo's page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMailbox } from '../src/service/mail/mailbox.js';
import { demoTest, expect } from './fixtures.js';
import { VISA, choose, payWithDropin, receipt } from './support/checkout.js';

/** The recipient of the entries this spec writes itself: the worker's real receipts go to others. */
const FIXTURE_TO = 'mailbox-fixture@example.com';

/** An entry as the service writes it: `<id>.json` beside `<id>.eml`. */
function keep(dir: string, id: string, subject: string, html: string): void {
  mkdirSync(dir, { recursive: true });
  const entry = {
    id,
    date: '2026-11-27T15:04:00.000Z',
    from: 'Paytoken <receipts@localhost>',
    to: FIXTURE_TO,
    subject,
    text: `${subject}\n`,
    html,
    eml: `${id}.eml`,
  };
  writeFileSync(join(dir, `${id}.eml`), `Subject: ${subject}\r\n\r\n${subject}\r\n`);
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(entry));
}

demoTest('lists the mailbox and opens a receipt in a sandboxed frame', async ({ page, demo, service }) => {
  const dir = join(service.dataDir, 'mailbox');
  keep(
    dir,
    '20261127T150400000Z-00000000000a',
    'Receipt for your payment to Springfield',
    '<p>Total charged: $103.25</p>',
  );
  keep(
    dir,
    '20261127T150500000Z-00000000000b',
    'Recibo de su pago a Shelby',
    '<p id="x">Total cobrado</p><script>parent.document.title = "pwned"</script>',
  );
  writeFileSync(join(dir, 'notes.json'), '{}');
  await page.goto(`${demo.url}/mailbox`);
  // Only this spec's entries: payments of the worker's other specs send real receipts to the mailbox.
  const rows = page.getByRole('table', { name: 'Received mail' }).locator('tbody tr').filter({ hasText: FIXTURE_TO });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Recibo de su pago a Shelby');
  await expect(rows.nth(1)).toContainText('Receipt for your payment to Springfield');
  await page.getByRole('link', { name: 'Recibo de su pago a Shelby' }).click();
  await expect(page.getByRole('heading', { name: 'Recibo de su pago a Shelby' })).toBeVisible();
  await expect(page.frameLocator('#html').locator('#x')).toHaveText('Total cobrado');
  await expect(page).toHaveTitle('Mailbox');
  expect((await page.request.get(`${demo.url}/mailbox/mail?id=../../sandbox-credentials`)).status()).toBe(404);
});

demoTest('a payment through the demo sends its receipt to the mailbox page', async ({ page, demo, service }) => {
  await page.goto(`${demo.url}/dropin`);
  await choose(page, 'springfield', '21.00');
  await payWithDropin(page, VISA);
  const { transactionId } = await receipt(page);
  expect(transactionId).toBeTruthy();
  // The service's delivery runner sends it shortly after the payment commits.
  const dir = join(service.dataDir, 'mailbox');
  const mine = async () =>
    (await readMailbox(dir)).find((entry) => entry.text.includes(`${transactionId}`) && entry.to === 'ada@example.com');
  await expect
    .poll(async () => (await mine())?.subject, { timeout: 15_000 })
    .toBe('Receipt for your payment to Springfield');
  const entry = (await mine())!;
  expect(`${entry.text}${entry.html}`).not.toContain(VISA.number);
  await page.goto(`${demo.url}/mailbox`);
  await page.locator(`a[href="#${entry.id}"]`).click();
  await expect(page.getByRole('heading', { name: 'Receipt for your payment to Springfield' })).toBeVisible();
  await expect(page.frameLocator('#html').getByText(`${transactionId}`, { exact: false })).toBeVisible();
});
