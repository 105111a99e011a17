/**
 * The payment schedule and AutoPay operations in the OpenAPI document (docs/autopay.md): request and
 * answer schemas, their named examples. The names are the API's we follow; what is ours says so.
 */
import { ID_PATTERNS } from '../../../shared/validators/ids.js';
import { responseMessages } from '../../../shared/messages/api.js';
import { PAYMENT_INTERVALS, SCHEDULE_STATUSES } from '../../../shared/wire.js';
import { attributeValuesSchema } from './schemas.js';
import type { NamedExample } from './response-map.js';
import { MAX_REMINDER_DAYS } from '../../schedules/payment-schedule.js';

const DAY = '^\\d{4}-\\d{2}-\\d{2}$';
/** A request's date: a day, or a date-time whose date is taken. */
const DATE_IN = '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:\\d{2})?)?$';
const SEARCH_DATE = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+ -]\\d{2}:\\d{2})?)?$';
const money = (description: string, positive = false) => ({
  type: 'number',
  ...(positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
  maximum: 10_000_000,
  description: `${description} A JSON number of currency units with at most 2 decimals.`,
});
const answerMoney = (description: string) => ({ type: 'number', minimum: 0, description });
const day = (description: string) => ({ type: 'string', pattern: DAY, description });
const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const language = { type: 'string', enum: ['en', 'es'], description: 'Ours: the language of its e-mails (default en).' };
const reminderDays = {
  type: 'integer',
  minimum: 0,
  maximum: MAX_REMINDER_DAYS,
  description: 'Ours: days before each payment its reminder goes out (default 3; 0: none).',
};
const status = {
  type: 'string',
  enum: [...SCHEDULE_STATUSES],
  description: 'Ours: where it stands (docs/autopay.md#statuses).',
};

export const paymentScheduleRequestSchema = {
  type: 'object',
  description:
    'Creates a payment schedule for recurring payments of a saved token (docs/autopay.md#making-a-schedule).',
  properties: {
    payer: { type: 'string', minLength: 1, maxLength: 100, description: 'Name of the payer shown on the receipt.' },
    emailAddress: { type: 'string', format: 'email', maxLength: 254, description: 'The recipient of the e-mails.' },
    tokenId: { type: 'string', pattern: ID_PATTERNS.token, description: 'The saved payment method.' },
    amount: money(
      'The amount of each payment; with instalments, their total. The account’s fee program decides the fee: no convenience fee is added to a scheduled payment.',
      true,
    ),
    interval: { type: 'string', enum: [...PAYMENT_INTERVALS], description: 'The interval between payments.' },
    intervalCount: {
      type: 'integer',
      minimum: 0,
      maximum: 365,
      description: 'How many days, weeks, months or years between payments; 0 pays once.',
    },
    startDate: {
      type: ['string', 'null'],
      pattern: DATE_IN,
      description:
        'The first payment’s date (YYYY-MM-DD; of a date-time, its date), today or later in the account’s time zone. None: today, at once.',
    },
    endDate: {
      type: ['string', 'null'],
      pattern: DATE_IN,
      description: 'No payment after this date.',
    },
    numberOfTotalPayments: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 365,
      description: 'How many payments in all; 0 or none: no limit.',
    },
    attributeValues: orNull(attributeValuesSchema),
    comments: { type: ['string', 'null'], maxLength: 500, description: 'Comments shown on the receipt.' },
    initiatingPartyFee: {
      anyOf: [money('The fee of the initiating party (a system acting for a client).'), { type: 'null' }],
    },
    ipAddress: { type: ['string', 'null'], description: 'The payer’s IP address.' },
    lastDayOfMonth: {
      type: ['boolean', 'null'],
      description: 'Ours: on the last day of each month (interval Month or Year only).',
    },
    instalments: {
      type: 'array',
      minItems: 1,
      maxItems: 365,
      description:
        'Ours: pay these instead of a recurrence, dates increasing; give every amount (they must sum to amount) or none (amount is split evenly, to the cent).',
      items: {
        type: 'object',
        additionalProperties: false,
        properties: { date: { type: 'string', pattern: DATE_IN }, amount: money('This instalment.', true) },
        required: ['date'],
      },
    },
    language,
    reminderDays,
  },
  required: ['payer', 'emailAddress', 'tokenId', 'amount', 'interval', 'intervalCount'],
} as const;

