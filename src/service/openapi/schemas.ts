/**
 * The contract's bodies as JSON Schema (OpenAPI 3.1): the OpenAPI document is generated from these,
 * responses are serialized through them (so nothing undeclared can leak), and request schemas are
 * paired with the shared validators that enforce them (request-schema.ts).
 */
import { ACCOUNT_TYPES } from '../../shared/wire.js';

const TRANSACTION_TYPES = ['Ach', 'Visa', 'MasterCard', 'Discover', 'AmericanExpress', 'Jcb', 'DinersClub', 'UnionPay'];

const text = (maxLength: number, description: string) => ({ type: 'string', minLength: 1, maxLength, description });

export const fieldErrorSchema = {
  type: 'object',
  properties: {
    field: { type: 'string', description: 'Dotted path, e.g. creditCardInformation.cardNumber.' },
    code: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['field', 'code', 'message'],
} as const;

export const errorSchema = {
  type: 'object',
  description: 'Every non-2xx body (docs/api.md#errors-and-codes). Declines add id and paymentResponseCode.',
  properties: {
    message: { type: 'string', description: 'Readable; never echoes card or account numbers.' },
    code: { type: 'string', description: 'Stable UPPER_SNAKE code.' },
    errors: { type: 'array', items: fieldErrorSchema },
    requestId: { type: 'string' },
    id: { type: 'integer' },
    paymentResponseCode: { type: 'string' },
  },
  required: ['message'],
} as const;

export const creditCardInformationSchema = {
  type: 'object',
  properties: {
    accountHolder: text(100, 'Name on the card.'),
    cardNumber: {
      type: 'string',
      description: '12 to 19 digits (spaces and dashes allowed), Luhn, an accepted brand.',
      examples: ['4242 4242 4242 4242'],
    },
    cvc: { type: 'string', pattern: '^\\d{3,4}$', description: '3 digits, 4 for American Express. Never stored.' },
    month: { type: ['string', 'integer'], description: '"01".."12" or 1..12.', examples: ['12'] },
    year: {
      type: ['integer', 'string'],
      description: 'Four digits; not in the past, at most 20 years ahead.',
      examples: [2030],
    },
    postalCode: { type: 'string', maxLength: 10, description: 'Optional: 3 to 10 letters, digits, spaces or dashes.' },
  },
  required: ['accountHolder', 'cardNumber', 'cvc', 'month', 'year'],
} as const;

export const bankAccountInformationSchema = {
  type: 'object',
  properties: {
    accountType: { type: 'string', enum: [...ACCOUNT_TYPES] },
    routingNumber: {
      type: 'string',
      description: '9 digits, ABA check digit, a Federal Reserve prefix.',
      examples: ['021000021'],
    },
    accountNumber: { type: 'string', description: '4 to 17 digits.', examples: ['000123456789'] },
    accountHolder: { type: 'string', maxLength: 100 },
    firstName: { type: 'string', maxLength: 100 },
    lastName: { type: 'string', maxLength: 100 },
  },
  required: ['accountType', 'routingNumber', 'accountNumber'],
} as const;

export const attributeValuesSchema = {
  type: 'object',
  description: 'At most 50 names (1..64 characters) to text (≤ 500 characters) or numbers.',
  additionalProperties: { type: ['string', 'number'] },
  maxProperties: 50,
} as const;

export const tokenRequestSchema = {
  type: 'object',
  description: 'Exactly one of creditCardInformation or bankAccountInformation (docs/api.md#creating-a-token).',
  properties: {
    payer: text(100, 'Name of the payer.'),
    emailAddress: { type: 'string', format: 'email', maxLength: 254 },
    creditCardInformation: creditCardInformationSchema,
    bankAccountInformation: bankAccountInformationSchema,
    attributeValues: attributeValuesSchema,
  },
  required: ['payer', 'emailAddress'],
} as const;

export const tokenCreatedSchema = {
  type: 'object',
  properties: { id: { type: 'string', examples: ['tok_3kq9…'] } },
  required: ['id'],
} as const;

export const attributeValueListSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { name: { type: 'string' }, parameterName: { type: 'string' }, value: { type: 'string' } },
    required: ['name', 'parameterName', 'value'],
  },
} as const;

