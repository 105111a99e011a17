/**
 * The contract's bodies as JSON Schema (OpenAPI 3.1): the OpenAPI document is generated from these,
 * responses are serialized through them (so nothing undeclared can leak), and request schemas are
 * paired with the shared validators that enforce them (request-schema.ts).
 */
import { ID_PATTERNS } from '../../../shared/validators/ids.js';
import { POSTAL_CODE_PATTERN } from '../../../shared/validators/postal-code.js';
import { DIGIT_SEPARATORS, WHITE_SPACE } from '../../../shared/validators/verification.js';
import { responseMessages } from '../../../shared/messages/api.js';
import { feeRuleMessages } from '../../../shared/messages/api.js';
import {
  ACCOUNT_TYPES,
  FEE_PROGRAMS,
  FUNDING_TYPES,
  PAYER_FEE_MODES,
  PAYER_LOCALES,
  REVERSAL_RESPONSE_CODES,
  TRANSACTION_EVENT_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../../../shared/wire.js';

/** The processor's answers: the codes of their messages (src/shared/messages/api.ts). */
const PAYMENT_RESPONSE_CODES = Object.keys(responseMessages);

/** The rules that decide a payer fee: the codes of their sentences (src/shared/messages/api.ts). */
const FEE_RULES = Object.keys(feeRuleMessages);

/** A card's funding, or null for a bank account (docs/fees.md#card-funding). */
const fundingSchema = {
  type: ['string', 'null'],
  enum: [...FUNDING_TYPES, null],
  description:
    'How the card is funded, from the BIN table: credit, debit, prepaid or unknown; null for a bank account.',
} as const;
const programSchema = {
  type: 'string',
  enum: [...FEE_PROGRAMS],
  description: 'The account’s fee program (docs/fees.md#fee-programs). Ours.',
} as const;
const ruleSchema = {
  type: 'string',
  enum: FEE_RULES,
  description: 'The rule that decided the fee, a stable code; its sentence is in docs/reference.md. Ours.',
} as const;

/** Ids as the service spells them, one spelling each (src/shared/validators/ids.ts). */
const TOKEN_ID = ID_PATTERNS.token;
const AUTHORIZATION_ID = ID_PATTERNS.authorization;
const PUBLIC_TRANSACTION_ID = ID_PATTERNS.publicTransaction;
const LAST_FOUR = '^[0-9]{4}$';
/** Text the validators trim (src/shared/validators/verification.ts): white space around it is allowed. */
const trimmed = (pattern: string) => `^[${WHITE_SPACE}]*${pattern}[${WHITE_SPACE}]*$`;
/** `count` digits with white space or dashes anywhere between and around them. */
const separatedDigits = (count: string) => `^[${DIGIT_SEPARATORS}]*(?:[0-9][${DIGIT_SEPARATORS}]*)${count}$`;
const MASKED = '^\\*+[0-9]{4}$';

const text = (maxLength: number, description: string) => ({ type: 'string', minLength: 1, maxLength, description });

/**
 * An optional field that may also be `null`, meaning not sent: the .NET client of the API we follow
 * sends every unset property as `null`.
 */
const orNull = <S extends { type: string; enum?: readonly unknown[] }>(schema: S) => ({
  ...schema,
  type: [schema.type, 'null'],
  ...(schema.enum && { enum: [...schema.enum, null] }),
});

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
  description:
    'Every non-2xx body (docs/api.md#errors-and-codes). Declines add id, paymentResponseCode and payerMessage; refused reversals reversalResponseCode.',
  properties: {
    message: { type: 'string', description: 'Readable; never echoes card or account numbers.' },
    code: { type: 'string', description: 'Stable UPPER_SNAKE code.' },
    errors: { type: 'array', items: fieldErrorSchema },
    requestId: { type: 'string' },
    id: { type: 'integer' },
    paymentResponseCode: { type: 'string', enum: PAYMENT_RESPONSE_CODES },
    payerMessage: {
      type: 'string',
      description:
        'Declines only: what to show the payer (ours). `message` is the precise reason, for the merchant; a card reported lost or stolen, a pick-up, fraud or do-not-honor read here as a plain decline.',
    },
    reversalResponseCode: {
      type: 'string',
      enum: [...REVERSAL_RESPONSE_CODES],
      description:
        'Why a void or a refund was refused (docs/api.md#voids-refunds-and-settlement). PreviouslyVoided, AlreadySettled, PreviouslyRejected and CannotBeVoided are the values of the API we follow; NotSettled, AmountExceedsRemaining and NotRefundable are ours (it answers GenericDecline there).',
    },
  },
  required: ['message'],
} as const;

