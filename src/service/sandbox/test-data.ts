import { DECLINED_ACCOUNT, DECLINED_CARDS, SANDBOX_ROUTING_NUMBERS } from './processor.js';

/** A card number in groups of four, as printed on a card: `4000 0000 0000 0002`. */
const grouped = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox's test data (docs/api.md#sandbox-processor), printed at start and in the README's
 * generated table (scripts/reference.ts). The declines are read from the sandbox processor, so what is
 * printed is what it decides; each approved card's funding is the sandbox BIN table's (sandbox/bin-ranges.csv).
 */
export const TEST_CARDS: [number: string, result: string][] = [
  ['4242 4242 4242 4242', 'Visa credit, approved'],
  ['4000 0566 5566 5556', 'Visa debit, approved'],
  ['5555 5555 5555 4444', 'MasterCard credit, approved'],
  ['5200 8282 8282 8210', 'MasterCard debit, approved'],
  ['5105 1051 0510 5100', 'MasterCard prepaid, approved'],
  ['3782 822463 10005', 'American Express credit, approved'],
  ['6011 1111 1111 1117', 'Discover credit, approved'],
  ...Object.entries(DECLINED_CARDS).map(([number, code]): [string, string] => [grouped(number), code]),
];

export const TEST_BANK_ACCOUNTS: [routing: string, account: string, result: string][] = [
  [SANDBOX_ROUTING_NUMBERS.join(' / '), 'any 4-17 digits', 'approved'],
  ['any of those', DECLINED_ACCOUNT, 'InvalidAccountNumber'],
];
