/** The sandbox's test data (contract §6), printed at start and listed in the README. */
export const TEST_CARDS: [number: string, result: string][] = [
  ['4242 4242 4242 4242', 'Visa, approved'],
  ['5555 5555 5555 4444', 'MasterCard, approved'],
  ['3782 822463 10005', 'American Express, approved'],
  ['6011 1111 1111 1117', 'Discover, approved'],
  ['4000 0000 0000 0002', 'GenericDecline'],
  ['4000 0000 0000 9995', 'InsufficientFunds'],
  ['4000 0000 0000 9987', 'LostOrStolenCard'],
  ['4000 0000 0000 0069', 'ExpiredCard'],
  ['4000 0000 0000 0127', 'DeclineCvvFail'],
  ['4000 0000 0000 0101', 'DoNotHonor'],
];

export const TEST_BANK_ACCOUNTS: [routing: string, account: string, result: string][] = [
  ['011000015 / 021000021 / 111000025', 'any 4-17 digits', 'approved'],
  ['any of those', '000111111113', 'InvalidAccountNumber'],
];
