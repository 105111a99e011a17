/**
 * The demo at a phone's width (390 px) and a laptop's (1280 px): no page scrolls sideways, every
 * column of the Payments page is on screen, every page links to every other, and what the Payments
 * page says after a bad refund amount or a "Settle now" with nothing to settle is the demo's own
 * sentence, not the API's.
 */
import type { Page } from '@playwright/test';
import { demoTest, expect } from './fixtures.js';
import { DECLINED, VISA, choose, payWithDropin, receipt } from './support/checkout.js';

const WIDTHS = [390, 1280] as const;
const PAGES = {
  '/': 'Home',
  '/dropin': 'Drop-in form',
  '/isolated': 'Isolated form',
  '/script-tag': 'Script tag',
  '/autopay': 'Autopay',
  '/payments': 'Payments',
  '/mailbox': 'Mailbox',
};

/** How far the page reaches past the viewport's right edge, in CSS pixels (0: no sideways scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Every element in `main` whose box leaves the viewport sideways, or that scrolls sideways itself;
 * text only for screen readers (clipped to nothing, as the table's header on a phone) does not count.
 */
const outOfView = (page: Page) =>
  page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('*')]
      .filter((element) => element.getClientRects().length > 0)
      .filter((element) => {
        for (let at: Element | null = element; at && at !== main; at = at.parentElement)
          if (getComputedStyle(at).clipPath !== 'none') return false;
        return true;
      })
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const scrolls =
          element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible';
        return box.left < -0.5 || box.right > window.innerWidth + 0.5 || scrolls;
      })
      .map((element) => `${element.tagName.toLowerCase()}#${element.id}.${element.className}`),
  );

async function pay(page: Page, demoUrl: string, card = VISA, amountDue = '20.00'): Promise<void> {
  await page.goto(`${demoUrl}/dropin`);
  await choose(page, 'springfield', amountDue);
  await payWithDropin(page, card);
}

demoTest.describe('the demo at 390 and 1280 px', () => {
  for (const width of WIDTHS) {
    for (const path of Object.keys(PAGES)) {
      demoTest(`${path} at ${width} px: no sideways scroll, nothing off screen`, async ({ page, demo }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${demo.url}${path}`);
        if (path === '/payments') await expect(page.locator('#rows tr').first()).toBeVisible();
        await expect(page.locator('main')).toBeVisible();
        expect(await overflow(page)).toBe(0);
        expect(await outOfView(page)).toEqual([]);
      });
    }

    demoTest(`Payments at ${width} px: every column of a payment is on screen, labelled`, async ({ page, demo }) => {
      await page.setViewportSize({ width, height: 900 });
      await pay(page, demo.url);
      const { transactionId } = await receipt(page);
      await page.goto(`${demo.url}/payments?account=springfield`);
      const row = page.locator(`tr[data-transaction-id="${transactionId}"]`);
      await expect(row).toBeVisible();
      expect(await overflow(page)).toBe(0);
      expect(await outOfView(page)).toEqual([]);
      for (const name of ['date', 'payer', 'method', 'status', 'amount', 'fee', 'net', 'events', 'actions']) {
        const cell = row.locator(`[data-field="${name}"]`);
        await cell.scrollIntoViewIfNeeded();
        await expect(cell, name).toBeInViewport();
      }
      await expect(row.getByRole('button', { name: 'Void' })).toBeInViewport();
    });
  }

  demoTest('every page links to every other, the current one marked', async ({ page, demo }) => {
    for (const path of Object.keys(PAGES)) {
      await page.goto(`${demo.url}${path}`);
      const nav = page.getByRole('navigation');
      for (const [target, name] of Object.entries(PAGES)) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link, `${path} links to ${target}`).toHaveAttribute('href', target);
        if (target === path) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current');
      }
    }
  });

  demoTest('Payments lists declines too, each payment with its date', async ({ page, demo }) => {
    await pay(page, demo.url, DECLINED, '21.00');
    await expect(page.locator('paytoken-form').getByRole('alert')).toContainText('declined');
    await page.goto(`${demo.url}/payments?account=springfield`);
    const declined = page.locator('tr', { has: page.locator('[data-field="status"]', { hasText: 'Declined' }) });
    await expect(declined.first()).toBeVisible();
    await expect(declined.first().locator('[data-field="amount"]')).toHaveText('$21.68');
    await expect(declined.first().getByRole('button')).toHaveCount(0);
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
    await expect(page.locator('#rows [data-field="date"]').first()).toContainText(today);
  });

  demoTest('a refund amount that is not an amount gets the demo’s sentence', async ({ page, demo }) => {
    await pay(page, demo.url, VISA, '22.00');
    const { transactionId } = await receipt(page);
    await page.goto(`${demo.url}/payments?account=springfield`);
    await page.getByRole('button', { name: 'Settle now' }).click();
    const row = page.locator(`tr[data-transaction-id="${transactionId}"]`);
    await expect(row.locator('[data-field="status"]')).toHaveText('Settled');
    const amount = page.getByRole('textbox', { name: `Refund amount for transaction ${transactionId}` });
    for (const typed of ['1.234', '0.001', '1e2', '0x10', '-5', '0', '12,50', '99999999999']) {
      await amount.fill(typed);
      await row.getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByRole('status'), typed).toHaveText(
        'Enter the amount to refund, such as 40.00, or leave it empty for all that is left.',
      );
    }
    await expect(row.locator('[data-field="status"]')).toHaveText('Settled');
  });

  demoTest('"Settle now" with nothing to settle makes no batch', async ({ page, demo, service }) => {
    await page.goto(`${demo.url}/payments?account=springfield`);
    await page.getByRole('button', { name: 'Settle now' }).click();
    await expect(page.getByRole('status')).not.toHaveText(/^Working/);
    const batches = async () => {
      const response = await service.asServer(service.accounts.system, '/api/v1/batches', {
        headers: { impersonationAccountKey: service.accounts.springfield.impersonationKey ?? '' },
      });
      return ((await response.json()) as { totalRecords: number }).totalRecords;
    };
    const before = await batches();
    await page.getByRole('button', { name: 'Settle now' }).click();
    await expect(page.getByRole('status')).toHaveText('Nothing to settle: every payment is already in a batch.');
    expect(await batches()).toBe(before);
  });
});
