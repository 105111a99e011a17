/**
 * The demo's Autopay page (demo/autopay.ts, docs/autopay.md): a payer of Springfield's monthly bill
 * enters a card in the drop-in form and sets up autopay; the demo's backend makes the schedule with the
 * server SDK, the service's runner makes the first payment at once, and the page shows the schedule,
 * its next date and that payment in its history, then a pause.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PaymentScheduleResponse, SchedulePaymentResponse, TransactionResponse } from '../src/shared/wire.js';
import { demoTest, expect } from './fixtures.js';
import { DECLINED, VISA, cardTokenAsServer, fillCardIn, watchForLeaks } from './support/checkout.js';
import type { ServiceProcess } from './support/service.js';

/** axe's violations on the whole page (the drop-in form's shadow root included), one line each. */
async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** A GET of the service as the demo's system account acting for Springfield. */
async function asSpringfield<T>(service: ServiceProcess, path: string): Promise<T> {
  const response = await service.asServer(service.accounts.system, path, {
    headers: { impersonationAccountKey: service.accounts.springfield.impersonationKey ?? '' },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** `date` (YYYY-MM-DD) a month on, on the same day or the month's last. @example monthAfter('2027-01-31') // '2027-02-28' */
function monthAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(day, last))).toISOString().slice(0, 10);
}

const field = (page: Page, name: string) => page.locator(`#schedule dl [data-field="${name}"]`);