export const creditCardInformationSchema = {
  type: 'object',
  properties: {
    accountHolder: text(100, 'Name on the card.'),
    cardNumber: {
      type: 'string',
      pattern: separatedDigits('{12,19}'),
      description: '12 to 19 digits, as text; white space and dashes anywhere are ignored. Luhn, an accepted brand.',
      examples: ['4242 4242 4242 4242'],
    },
    cvc: {
      type: 'string',
      pattern: trimmed('[0-9]{3,4}'),
      description: '3 digits, 4 for American Express (white space around them is ignored). Never stored.',
    },
    month: {
      type: ['string', 'integer'],
      pattern: trimmed('(?:0?[1-9]|1[0-2])'),
      minimum: 1,
      maximum: 12,
      description: '"01".."12" or 1..12.',
      examples: ['12'],
    },
    year: {
      type: ['integer', 'string'],
      pattern: trimmed('20[0-9]{2}'),
      minimum: 2000,
      maximum: 2099,
      description: 'Four digits; not in the past, at most 20 years ahead.',
      examples: [2030],
    },
    postalCode: {
      type: ['string', 'null'],
      pattern: trimmed(`(?:${POSTAL_CODE_PATTERN})?`),
      description:
        'Optional (null or empty: none): 3 to 10 letters, digits, spaces or dashes, starting and ending with a letter or digit.',
      examples: ['12345'],
    },
  },
  required: ['accountHolder', 'cardNumber', 'cvc', 'month', 'year'],
} as const;

export const bankAccountInformationSchema = {
  type: 'object',
  properties: {
    accountType: { type: 'string', enum: [...ACCOUNT_TYPES] },
    routingNumber: {
      type: 'string',
      pattern: separatedDigits('{9}'),
      description: '9 digits, as text (white space and dashes ignored), ABA check digit, a Federal Reserve prefix.',
      examples: ['021000021'],
    },
    accountNumber: {
      type: 'string',
      pattern: separatedDigits('{4,17}'),
      description: '4 to 17 digits, as text; white space and dashes anywhere are ignored.',
      examples: ['000123456789'],
    },
    accountHolder: orNull({ type: 'string', maxLength: 100 }),
    firstName: orNull({ type: 'string', maxLength: 100 }),
    lastName: orNull({ type: 'string', maxLength: 100 }),
  },
  required: ['accountType', 'routingNumber', 'accountNumber'],
} as const;

export const attributeValuesSchema = {
  type: 'object',
  description: 'At most 50 names (1..64 characters) to text (≤ 500 characters) or numbers.',
  propertyNames: { minLength: 1, maxLength: 64 },
  additionalProperties: { type: ['string', 'number'], maxLength: 500 },
  maxProperties: 50,
} as const;

export const tokenRequestSchema = {
  type: 'object',
  description: 'Exactly one of creditCardInformation or bankAccountInformation (docs/api.md#creating-a-token).',
  properties: {
    payer: text(100, 'Name of the payer.'),
    emailAddress: { type: 'string', format: 'email', maxLength: 254 },
    creditCardInformation: orNull(creditCardInformationSchema),
    bankAccountInformation: orNull(bankAccountInformationSchema),
    attributeValues: orNull(attributeValuesSchema),
    feeQuote: orNull({
      type: 'object',
      description:
        'Ours. Cards only: the net amount and the fee the payer was shown (GET /api/v1/cardFees). Checked against the card’s own BIN and the account’s program: a quote that differs is a 400 FEE_QUOTE_MISMATCH naming the fee that applies (docs/api.md#fee-quotes).',
      properties: {
        amount: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, description: 'The net amount due.' },
        payerFee: { type: 'number', minimum: 0, maximum: 10_000_000, description: 'The fee the payer was shown.' },
      },
      required: ['amount', 'payerFee'],
    }),
  },
  required: ['payer', 'emailAddress'],
} as const;