export const paymentScheduleSchema = {
  type: 'object',
  description: 'A payment schedule (docs/autopay.md). Dates are days in the account’s time zone.',
  properties: {
    id: { type: 'string', pattern: ID_PATTERNS.paymentSchedule },
    payer: { type: 'string' },
    emailAddress: { type: 'string' },
    tokenId: { type: ['string', 'null'] },
    numberOfTotalPayments: { type: ['integer', 'null'], description: 'Null: no limit.' },
    numberOfExecutedPayments: { type: 'integer', minimum: 0 },
    amount: answerMoney('Each payment’s amount; with instalments, their total.'),
    payerFee: answerMoney('The payer fee each payment adds: 0, a scheduled payment carries no convenience fee.'),
    startDate: orNull(day('The first payment’s date.')),
    endDate: orNull(day('No payment after this date.')),
    nextPaymentDate: orNull(day('The next payment’s date; null when none is to come.')),
    interval: { type: 'string', enum: [...PAYMENT_INTERVALS] },
    intervalCount: { type: 'integer', minimum: 0 },
    attributeValues: attributeValuesSchema,
    comments: { type: ['string', 'null'] },
    status,
    lastDayOfMonth: { type: 'boolean', description: 'Ours.' },
    instalments: {
      type: 'array',
      description: 'Ours: the instalments, when it pays a list.',
      items: {
        type: 'object',
        properties: { date: day('Its date.'), amount: answerMoney('Its amount.') },
        required: ['date', 'amount'],
      },
    },
    nextPaymentAmount: { anyOf: [answerMoney('Ours: the next payment’s amount.'), { type: 'null' }] },
    timeZone: { type: 'string', description: 'Ours: the time zone its dates are days of.' },
    language,
    reminderDays,
    createDate: { type: 'string', format: 'date-time' },
    cancelDate: { type: ['string', 'null'], format: 'date-time' },
  },
  required: [
    'id',
    'payer',
    'emailAddress',
    'tokenId',
    'numberOfTotalPayments',
    'numberOfExecutedPayments',
    'amount',
    'payerFee',
    'startDate',
    'endDate',
    'nextPaymentDate',
    'attributeValues',
    'comments',
    'status',
    'nextPaymentAmount',
    'timeZone',
    'language',
    'reminderDays',
    'createDate',
    'cancelDate',
  ],
} as const;

export const paymentScheduleSearchSchema = {
  type: 'object',
  properties: {
    paymentSchedules: { type: 'array', items: paymentScheduleSchema, maxItems: 50 },
    totalRecords: { type: 'integer', minimum: 0 },
  },
  required: ['paymentSchedules', 'totalRecords'],
} as const;

export const schedulePaymentsSchema = {
  type: 'object',
  description: 'Ours: every try of every payment, oldest first.',
  properties: {
    payments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          dueDate: day('The payment’s due date.'),
          attempt: { type: 'integer', minimum: 0, maximum: 3, description: '0: the first try; 1 to 3: its retries.' },
          amount: answerMoney('The payment’s amount.'),
          transactionId: { type: ['integer', 'null'], description: 'The transaction the try made.' },
          paymentResponseCode: { type: 'string', enum: Object.keys(responseMessages) },
          date: { type: 'string', format: 'date-time', description: 'When it was tried.' },
        },
        required: ['dueDate', 'attempt', 'amount', 'transactionId', 'paymentResponseCode', 'date'],
      },
    },
  },
  required: ['payments'],
} as const;

