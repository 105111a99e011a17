import { sandboxBinTable } from '../cards/bin-table-file.js';
/**
 * The daily settlement cut-off: parsing SETTLEMENT_CUTOFF, the latest cut-off across time zones and
 * DST, and closing the due batches exactly once on the harness's database (PGlite, or PostgreSQL with
 * DATABASE_URL), even when several callers race.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxProcessor } from '../sandbox/processor.js';
import { loadConfig } from '../config/config.js';
import { newId } from '../vault/random.js';
import { CARD, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { MAX_MISSED_CUTOFFS, closeDueBatches, dueCutoffs, latestCutoff, parseSettlementCutoff } from './cutoff.js';
import type { Payer } from './result.js';
import { sale } from './sale.js';
import { newStoredToken } from './stored-token.js';

describe('parseSettlementCutoff', () => {
  it.each([
    ['20:00', { hour: 20, minute: 0, timeZone: 'America/New_York' }],
    ['18:30 Europe/Berlin', { hour: 18, minute: 30, timeZone: 'Europe/Berlin' }],
    ['00:00 UTC', { hour: 0, minute: 0, timeZone: 'UTC' }],
  ])('%s', (text, expected) => expect(parseSettlementCutoff(text)).toEqual(expected));

  it.each(['24:00', '8:00', '20:00 Mars/Olympus', '20:00:00', ''])('refuses %j', (text) =>
    expect(parseSettlementCutoff(text)).toBeNull(),
  );

  it('is checked with the rest of the configuration', () => {
    expect(loadConfig({}).settlementCutoff).toEqual({ hour: 20, minute: 0, timeZone: 'America/New_York' });
    expect(() => loadConfig({ SETTLEMENT_CUTOFF: '25:00' })).toThrow(/SETTLEMENT_CUTOFF must be HH:MM/);
  });
});

describe('latestCutoff', () => {
  const newYork = parseSettlementCutoff('20:00') as NonNullable<ReturnType<typeof parseSettlementCutoff>>;
  it.each([
    // EST (UTC−5): 20:00 is 01:00 UTC the next day.
    ['2026-11-23T00:59:59Z', '2026-11-22T01:00:00.000Z'],
    ['2026-11-23T01:00:00Z', '2026-11-23T01:00:00.000Z'],
    ['2026-11-23T15:00:00Z', '2026-11-23T01:00:00.000Z'],
    // EDT (UTC−4): 20:00 is 00:00 UTC.
    ['2026-07-04T12:00:00Z', '2026-07-04T00:00:00.000Z'],
    // The day DST ends (1 November 2026): yesterday's cut-off was in EDT, today's in EST.
    ['2026-11-01T12:00:00Z', '2026-11-01T00:00:00.000Z'],
    ['2026-11-02T02:00:00Z', '2026-11-02T01:00:00.000Z'],
  ])('at %s it was %s', (now, expected) => expect(latestCutoff(new Date(now), newYork).toISOString()).toBe(expected));
});

describe('dueCutoffs', () => {
  const utc = parseSettlementCutoff('20:00 UTC') as NonNullable<ReturnType<typeof parseSettlementCutoff>>;
  const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
  it('is the latest alone on a new database, nothing when it is closed, else each one missed, oldest first', () => {
    const now = new Date('2026-11-22T21:00:00Z');
    expect(iso(dueCutoffs(null, now, utc))).toEqual(['2026-11-22T20:00:00.000Z']);
    expect(dueCutoffs(new Date('2026-11-22T20:00:00Z'), now, utc)).toEqual([]);
    expect(iso(dueCutoffs(new Date('2026-11-20T20:00:00Z'), now, utc))).toEqual([
      '2026-11-21T20:00:00.000Z',
      '2026-11-22T20:00:00.000Z',
    ]);
  });
  it(`catches up on ${MAX_MISSED_CUTOFFS} days at the most`, () => {
    const due = dueCutoffs(new Date('2026-01-01T20:00:00Z'), new Date('2026-11-22T21:00:00Z'), utc);
    expect(due).toHaveLength(MAX_MISSED_CUTOFFS);
    expect(due.at(-1)?.toISOString()).toBe('2026-11-22T20:00:00.000Z');
  });
});

describe('closeDueBatches', () => {
  let service: TestService;
  let payer: Payer;
  beforeAll(async () => {
    service = await startTestService();
    payer = await payerNamed(service, 'Springfield');
  });
  afterAll(() => service.close());
  beforeEach(() => service.reset());

  async function payAt(at: Date): Promise<number> {
    const deps = {
      repository: service.repository,
      vault: service.vault,
      processor: sandboxProcessor,
      now: () => at,
      binTable: sandboxBinTable(),
    };
    const token = newStoredToken(
      newId('tok'),
      {
        payer: 'Ada',
        emailAddress: 'ada@example.com',
        creditCardInformation: { ...CARD, cardNumber: '4242424242424242' },
      },
      payer.scope,
      deps,
    );
    await service.repository.tokens.insert(token);
    const result = await sale(
      {
        payer: 'Ada',
        amountCents: 5_000,
        payerFeeCents: 1,
        initiatingPartyFeeCents: 0,
        source: { tokenId: token.id },
        sendReceipt: false,
      },
      payer,
      deps,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.failure));
    await service.sql.query('UPDATE transactions SET created_at = $2 WHERE id = $1', [result.value.id, at]);
    return result.value.id;
  }

  it('settles what was made before the cut-off, once, however many callers race', async () => {
    const cutoff = parseSettlementCutoff('20:00 UTC') as NonNullable<ReturnType<typeof parseSettlementCutoff>>;
    const before = await payAt(new Date('2026-11-22T19:00:00Z'));
    const after = await payAt(new Date('2026-11-22T20:30:00Z'));
    const now = () => new Date('2026-11-22T21:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 5 }, () => closeDueBatches(cutoff, { repository: service.repository, now })),
    );
    expect(results.filter((closed) => closed === 1)).toHaveLength(1);
    expect(results.filter((closed) => closed === null)).toHaveLength(4);
    const settled = await service.repository.transactions.find(String(before), payer.scope);
    expect(settled?.batchId).not.toBeNull();
    expect(settled?.events.map((event) => event.eventType)).toEqual(['Sale', 'Settle']);
    expect((await service.repository.transactions.find(String(after), payer.scope))?.batchId).toBeNull();
    const { batches } = await service.repository.batches.list(payer.scope, 10, 0);
    expect(batches).toMatchObject([
      { numberOfDebits: 1, totalOfDebits: 5_000, created: new Date('2026-11-22T20:00:00Z') },
    ]);
    // The next day's cut-off takes the later payment.
    expect(
      await closeDueBatches(cutoff, { repository: service.repository, now: () => new Date('2026-11-23T20:00:00Z') }),
    ).toBe(1);
    expect((await service.repository.transactions.find(String(after), payer.scope))?.batchId).not.toBeNull();
  });

  it('after days down, closes each missed cut-off in turn: a batch a day, as if it had been running', async () => {
    const cutoff = parseSettlementCutoff('20:00 UTC') as NonNullable<ReturnType<typeof parseSettlementCutoff>>;
    const repository = service.repository;
    await payAt(new Date('2026-11-19T10:00:00Z'));
    expect(await closeDueBatches(cutoff, { repository, now: () => new Date('2026-11-19T21:00:00Z') })).toBe(1);
    // Then down from the 19th at 21:00 until the 22nd at 21:00: the 20th's, 21st's and 22nd's cut-offs missed.
    await payAt(new Date('2026-11-20T10:00:00Z'));
    await payAt(new Date('2026-11-21T10:00:00Z'));
    await payAt(new Date('2026-11-21T11:00:00Z'));
    await payAt(new Date('2026-11-22T10:00:00Z'));
    expect(await closeDueBatches(cutoff, { repository, now: () => new Date('2026-11-22T21:00:00Z') })).toBe(3);
    const { batches } = await repository.batches.list(payer.scope, 10, 0);
    expect(batches.map(({ created, numberOfDebits }) => [created.toISOString(), numberOfDebits])).toEqual([
      ['2026-11-22T20:00:00.000Z', 1],
      ['2026-11-21T20:00:00.000Z', 2],
      ['2026-11-20T20:00:00.000Z', 1],
      ['2026-11-19T20:00:00.000Z', 1],
    ]);
    expect(await closeDueBatches(cutoff, { repository, now: () => new Date('2026-11-22T21:01:00Z') })).toBeNull();
  });
});