export const tokenCreatedSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: TOKEN_ID, examples: ['tok_3kq9Zr0cJvQmWb1xT2aYd8Ln'] } },
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
    id: { type: 'string', pattern: TOKEN_ID },
    payer: { type: 'string', maxLength: 100 },
    emailAddress: { type: 'string', format: 'email' },
    attributeValues: attributeValueListSchema,
    transactionType: {
      type: 'string',
      enum: [...TRANSACTION_TYPES],
      description:
        'The payment method: Ach or a card brand, as the API we follow names them. DinersClub and UnionPay are ours; its PaperCheck and LockboxCheck never occur here.',
    },
    maskedAccountNumber: { type: 'string', pattern: MASKED, examples: ['************4242'] },
    lastFour: { type: 'string', pattern: LAST_FOUR },
    expirationMonth: { type: ['integer', 'null'], minimum: 1, maximum: 12 },
    expirationYear: { type: ['integer', 'null'], minimum: 2000, maximum: 2099 },
    accountType: { type: ['string', 'null'], enum: [...ACCOUNT_TYPES, null] },
    funding: fundingSchema,
    feeQuote: {
      type: ['object', 'null'],
      description:
        'Ours: the fee the payer was shown before the token was made, as checked (docs/api.md#fee-quotes); null when none was sent.',
      properties: {
        amount: { type: 'number', minimum: 0, description: 'The net amount due.' },
        payerFee: { type: 'number', minimum: 0 },
        program: programSchema,
        funding: fundingSchema,
      },
      required: ['amount', 'payerFee', 'program', 'funding'],
    },
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
    'funding',
    'feeQuote',
    'created',
  ],
} as const;

export const tokenDeletedSchema = {
  type: 'object',
  properties: { id: { type: 'string', pattern: TOKEN_ID }, deleted: { type: 'boolean', const: true } },
  required: ['id', 'deleted'],
} as const;

export const tokenIdParamsSchema = {
  type: 'object',
  properties: { tokenId: { type: 'string', pattern: TOKEN_ID, description: 'A token id from POST /api/v1/tokens.' } },
  required: ['tokenId'],
} as const;

/**
 * @deprecated Ranges hide the real statuses: build the `response` map with `operationResponses()`
 * (./responses.ts). Kept only so operations not yet converted still compile.
 */
export const errorResponses = {
  '4xx': { ...errorSchema, description: 'A readable error (docs/api.md#errors-and-codes).' },
  '5xx': { ...errorSchema, description: 'An unexpected fault; only message and requestId.' },
} as const;

/**
 * The security requirement of key+secret operations. Impersonation is not a security scheme: it is
 * the optional `impersonationAccountKey` header parameter (`callerHeaders`), so schema-driven tools
 * do not invent keys for it (docs/decisions/0115-impersonation-in-the-api-description.md).
 */
export const secretSecurity: Record<string, string[]>[] = [{ basic: [] }];
/** `POST /tokens` also takes the public key. */
export const tokenSecurity: Record<string, string[]>[] = [{ basic: [] }, { publicKey: [] }];

const impersonationAccountKey = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Optional. A system account acts for one of its linked clients: the client’s impersonation key (docs/api.md#impersonation). Omit it to act for yourself.',
};

/** Request headers of an operation, for the document only (the service reads them itself). */
export const callerHeaders = {
  type: 'object',
  properties: { impersonationAccountKey },
} as const;

/** `callerHeaders` and the `Idempotency-Key` of a create (docs/api.md#idempotency). */
export const idempotentHeaders = {
  type: 'object',
  properties: {
    impersonationAccountKey,
    'Idempotency-Key': {
      type: 'string',
      pattern: '^[\\x21-\\x7e]{1,255}$',
      description:
        'Optional. 1 to 255 visible ASCII characters; a retry with the same key and body gets the first answer again, and charges nothing again.',
      examples: ['order-1042-payment'],
    },
  },
} as const;