export const tokenSchema = {
  type: 'object',
  description:
    'A saved payment method (docs/api.md#tokens). Only brand, last four, expiry and account type are readable.',
  properties: {
    id: { type: 'string' },
    payer: { type: 'string' },
    emailAddress: { type: 'string' },
    attributeValues: attributeValueListSchema,
    transactionType: {
      type: 'string',
      enum: TRANSACTION_TYPES,
      description: 'The payment method: Ach or a card brand.',
    },
    maskedAccountNumber: { type: 'string', examples: ['************4242'] },
    lastFour: { type: 'string' },
    expirationMonth: { type: ['integer', 'null'] },
    expirationYear: { type: ['integer', 'null'] },
    accountType: { type: ['string', 'null'], enum: [...ACCOUNT_TYPES, null] },
    created: { type: 'string', format: 'date-time' },
  },
  required: [
    'id',
    'payer',
    'emailAddress',
    'attributeValues',
    'transactionType',
    'maskedAccountNumber',
    'lastFour',
    'expirationMonth',
    'expirationYear',
    'accountType',
    'created',
  ],
} as const;

export const tokenDeletedSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true } },
  required: ['id', 'deleted'],
} as const;

export const tokenIdParamsSchema = {
  type: 'object',
  properties: { tokenId: { type: 'string', description: 'A token id from POST /api/v1/tokens.' } },
  required: ['tokenId'],
} as const;

/** Response schemas every authenticated operation shares, for the document and for serialization. */
export const errorResponses = {
  '4xx': { ...errorSchema, description: 'A readable error (docs/api.md#errors-and-codes).' },
  '5xx': { ...errorSchema, description: 'An unexpected fault; only message and requestId.' },
} as const;

/** The security requirement of key+secret operations. */
export const secretSecurity: Record<string, string[]>[] = [{ basic: [] }, { basic: [], impersonation: [] }];
/** `POST /tokens` also takes the public key. */
export const tokenSecurity: Record<string, string[]>[] = [
  ...secretSecurity,
  { publicKey: [] },
  { publicKey: [], impersonation: [] },
];

const money = (description: string) => ({
  type: 'number',
  minimum: 0,
  maximum: 10_000_000,
  multipleOf: 0.01,
  description,
});

export const amountDueQuerySchema = {
  type: 'object',
  properties: {
    amount: { ...money('The net amount due, in currency units: > 0, at most 2 decimals.'), examples: [100] },
  },
  required: ['amount'],
} as const;

export const amountDueBodySchema = amountDueQuerySchema;

export const transactionFeesSchema = {
  type: 'object',
  description:
    'The payer fee of each method for the amount due (docs/fees.md), with the rates of the account or the impersonated client.',
  properties: {
    achPayerFee: { type: 'number', examples: [3] },
    creditCardPayerFee: { type: 'number', examples: [3.25] },
  },
  required: ['achPayerFee', 'creditCardPayerFee'],
} as const;

export const transactionRequestSchema = {
  type: 'object',
  description:
    'Exactly one of tokenId, creditCardInformation, bankAccountInformation or authorizationId (docs/api.md#transactions).',
  properties: {
    payer: text(100, 'Name of the payer.'),
    amount: money('Total charged, including payerFee when one is sent.'),
    payerFee: money('The payer fee, part of amount. Omitted: the deprecated Mode C (the service adds the fee).'),
    initiatingPartyFee: money('Only with an impersonation key; part of amount.'),
    emailAddress: { type: 'string', format: 'email', maxLength: 254 },
    tokenId: { type: 'string', examples: ['tok_…'] },
    creditCardInformation: creditCardInformationSchema,
    bankAccountInformation: bankAccountInformationSchema,
    authorizationId: { type: 'string', description: 'Captures an authorization from POST /transactions/authorize.' },
    attributeValues: attributeValuesSchema,
    comments: { type: 'string', maxLength: 500 },
    sendReceipt: { type: 'boolean' },
    ipAddress: { type: 'string', description: 'IPv4 or IPv6 address of the payer; recommended.' },
    currency: { type: 'string', enum: ['USD'] },
  },
  required: ['payer', 'amount'],
} as const;

