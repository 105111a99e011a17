import { describe, expect, it } from 'vitest';
import { decide } from './processor.js';
import { sandboxBinTable } from '../cards/bin-table-file.js';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from './test-data.js';

describe('the printed test data', () => {
  it.each(TEST_CARDS)('%s is what the sandbox decides (%s)', (number, result) => {
    const code = decide({ cardNumber: number.replace(/\s/g, ''), expired: false }, 100);
    expect(code).toBe(result.endsWith('approved') ? 'Success' : result);
  });

  it('lists the declined bank account the sandbox refuses', () => {
    const [, declined] = TEST_BANK_ACCOUNTS;
    expect(declined?.[2]).toBe('InvalidAccountNumber');
    expect(decide({ routingNumber: '021000021', accountNumber: declined?.[1] ?? '' }, 100)).toBe(
      'InvalidAccountNumber',
    );
  });

  it('prints the declined cards of the sandbox processor', () => {
    expect(TEST_CARDS.map(([number]) => number)).toContain('4000 0000 0000 0002');
    expect(TEST_CARDS).toHaveLength(13);
  });

  it.each(TEST_CARDS.filter(([, result]) => result.endsWith('approved')))(
    '%s has the funding the sandbox BIN table gives it (%s)',
    (number, result) => {
      const funding = /(credit|debit|prepaid), approved$/.exec(result)?.[1];
      expect(sandboxBinTable().lookup(number.replace(/\s/g, ''))?.funding).toBe(funding);
    },
  );
});