demoTest(
  'sets up autopay for a monthly bill: the schedule, its next date, its first payment, a pause',
  async ({ page, demo, service }) => {
    // At a phone's width: the widest part, the history, must not push the page sideways.
    await page.setViewportSize({ width: 390, height: 900 });
    const leaks = watchForLeaks(page, service.url);
    await page.goto(`${demo.url}/autopay`);
    await expect(page.getByRole('link', { name: 'Autopay', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('Pay to').selectOption('springfield');
    await page.getByLabel('Amount each month').fill('84.20');
    // No start date: the first payment is made today, then on this day of every month.
    await expect(page.getByLabel('Day of the month')).toHaveValue('today');
    expect(await axe(page)).toEqual([]);

    const form = page.locator('paytoken-form');
    await fillCardIn(form, VISA);
    await form.locator('button.pay').click();

    const schedule = page.locator('#schedule');
    await expect(schedule).toBeFocused();
    // The page's live region (the form has one of its own, hidden now with the form).
    const status = page.locator('#status');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status).toContainText('Autopay is set up');
    const id = (await schedule.getAttribute('data-schedule-id')) ?? '';
    expect(id).toMatch(/^psch_/);
    await expect(page).toHaveURL(new RegExp(`[?&]schedule=${id}`));
    await expect(field(page, 'amount')).toHaveText('$84.20');
    await expect(field(page, 'payerFee')).toHaveText('$0.00');
    await expect(field(page, 'total')).toHaveText('$84.20');
    await expect(field(page, 'status')).toHaveText('Active');

    // The service's runner makes the first payment within its 5 s pass; the page refreshes its history.
    const history = page.locator('#history tbody tr[data-transaction-id]');
    await expect(history).toHaveCount(1, { timeout: 15_000 });
    const made = await asSpringfield<PaymentScheduleResponse>(service, `/api/v1/paymentSchedules/${id}`);
    const [run] = (
      await asSpringfield<{ payments: SchedulePaymentResponse[] }>(service, `/api/v1/paymentSchedules/${id}/payments`)
    ).payments;
    expect(run).toMatchObject({ dueDate: made.startDate, attempt: 0, amount: 84.2, paymentResponseCode: 'Success' });
    await expect(history.first()).toHaveAttribute('data-transaction-id', String(run?.transactionId));
    await expect(history.first().locator('[data-field="result"]')).toHaveText('Paid');
    await expect(history.first().locator('[data-field="amount"]')).toHaveText('$84.20');
    await expect(history.first().locator('[data-field="dueDate"] time')).toHaveAttribute(
      'datetime',
      made.startDate ?? '',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    // The payment is a transaction of the schedule's amount, with no payer fee (a merchant-initiated run).
    const transaction = await asSpringfield<TransactionResponse>(service, `/api/v1/transactions/${run?.transactionId}`);
    expect([transaction.amount, transaction.payerFee]).toEqual([84.2, 0]);

    // The next date is a month after the first, as the service says.
    expect(made.nextPaymentDate).toBe(monthAfter(made.startDate ?? ''));
    await expect(field(page, 'nextPaymentDate').locator('time')).toHaveAttribute(
      'datetime',
      made.nextPaymentDate ?? '',
    );
    await expect(field(page, 'interval')).toHaveText(`Every month, on day ${Number(made.startDate?.slice(8))}`);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(status).toHaveText('Autopay is paused: nothing is paid until you restart it.');
    await expect(field(page, 'status')).toHaveText('Paused');
    await expect(page.getByRole('button', { name: 'Restart' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    expect((await asSpringfield<PaymentScheduleResponse>(service, `/api/v1/paymentSchedules/${id}`)).status).toBe(
      'Paused',
    );
    expect(await axe(page)).toEqual([]);
    expect(await leaks.leaksOf([VISA.number])).toEqual([]);
  },
);

/** The first date after `today` (YYYY-MM-DD) on day `day` of a month, or on a month's last day. */
function firstAfter(today: string, day: number | 'last'): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  for (let offset = 0; ; offset++) {
    const date = new Date(Date.UTC(year, month - 1 + offset + (day === 'last' ? 1 : 0), day === 'last' ? 0 : day))
      .toISOString()
      .slice(0, 10);
    if (date > today) return date;
  }
}

demoTest(
  'the backend: a chosen day, an end, bad choices and another account’s autopay',
  async ({ request, demo, service }) => {
    const { system, springfield, shelby } = service.accounts;
    const setUp = async (account: 'springfield' | 'shelby', choice: Record<string, unknown>, card = VISA) => {
      const tokenId = await cardTokenAsServer(service, system, account === 'shelby' ? shelby : springfield, card);
      const response = await request.post(`${demo.url}/autopay/schedules`, { data: { account, tokenId, ...choice } });
      return { tokenId, status: response.status(), body: (await response.json()) as Record<string, unknown> };
    };
    const today = new Date().toISOString().slice(0, 10);
    // A card the sandbox declines, paid at once: its first try is in the history (checked at the end,
    // once the runner's pass has come).
    const declined = await setUp('springfield', { amount: '25.00', day: 'today' }, DECLINED);
    expect(declined.status).toBe(201);

    // A day of the month: the first payment on the next such date, none made now.
    const on15 = await setUp('springfield', { amount: '40.00', day: '15', numberOfPayments: '3' });
    expect(on15.status).toBe(201);
    expect(on15.body).toMatchObject({
      startDate: firstAfter(today, 15),
      nextPaymentDate: firstAfter(today, 15),
      numberOfTotalPayments: 3,
      interval: 'Every month, on day 15',
      history: [],
      actions: { pause: true, restart: false, cancel: true },
    });
    const last = await setUp('springfield', { amount: '40.00', day: 'last', endDate: '2030-01-31' });
    expect(last.body).toMatchObject({
      startDate: firstAfter(today, 'last'),
      endDate: '2030-01-31',
      interval: 'Every month, on its last day',
    });

    // Each bad choice gets the page's own sentence, and no schedule is made with its token.
    for (const [choice, message] of [
      [{ amount: '0' }, 'Enter the amount of the monthly bill, such as 84.20.'],
      [{ amount: '1.234' }, 'Enter the amount of the monthly bill, such as 84.20.'],
      [{ amount: '84\u0000' }, 'Enter the amount of the monthly bill, such as 84.20.'],
      [{ amount: 84.2 }, 'Enter the amount of the monthly bill, such as 84.20.'],
      [{ day: '29' }, 'Choose the day of the month: today, a day from 1 to 28, or the last day.'],
      [{ day: '1e1' }, 'Choose the day of the month: today, a day from 1 to 28, or the last day.'],
      [{ endDate: '2027-02-30' }, 'Enter the end date as a date, such as 2027-06-30, or leave it empty.'],
      [{ endDate: '2020-01-01' }, 'Choose a last payment date on or after the first payment, or leave it empty.'],
      [{ numberOfPayments: '366' }, 'Enter the number of payments as a whole number from 1 to 365, or leave it empty.'],
      [{ numberOfPayments: '1.5' }, 'Enter the number of payments as a whole number from 1 to 365, or leave it empty.'],
    ] as [Record<string, unknown>, string][]) {
      const refused = await setUp('springfield', { amount: '40.00', day: 'today', ...choice });
      expect([refused.status, refused.body.message], JSON.stringify(choice)).toEqual([400, message]);
      const made = await asSpringfield<{ totalRecords: number }>(
        service,
        `/api/v1/paymentSchedules?tokenId=${refused.tokenId}`,
      );
      expect(made.totalRecords, JSON.stringify(choice)).toBe(0);
    }

    // Shelby's autopay is nobody's on Springfield's page: not read, not paused.
    const theirs = await setUp('shelby', { amount: '12.00', day: '3' });
    expect(theirs.status).toBe(201);
    const id = theirs.body.id as string;
    const read = await request.get(`${demo.url}/autopay/schedule?account=springfield&id=${id}`);
    expect([read.status(), ((await read.json()) as { message: string }).message]).toEqual([
      404,
      'No such autopay for this account.',
    ]);
    const pause = await request.post(`${demo.url}/autopay/pause`, { data: { account: 'springfield', id } });
    expect(pause.status()).toBe(404);
    const own = await request.get(`${demo.url}/autopay/schedule?account=shelby&id=${id}`);
    expect(((await own.json()) as { status: string }).status).toBe('Active');
    for (const bad of ['../tokens', 'psch_a/b', '']) {
      const answer = await request.get(
        `${demo.url}/autopay/schedule?account=springfield&id=${encodeURIComponent(bad)}`,
      );
      expect(answer.status(), bad).toBe(400);
    }

    // The declined try: listed as declined with its transaction; the schedule stays active for its retries.
    const declinedView = async () => {
      const answer = await request.get(
        `${demo.url}/autopay/schedule?account=springfield&id=${String(declined.body.id)}`,
      );
      return (await answer.json()) as { status: string; history: Record<string, unknown>[] };
    };
    await expect.poll(async () => (await declinedView()).history.length, { timeout: 15_000 }).toBe(1);
    const after = await declinedView();
    expect(after.status).toBe('Active');
    expect(after.history[0]).toMatchObject({ attempt: 0, result: 'Declined', retried: false, amount: 25 });
    expect(after.history[0]?.transactionId).toEqual(expect.any(Number));
  },
);
