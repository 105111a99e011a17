import { describe, expect, it } from 'vitest';
import { containsPattern } from '../storage/search-query.js';
import type { TransactionSearch } from '../payments/search.js';
import { parseSearchDate, validateTransactionSearch } from './search-parameters.js';

const NOW = new Date('2026-11-22T15:30:00.000Z');
const DAY = 86_400_000;

const valid = (query: Record<string, unknown>): TransactionSearch => {
  const result = validateTransactionSearch(query, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};
const problems = (query: unknown) => {
  const result = validateTransactionSearch(query, NOW);
  return result.ok ? [] : result.errors.map(({ field, code }) => `${field}:${code}`);
};

describe('validateTransactionSearch: defaults', () => {
  it('no parameters: the last 30 days up to now, Processed, page 1 of 25', () => {
    expect(valid({})).toEqual({
      from: new Date(NOW.getTime() - 30 * DAY),
      until: null,
      minAmountCents: null,
      maxAmountCents: null,
      lastFour: null,
      payerName: null,
      batchId: null,
      searchType: 'Processed',
      page: 1,
      pageSize: 25,
    });
  });

  it('only endDate: the 30 days before it', () => {
    expect(valid({ endDate: '2026-10-31' })).toMatchObject({
      from: new Date('2026-10-02T00:00:00Z'),
      until: new Date('2026-11-01T00:00:00Z'),
    });
  });

  it('empty parameters are refused, white space alone as a name too', () => {
    expect(problems({ page: '', payerName: '  ', minAmount: '' })).toEqual([
      'page:EMPTY_PARAMETER',
      'minAmount:EMPTY_PARAMETER',
      'payerName:EMPTY_PARAMETER',
    ]);
  });
});

describe('validateTransactionSearch: accepted values', () => {
  it.each([
    [{ beginDate: '2026-11-01' }, { from: new Date('2026-11-01T00:00:00Z'), until: null }],
    [{ endDate: '2026-11-01' }, { until: new Date('2026-11-02T00:00:00Z') }],
    [
      { beginDate: '2026-11-01T10:00:00Z', endDate: '2026-11-01T11:00:00Z' },
      { from: new Date('2026-11-01T10:00:00Z'), until: new Date('2026-11-01T11:00:00.001Z') },
    ],
    [{ beginDate: '2026-11-01T10:00+02:00' }, { from: new Date('2026-11-01T08:00:00Z') }],
    // `+` unencoded in a query string arrives as a space
    [{ beginDate: '2026-11-01T10:00:00 02:00' }, { from: new Date('2026-11-01T08:00:00Z') }],
    [{ beginDate: '2026-11-01T10:00:00.123456-05:00' }, { from: new Date('2026-11-01T15:00:00.123Z') }],
    [
      { minAmount: '0', maxAmount: '103.25' },
      { minAmountCents: 0, maxAmountCents: 10325 },
    ],
    [
      { minAmount: '25.5', maxAmount: '25.50' },
      { minAmountCents: 2550, maxAmountCents: 2550 },
    ],
    [{ maxAmount: '10000000' }, { maxAmountCents: 1_000_000_000 }],
    [{ accountNumber: '4242' }, { lastFour: '4242' }],
    [{ payerName: ' Love ' }, { payerName: 'Love' }],
    // Without an offset, as the .NET client sends it: UTC.
    [{ beginDate: '2026-11-01T10:00:00' }, { from: new Date('2026-11-01T10:00:00Z') }],
    [{ beginDate: '2026-11-01T10:00:00.1234567' }, { from: new Date('2026-11-01T10:00:00.123Z') }],
    [{ payerName: '50%_off\\' }, { payerName: '50%_off\\' }],
    [{ batchId: '17' }, { batchId: '17' }],
    [{ transactionSearchTypeId: 'Rejected' }, { searchType: 'Rejected' }],
    [{ transactionSearchTypeId: 'Refunds' }, { searchType: 'Refunds' }],
    [
      { page: '3', pageSize: '50' },
      { page: 3, pageSize: 50 },
    ],
    [
      { page: '1000000', pageSize: '1' },
      { page: 1_000_000, pageSize: 1 },
    ],
  ])('%j', (query, expected) => {
    expect(valid(query)).toMatchObject(expected);
  });
});

describe('validateTransactionSearch: refused values name their parameter', () => {
  it.each([
    [{ beginDate: '2026-02-30' }, 'beginDate:INVALID_DATE'],
    [{ beginDate: '2026-13-01' }, 'beginDate:INVALID_DATE'],
    [{ beginDate: '22/11/2026' }, 'beginDate:INVALID_DATE'],
    [{ beginDate: '2026-11-01T25:00:00Z' }, 'beginDate:INVALID_DATE'],
    [{ endDate: 'yesterday' }, 'endDate:INVALID_DATE'],
    [{ endDate: '1969-12-31' }, 'endDate:INVALID_DATE'],
    [{ beginDate: '2026-11-02', endDate: '2026-11-01' }, 'beginDate:INVALID_DATE_RANGE'],
    [{ beginDate: '2026-11-01T10:00:00.002Z', endDate: '2026-11-01T10:00:00.000Z' }, 'beginDate:INVALID_DATE_RANGE'],
    [{ minAmount: '1.005' }, 'minAmount:INVALID_AMOUNT_FILTER'],
    [{ minAmount: '-5' }, 'minAmount:INVALID_AMOUNT_FILTER'],
    [{ maxAmount: 'ten' }, 'maxAmount:INVALID_AMOUNT_FILTER'],
    [{ maxAmount: '10000000.01' }, 'maxAmount:INVALID_AMOUNT_FILTER'],
    [{ minAmount: '20', maxAmount: '10' }, 'minAmount:INVALID_AMOUNT_RANGE'],
    [{ accountNumber: '424' }, 'accountNumber:INVALID_LAST_FOUR'],
    [{ accountNumber: '4242424242424242' }, 'accountNumber:INVALID_LAST_FOUR'],
    [{ accountNumber: '42a2' }, 'accountNumber:INVALID_LAST_FOUR'],
    [{ payerName: 'x'.repeat(101) }, 'payerName:INVALID_PAYER_NAME'],
    [{ batchId: 'bat 1' }, 'batchId:INVALID_BATCH_ID'],
    [{ batchId: 'bat_3kq9-Zr' }, 'batchId:INVALID_BATCH_ID'],
    [{ batchId: '1234567890' }, 'batchId:INVALID_BATCH_ID'],
    [{ batchId: '-1' }, 'batchId:INVALID_BATCH_ID'],
    [{ transactionSearchTypeId: 'processed' }, 'transactionSearchTypeId:INVALID_SEARCH_TYPE'],
    [{ transactionSearchTypeId: 'All' }, 'transactionSearchTypeId:INVALID_SEARCH_TYPE'],
    [{ page: '0' }, 'page:INVALID_PAGE'],
    [{ page: '-1' }, 'page:INVALID_PAGE'],
    [{ page: '1.5' }, 'page:INVALID_PAGE'],
    [{ page: '1000001' }, 'page:INVALID_PAGE'],
    [{ page: '1e3' }, 'page:INVALID_PAGE'],
    [{ pageSize: '51' }, 'pageSize:INVALID_PAGE_SIZE'],
    [{ pageSize: '0' }, 'pageSize:INVALID_PAGE_SIZE'],
    [{ payername: 'Ada' }, 'payername:UNKNOWN_SEARCH_PARAMETER'],
    [{ page: ['1', '2'] }, 'page:REPEATED_SEARCH_PARAMETER'],
  ])('%j', (query, expected) => {
    expect(problems(query)).toEqual([expected]);
  });

  it('lists every problem, not only the first', () => {
    expect(problems({ page: '0', pageSize: '99', accountNumber: 'x', endDate: 'soon' })).toEqual([
      'endDate:INVALID_DATE',
      'accountNumber:INVALID_LAST_FOUR',
      'page:INVALID_PAGE',
      'pageSize:INVALID_PAGE_SIZE',
    ]);
  });
});

describe('parseSearchDate', () => {
  it.each([
    ['2024-02-29', false, '2024-02-29T00:00:00.000Z'],
    ['2024-02-29', true, '2024-03-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59Z', true, '2026-12-31T23:59:59.001Z'],
  ])('%s (end of day: %s) is %s', (text, endOfDay, iso) => {
    expect(parseSearchDate(text, endOfDay)?.toISOString()).toBe(iso);
  });

  it.each(['2025-02-29', '2026-11-01T10:60Z', '2026-11-01T10:00:60Z', '', '2026-11-01Z'])('%j is no date', (text) => {
    expect(parseSearchDate(text, false)).toBeNull();
  });
});

describe('containsPattern', () => {
  it.each([
    ['Ada', '%Ada%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%j becomes %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
