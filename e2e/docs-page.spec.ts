/**
 * The docs page under its Content-Security-Policy (src/service/http/security-headers.ts): Swagger UI renders and
 * "Try it out" sends a request, and the browser reports no CSP violation doing either.
 */
import { expect, test } from './fixtures.js';

test('Swagger UI renders and "Try it out" runs with no CSP violation', async ({ page, service }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  const response = await page.goto(`${service.url}/docs/`);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // As a person trying the API would: key and secret pasted into the Authorize dialog.
  await page.locator('.auth-wrapper').getByRole('button', { name: 'Authorize' }).click();
  const dialog = page.locator('.dialog-ux');
  const { apiKey, apiSecret } = service.accounts.springfield;
  await dialog.locator('input[aria-label="auth-basic-username"]').fill(apiKey);
  await dialog.locator('input[aria-label="auth-basic-password"]').fill(apiSecret);
  await dialog.getByRole('button', { name: 'Apply credentials' }).first().click();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const operation = page.locator('.opblock', { hasText: '/api/v1/tokens/{tokenId}' }).filter({ hasText: 'GET' });
  await expect(operation.first()).toBeVisible();
  await operation.first().locator('.opblock-summary').click();
  // The docs open with "Try it out" on (uiConfig.tryItOutEnabled): the inputs are live at once.
  await operation.first().locator('input[placeholder="tokenId"]').fill('tok_missing');
  await operation.first().getByRole('button', { name: 'Execute' }).click();
  // The request reached the service and its answer is shown: no such token.
  await expect(operation.first().locator('.live-responses-table tbody .response-col_status').first()).toHaveText(
    /^404/,
  );
  await expect(operation.first().locator('.live-responses-table')).toContainText('TOKEN_NOT_FOUND');
  expect(violations).toEqual([]);
});