/**
 * Money is a JSON number of currency units with at most 2 decimals (docs/api.md#conventions). The rule on
 * decimals is in words only: `multipleOf: 0.01` is checked in binary floating point by standard
 * validators (Ajv, schemathesis), which then refuse correct amounts such as 0.07 or 32.01.
 */
const TWO_DECIMALS = 'A JSON number (not text) of currency units with at most 2 decimals.';
const money = (description: string, minimum: 'positive' | 'zero' = 'zero') => ({
  type: 'number',
  ...(minimum === 'positive' ? { exclusiveMinimum: 0 } : { minimum: 0 }),
  maximum: 10_000_000,
  description: `${description} ${TWO_DECIMALS}`,
});

/** Money in an answer: currency units with at most 2 decimals. */
const amount = (description: string) => ({
  type: 'number',
  minimum: 0,
  description: `${description} Currency units, at most 2 decimals.`,
});
/** An amount a refund makes negative (docs/api.md#voids-refunds-and-settlement). */
const signedAmount = (description: string) => ({
  type: 'number',
  description: `${description} Currency units, at most 2 decimals.`,
});

export const amountDueQuerySchema = {
  type: 'object',
  properties: {
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
      description: 'The net amount due, in currency units: more than 0, at most 2 decimals.',
      examples: [100],
    },
  },
  required: ['amount'],
} as const;

export const transactionFeesQuerySchema = {
  type: 'object',
  properties: {
    ...amountDueQuerySchema.properties,
    tokenId: {
      type: 'string',
      pattern: TOKEN_ID,
      description: 'Ours: a token of the account, whose own fee (by its funding) is answered as payerFee.',
      examples: ['tok_3kq9Zr0cJvQmWb1xT2aYd8Ln'],
    },
  },
  required: ['amount'],
} as const;

export const amountDueBodySchema = {
  type: 'object',
  properties: {
    amount: { ...money('The net amount due: more than 0.', 'positive'), examples: [100] },
  },
  required: ['amount'],
} as const;

export const transactionFeesSchema = {
  type: 'object',
  description:
    'The payer fee of each method for the amount due (docs/fees.md), with the rates of the account or the impersonated client.',
  properties: {
    achPayerFee: { ...amount('The payer fee of an ACH payment.'), examples: [3] },
    creditCardPayerFee: { ...amount('The payer fee of a card payment.'), examples: [3.25] },
    payerFee: amount('Ours, with tokenId: the payer fee of that token, by its funding and the account’s program.'),
    funding: { ...fundingSchema, description: `Ours, with tokenId: the token’s funding. ${fundingSchema.description}` },
    program: programSchema,
    rule: ruleSchema,
  },
  required: ['achPayerFee', 'creditCardPayerFee'],
} as const;

export const cardFeesQuerySchema = {
  type: 'object',
  properties: {
    bin: {
      type: 'string',
      pattern: '^[0-9]{6,8}$',
      description:
        'The first 6 to 8 digits of the card number, never more: more than 8 digits is a 400 BIN_TOO_LONG. Without bin, send method=ach.',
      examples: ['40000566'],
    },
    method: { type: 'string', enum: ['ach'], description: 'ach: the fee of a bank payment, instead of bin.' },
    amount: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 10_000_000,
      description: 'The net amount due, in currency units: more than 0, at most 2 decimals.',
      examples: [100],
    },
  },
  required: ['amount'],
} as const;

