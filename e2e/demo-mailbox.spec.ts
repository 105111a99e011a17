/**
 * The demo's Mailbox page shows the receipts the service keeps in its local mailbox
 * (DATA_DIR/mailbox, docs/operating.md#e-mail-receipts): listed newest first, opened as HTML in a
 * sandboxed frame, so a receipt's markup never runs on the demo's page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoTest, expect } from './fixtures.js';

/** An entry as the service writes it: `<id>.json` beside `<id>.eml`. */
function keep(dir: string, id: string, subject: string, html: string): void {
  mkdirSync(dir, { recursive: true });
  const entry = {
    id,
    date: '2026-11-27T15:04:00.000Z',
    from: 'Paytoken <receipts@localhost>',
    to: 'ada@example.com',
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
  const rows = page.getByRole('table', { name: 'Received mail' }).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Recibo de su pago a Shelby');
  await expect(rows.nth(1)).toContainText('ada@example.com');
  await page.getByRole('link', { name: 'Recibo de su pago a Shelby' }).click();
  await expect(page.getByRole('heading', { name: 'Recibo de su pago a Shelby' })).toBeVisible();
  await expect(page.frameLocator('#html').locator('#x')).toHaveText('Total cobrado');
  await expect(page).toHaveTitle('Mailbox');
  expect((await page.request.get(`${demo.url}/mailbox/mail?id=../../sandbox-credentials`)).status()).toBe(404);
});