/** `data.payment` of a schedule's event (docs/autopay.md#events): the payment the event is about. */
export const scheduleEventPaymentSchema = {
  type: 'object',
  description:
    'Ours: the payment a schedule’s event is about: the try of a payment made or declined (and of a failing schedule), or the coming payment of a reminder or an expiring card (then attempt, transactionId and paymentResponseCode are null).',
  properties: {
    dueDate: day('The payment’s due date.'),
    amount: answerMoney('The payment’s amount.'),
    attempt: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 3,
      description: '0: the first try; 1 to 3: its retries.',
    },
    transactionId: { type: ['integer', 'null'], description: 'The transaction the try made.' },
    paymentResponseCode: { type: ['string', 'null'], enum: [...Object.keys(responseMessages), null] },
    retryDate: orNull(day('After a decline: the day it is tried again; null when it is not.')),
  },
  required: ['dueDate', 'amount', 'attempt', 'transactionId', 'paymentResponseCode', 'retryDate'],
} as const;

export const autoPayRequestSchema = {
  type: 'object',
  description: 'Enrols a payer in AutoPay: each amount due the agency adds is paid on its date (docs/autopay.md).',
  properties: {
    publicTokenId: { type: ['string', 'null'], pattern: ID_PATTERNS.token, description: 'A saved payment method.' },
    attributeValues: orNull(attributeValuesSchema),
    emailAddress: { type: 'string', format: 'email', maxLength: 254, description: 'The recipient of the e-mails.' },
    payer: { type: ['string', 'null'], maxLength: 100 },
    language,
    reminderDays,
  },
  required: ['emailAddress'],
} as const;

const autoPayListItemProperties = {
  id: { type: 'integer', minimum: 1, description: 'The Id of the AutoPay.' },
  tokenId: { type: ['string', 'null'] },
  attributes: attributeValuesSchema,
  email: { type: 'string' },
  createDate: { type: 'string', format: 'date-time' },
  cancelDate: { type: ['string', 'null'], format: 'date-time' },
} as const;
const AUTOPAY_LIST_REQUIRED = ['id', 'tokenId', 'attributes', 'email', 'createDate', 'cancelDate'] as const;

export const autoPaySchema = {
  type: 'object',
  properties: {
    ...autoPayListItemProperties,
    payer: { type: 'string' },
    status,
    nextPaymentDate: orNull(day('Ours: the next amount due’s date.')),
    amountsDue: {
      type: 'array',
      description: 'Ours: the amounts due the agency added, oldest first.',
      items: {
        type: 'object',
        properties: { dueDate: day('Its date.'), amount: answerMoney('Its amount.') },
        required: ['dueDate', 'amount'],
      },
    },
  },
  required: [...AUTOPAY_LIST_REQUIRED, 'payer', 'status', 'nextPaymentDate', 'amountsDue'],
} as const;

export const autoPaySearchSchema = {
  type: 'object',
  properties: {
    autoPays: {
      type: 'array',
      maxItems: 50,
      items: { type: 'object', properties: autoPayListItemProperties, required: [...AUTOPAY_LIST_REQUIRED] },
    },
    totalRecords: { type: 'integer', minimum: 0 },
  },
  required: ['autoPays', 'totalRecords'],
} as const;

export const amountDueRequestSchema = {
  type: 'object',
  description: 'Ours: an amount due the AutoPay pays on its date.',
  properties: {
    amount: money('The amount due.', true),
    dueDate: { type: 'string', pattern: DATE_IN, description: 'Today or later, after the last amount due.' },
  },
  required: ['amount', 'dueDate'],
} as const;

export const paymentScheduleIdParamsSchema = {
  type: 'object',
  properties: { paymentScheduleId: { type: 'string', pattern: ID_PATTERNS.paymentSchedule } },
  required: ['paymentScheduleId'],
} as const;

export const autoPayIdParamsSchema = {
  type: 'object',
  properties: { autoPayId: { type: 'string', pattern: ID_PATTERNS.autoPay } },
  required: ['autoPayId'],
} as const;