export const cardFeesSchema = {
  type: 'object',
  description:
    'Ours: the payer fee of a card by its BIN (its funding and brand), or of ACH, under the account’s fee program (docs/fees.md#fee-programs).',
  properties: {
    bin: { type: ['string', 'null'], pattern: '^[0-9]{6,8}$', description: 'The BIN asked about; null for ACH.' },
    transactionType: {
      type: ['string', 'null'],
      enum: [...TRANSACTION_TYPES, null],
      description: 'The card’s brand, or Ach; null when the digits tell no brand.',
    },
    funding: fundingSchema,
    program: programSchema,
    rule: ruleSchema,
    amount: amount('The net amount due.'),
    payerFee: amount('The payer fee for this card or for ACH.'),
    totalAmount: amount('What the payer pays: amount + payerFee.'),
  },
  required: ['bin', 'transactionType', 'funding', 'program', 'rule', 'amount', 'payerFee', 'totalAmount'],
} as const;

export const transactionRequestSchema = {
  type: 'object',
  description:
    'Exactly one of tokenId, creditCardInformation, bankAccountInformation or authorizationId (docs/api.md#transactions). An optional field sent as null counts as not sent.',
  properties: {
    payer: text(100, 'Name of the payer.'),
    amount: money('Total charged, including payerFee when one is sent; more than 0.', 'positive'),
    payerFee: orNull(
      money('The payer fee, part of amount. Omitted: the deprecated Mode C (the service adds the fee).'),
    ),
    initiatingPartyFee: orNull(money('Only with an impersonation key; part of amount.')),
    emailAddress: {
      anyOf: [{ type: 'string', format: 'email', maxLength: 254 }, { type: 'string', maxLength: 0 }, { type: 'null' }],
      description: 'The payer’s address; empty or null: none.',
    },
    tokenId: orNull({ type: 'string', pattern: TOKEN_ID, examples: ['tok_3kq9Zr0cJvQmWb1xT2aYd8Ln'] }),
    creditCardInformation: orNull(creditCardInformationSchema),
    bankAccountInformation: orNull(bankAccountInformationSchema),
    authorizationId: orNull({
      type: 'string',
      pattern: AUTHORIZATION_ID,
      description: 'Captures an authorization from POST /transactions/authorize.',
    }),
    attributeValues: orNull(attributeValuesSchema),
    comments: orNull({ type: 'string', maxLength: 500 }),
    sendReceipt: orNull({ type: 'boolean' }),
    locale: {
      ...orNull({ type: 'string', enum: [...PAYER_LOCALES] }),
      description: 'Ours: the payer’s language for the e-mail receipt, en (the default) or es.',
    },
    ipAddress: orNull({
      type: 'string',
      pattern: '^(?:[0-9A-Fa-f:.]{2,45})?$',
      description: 'IPv4 or IPv6 address of the payer; recommended. Empty: none.',
      examples: ['203.0.113.7'],
    }),
    currency: orNull({ type: 'string', enum: ['USD'] }),
    feeQuoteOverride: orNull({
      type: 'boolean',
      description:
        'Ours. true charges a payerFee other than the fee quote of the token the payer was shown (docs/api.md#fee-quotes).',
    }),
  },
  required: ['payer', 'amount'],
} as const;

