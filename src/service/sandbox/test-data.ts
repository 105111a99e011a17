import { DECLINED_ACCOUNT, DECLINED_CARDS, SANDBOX_ROUTING_NUMBERS } from './processor.js';

/** A card number in groups of four, as printed on a card: `4000 0000 0000 0002`. */
const grouped = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox's test data (docs/api.md#sandbox-processor), printed at start and in the README's
 * generated table (scripts/reference.ts). The declines are read from the sandbox processor, so what is
 * printed is what it decides.
 */
export const TEST_CARDS: [number: string, result: string][] = [
  ['4242 4242 4242 4242', 'Visa, approved'],
  ['5555 5555 5555 4444', 'MasterCard, approved'],
  ['3782 822463 10005', 'American Express, approved'],
  ['6011 1111 1111 1117', 'Discover, approved'],
  ...Object.entries(DECLINED_CARDS).map(([number, code]): [string, string] => [grouped(number), code]),
];

export const TEST_BANK_ACCOUNTS: [routing: string, account: string, result: string][] = [
  [SANDBOX_ROUTING_NUMBERS.join(' / '), 'any 4-17 digits', 'approved'],
  ['any of those', DECLINED_ACCOUNT, 'InvalidAccountNumber'],
];