const createdBetween = {
  createDateStart: { type: 'string', pattern: SEARCH_DATE, description: 'Made at or after this date or instant.' },
  createDateEnd: { type: 'string', pattern: SEARCH_DATE, description: 'Made through this date or up to this instant.' },
  cancelDateStart: { type: 'string', pattern: SEARCH_DATE, description: 'Cancelled at or after this.' },
  cancelDateEnd: { type: 'string', pattern: SEARCH_DATE, description: 'Cancelled through this.' },
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1, description: 'The page, from 1.' },
  pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 25, description: 'Items per page.' },
} as const;

export const autoPaySearchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: createdBetween,
} as const;

export const paymentScheduleSearchQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: [...SCHEDULE_STATUSES] },
    payer: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'Part of the name, any case.' },
    tokenId: { type: 'string', pattern: ID_PATTERNS.token },
    nextPaymentDateStart: { type: 'string', pattern: DAY, description: 'Next payment on or after this day.' },
    nextPaymentDateEnd: { type: 'string', pattern: DAY, description: 'Next payment on or before this day.' },
    ...createdBetween,
  },
} as const;

export const SCHEDULE_EXAMPLE = {
  id: 'psch_Jf3kq9Zr0cJvQmWb1xT2aYd8',
  payer: 'Ada Lovelace',
  emailAddress: 'ada@example.com',
  tokenId: 'tok_3kq9Zr0cJvQmWb1xT2aYd8Ln',
  numberOfTotalPayments: 12,
  numberOfExecutedPayments: 1,
  amount: 84.2,
  payerFee: 0,
  startDate: '2026-11-30',
  endDate: null,
  nextPaymentDate: '2026-12-31',
  interval: 'Month',
  intervalCount: 1,
  attributeValues: { account: 'W-1042' },
  comments: null,
  status: 'Active',
  lastDayOfMonth: true,
  nextPaymentAmount: 84.2,
  timeZone: 'America/New_York',
  language: 'en',
  reminderDays: 3,
  createDate: '2026-11-22T15:30:00.000Z',
  cancelDate: null,
};

export const paymentScheduleExamples: Record<string, NamedExample> = {
  monthly: { summary: 'A water bill on the last day of each month, 12 times', value: SCHEDULE_EXAMPLE },
};
export const paymentScheduleSearchExamples: Record<string, NamedExample> = {
  page: { summary: 'One page', value: { paymentSchedules: [SCHEDULE_EXAMPLE], totalRecords: 1 } },
};
export const schedulePaymentsExamples: Record<string, NamedExample> = {
  paid: {
    summary: 'A payment declined, then paid on its first retry',
    value: {
      payments: [
        {
          dueDate: '2026-11-30',
          attempt: 0,
          amount: 84.2,
          transactionId: 417_305_122,
          paymentResponseCode: 'InsufficientFunds',
          date: '2026-11-30T05:00:00.000Z',
        },
        {
          dueDate: '2026-11-30',
          attempt: 1,
          amount: 84.2,
          transactionId: 88_120_547,
          paymentResponseCode: 'Success',
          date: '2026-12-01T05:00:00.000Z',
        },
      ],
    },
  },
};
const AUTOPAY_ITEM = {
  id: 731_554_210,
  tokenId: 'tok_3kq9Zr0cJvQmWb1xT2aYd8Ln',
  attributes: { account: 'W-1042' },
  email: 'ada@example.com',
  createDate: '2026-11-22T15:30:00.000Z',
  cancelDate: null,
};
export const autoPayExamples: Record<string, NamedExample> = {
  enrolled: {
    summary: 'Enrolled, with one amount due',
    value: {
      ...AUTOPAY_ITEM,
      payer: 'Ada Lovelace',
      status: 'Active',
      nextPaymentDate: '2026-12-15',
      amountsDue: [{ dueDate: '2026-12-15', amount: 84.2 }],
    },
  },
};
export const autoPaySearchExamples: Record<string, NamedExample> = {
  page: { summary: 'One page', value: { autoPays: [AUTOPAY_ITEM], totalRecords: 1 } },
};