export const transactionSchema = {
  type: 'object',
  description: 'A transaction (docs/api.md#transactions). Always amount = netAmount + fee + initiatingPartyFee.',
  properties: {
    id: { type: 'integer' },
    publicId: { type: 'string' },
    payer: { type: 'string' },
    emailAddress: { type: ['string', 'null'] },
    transactionType: { type: ['string', 'null'], description: 'Ach or a card brand; null when the token was unknown.' },
    amount: { type: 'number', description: 'What the payer is charged.' },
    payerFee: { type: 'number' },
    fee: { type: 'number', description: "The service's fee." },
    netAmount: { type: 'number', description: 'What the agency is funded.' },
    initiatingPartyFee: { type: 'number' },
    payerFeeMode: { type: ['string', 'null'], enum: ['Included', 'Custom', 'ServiceCalculated', null] },
    maskedAccountNumber: { type: ['string', 'null'] },
    comments: { type: ['string', 'null'] },
    attributeValues: attributeValueListSchema,
    paymentResponseCode: { type: 'string' },
    events: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          eventDate: { type: 'string', format: 'date-time' },
          eventType: { type: 'string', enum: ['Sale', 'Authorize', 'Capture', 'Void', 'Refund', 'Settle'] },
          comments: { type: ['string', 'null'] },
        },
        required: ['eventDate', 'eventType', 'comments'],
      },
    },
    created: { type: 'string', format: 'date-time' },
    status: {
      type: 'string',
      enum: ['Authorized', 'Captured', 'Settled', 'Voided', 'Refunded', 'PartiallyRefunded', 'Declined'],
      description: 'Derived from the transaction and its reversals (docs/api.md#voids-refunds-and-settlement).',
    },
    batchId: { type: ['integer', 'null'], description: 'The settlement batch, once settled.' },
    originalTransactionId: {
      type: ['integer', 'null'],
      description: 'On a refund: the transaction it gives money back from.',
    },
    warnings: { type: 'array', items: { type: 'string' }, description: 'Mode C only.' },
  },
  required: [
    'id',
    'publicId',
    'payer',
    'emailAddress',
    'transactionType',
    'amount',
    'payerFee',
    'fee',
    'netAmount',
    'initiatingPartyFee',
    'payerFeeMode',
    'maskedAccountNumber',
    'comments',
    'attributeValues',
    'paymentResponseCode',
    'events',
    'created',
    'status',
    'batchId',
    'originalTransactionId',
  ],
} as const;

export const authorizationRequestSchema = {
  type: 'object',
  properties: { tokenId: { type: 'string' }, amount: money('The amount to hold, in currency units.') },
  required: ['tokenId', 'amount'],
} as const;

export const authorizationSchema = {
  type: 'object',
  properties: {
    authorizationId: { type: 'string' },
    amount: { type: 'number' },
    expires: { type: 'string', format: 'date-time' },
    transactionId: { type: 'integer' },
    captured: { type: 'boolean' },
  },
  required: ['authorizationId', 'amount', 'expires'],
} as const;

export const transactionIdParamsSchema = {
  type: 'object',
  properties: { transactionId: { type: 'string', description: 'The numeric id, or the txn_… public id.' } },
  required: ['transactionId'],
} as const;

export const authorizationIdParamsSchema = {
  type: 'object',
  properties: { authorizationId: { type: 'string' } },
  required: ['authorizationId'],
} as const;