/** The fields of every transaction as the wire shows it (`TransactionResponse`, src/shared/wire.ts). */
const transactionProperties = {
  id: {
    type: 'integer',
    minimum: 1,
    maximum: 999_999_999,
    description:
      'Unique across the service and in no order: it counts no one’s payments (docs/decisions/0001-transaction-and-batch-ids.md). Order by created.',
  },
  publicId: { type: 'string', pattern: PUBLIC_TRANSACTION_ID },
  payer: { type: 'string' },
  emailAddress: { type: ['string', 'null'], format: 'email' },
  transactionType: {
    type: ['string', 'null'],
    enum: [...TRANSACTION_TYPES, null],
    description: 'Ach or a card brand; null when the token was unknown.',
  },
  amount: signedAmount('What the payer is charged; on a refund, minus what the payer gets back; 0 once voided.'),
  payerFee: amount('The payer fee, part of amount.'),
  fee: amount("The service's fee."),
  netAmount: signedAmount('What the agency is funded; on a refund, minus the amount (the agency bears it).'),
  initiatingPartyFee: amount('The initiating party’s fee, part of amount.'),
  payerFeeMode: { type: ['string', 'null'], enum: [...PAYER_FEE_MODES, null] },
  funding: fundingSchema,
  feeProgram: {
    type: ['string', 'null'],
    enum: [...FEE_PROGRAMS, null],
    description:
      'Ours: the fee program payerFee followed, to name the fee on a receipt (surcharge, convenience fee, service fee); null when no fee was decided.',
  },
  maskedAccountNumber: { type: ['string', 'null'], pattern: MASKED },
  comments: { type: ['string', 'null'] },
  attributeValues: attributeValueListSchema,
  paymentResponseCode: { type: 'string', enum: PAYMENT_RESPONSE_CODES },
  events: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        eventDate: { type: 'string', format: 'date-time' },
        eventType: { type: 'string', enum: [...TRANSACTION_EVENT_TYPES] },
        comments: { type: ['string', 'null'] },
      },
      required: ['eventDate', 'eventType', 'comments'],
    },
  },
  created: { type: 'string', format: 'date-time' },
  status: {
    type: 'string',
    enum: [...TRANSACTION_STATUSES],
    description: 'Derived from the transaction and its reversals (docs/api.md#voids-refunds-and-settlement).',
  },
  batchId: { type: ['integer', 'null'], description: 'The settlement batch, once settled.' },
  originalTransactionId: {
    type: ['integer', 'null'],
    description: 'On a refund: the transaction it gives money back from.',
  },
  principalTransactionId: {
    type: ['integer', 'null'],
    description:
      'Ours: on a service fee charged as its own transaction, the payment it is the fee of (docs/fees.md#the-service-fee-as-its-own-transaction).',
  },
  feeTransactionId: {
    type: ['integer', 'null'],
    description: 'Ours: on a payment whose service fee was charged as its own transaction, that transaction.',
  },
} as const;

const transactionRequired = [
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
  'funding',
  'feeProgram',
  'maskedAccountNumber',
  'comments',
  'attributeValues',
  'paymentResponseCode',
  'events',
  'created',
  'status',
  'batchId',
  'originalTransactionId',
  'principalTransactionId',
  'feeTransactionId',
] as const;

export const transactionSchema = {
  type: 'object',
  description: 'A transaction (docs/api.md#transactions). Always amount = netAmount + fee + initiatingPartyFee.',
  properties: {
    ...transactionProperties,
    feeTransaction: {
      type: 'object',
      description:
        'Ours: in the answer and the event of a payment whose service fee is its own transaction, that fee transaction (docs/fees.md#the-service-fee-as-its-own-transaction).',
      properties: transactionProperties,
      required: transactionRequired,
    },
    warnings: { type: 'array', items: { type: 'string' }, description: 'Mode C only.' },
  },
  required: transactionRequired,
} as const;

export const authorizationRequestSchema = {
  type: 'object',
  properties: {
    tokenId: { type: 'string', pattern: TOKEN_ID },
    amount: money('The amount to hold; more than 0.', 'positive'),
    emailAddress: {
      anyOf: [{ type: 'string', format: 'email', maxLength: 254 }, { type: 'string', maxLength: 0 }, { type: 'null' }],
      description: 'Where the capture’s receipt goes; not sent: the token’s address; empty or null: none.',
    },
  },
  required: ['tokenId', 'amount'],
} as const;

export const authorizationSchema = {
  type: 'object',
  properties: {
    authorizationId: { type: 'string', pattern: AUTHORIZATION_ID },
    amount: amount('The amount held.'),
    expires: { type: 'string', format: 'date-time' },
    transactionId: { type: 'integer', minimum: 1 },
    captured: { type: 'boolean' },
  },
  required: ['authorizationId', 'amount', 'expires'],
} as const;

export const transactionIdParamsSchema = {
  type: 'object',
  properties: {
    transactionId: {
      type: 'string',
      pattern: ID_PATTERNS.transaction,
      description: 'The numeric id (no leading zeros), or the txn_… public id.',
    },
  },
  required: ['transactionId'],
} as const;

export const authorizationIdParamsSchema = {
  type: 'object',
  properties: { authorizationId: { type: 'string', pattern: AUTHORIZATION_ID } },
  required: ['authorizationId'],
} as const;
