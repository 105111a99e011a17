/**
 * The bodies and queries of the payment schedule and AutoPay operations (docs/autopay.md), each field
 * checked on its own into the plain values the schedules domain takes (schedules/create.ts); the
 * rules that need the account, the token or today are the domain's.
 */
import { scheduleMessages, type ScheduleCode } from '../../shared/messages/api.js';
import { parseAmount } from '../../shared/money.js';
import { attributeValues } from '../../shared/validators/attribute-values.js';
import { checkFields, fieldErrors, same, text, type FieldRules } from '../../shared/validators/fields.js';
import { isId } from '../../shared/validators/ids.js';
import { emailAddress, payer } from '../../shared/validators/names.js';
import { ipAddress, jsonNumber, optionalFee, positiveAmount } from '../../shared/validators/transaction-request.js';
import { VALID, type Verification } from '../../shared/validators/verification.js';
import {
  PAYMENT_INTERVALS,
  SCHEDULE_STATUSES,
  type AttributeValues,
  type FieldError,
  type PaymentInterval,
  type ScheduleStatus,
} from '../../shared/wire.js';
import { transactionMessages } from '../../shared/messages/en.js';
import { cents, type Cents } from '../payments/model.js';
import { localDate, type LocalDate } from '../schedules/calendar.js';
import type { ScheduleRequest } from '../schedules/create.js';
import { MAX_PAYMENTS } from '../schedules/plan.js';
import { MAX_REMINDER_DAYS } from '../schedules/payment-schedule.js';
import type { ScheduleCriteria } from '../storage/repository.js';
import { validatePage } from './reversal-requests.js';
import { parseSearchDate } from './search-parameters.js';

const problem = (code: ScheduleCode): Verification => ({
  isValid: false,
  isPotentiallyValid: false,
  code,
  message: scheduleMessages[code],
});
const optional =
  (check: (value: unknown) => boolean, code: ScheduleCode) =>
  (value: unknown): Verification =>
    value === undefined || value === null || check(value) ? VALID : problem(code);
const wholeNumber = (min: number, max: number) => (value: unknown) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
/** A date as `YYYY-MM-DD`, or a date-time whose date is taken (the API's fields are date-times). */
const dateOf = (value: unknown): LocalDate | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value)
    ? localDate(value.slice(0, 10))
    : null;
const toCents = (value: unknown): Cents | undefined => {
  const parsed = value === undefined || value === null ? undefined : parseAmount(value);
  return parsed?.ok ? cents(parsed.cents) : undefined;
};
const tokenId =
  (code: 'INVALID_TOKEN_ID') =>
  (value: unknown): Verification =>
    isId('token', value)
      ? VALID
      : { isValid: false, isPotentiallyValid: false, code, message: transactionMessages[code] };

/** The fields a schedule and an AutoPay share. */
interface PayerFields {
  payer?: string;
  emailAddress: string;
  attributeValues?: AttributeValues;
  language?: 'en' | 'es';
  reminderDays?: number;
}
const PAYER_RULES: FieldRules<PayerFields> = {
  payer: [(value) => (value === undefined || value === null ? VALID : payer(value)), text],
  emailAddress: [emailAddress, text],
  attributeValues: [attributeValues, same],
  language: [optional((value) => value === 'en' || value === 'es', 'INVALID_LANGUAGE'), same],
  reminderDays: [optional(wholeNumber(0, MAX_REMINDER_DAYS), 'INVALID_REMINDER_DAYS'), same],
};

interface ScheduleFields extends PayerFields {
  payer: string;
  tokenId: string;
  amount: number;
  interval: PaymentInterval;
  intervalCount: number;
  startDate?: LocalDate;
  endDate?: LocalDate;
  numberOfTotalPayments?: number;
  lastDayOfMonth?: boolean;
  comments?: string;
  initiatingPartyFee?: number;
  ipAddress?: string;
}
const SCHEDULE_RULES: FieldRules<ScheduleFields> = {
  ...PAYER_RULES,
  payer: [payer, text],
  tokenId: [tokenId('INVALID_TOKEN_ID'), same],
  amount: [jsonNumber(positiveAmount), toCents],
  interval: [
    (value) => ((PAYMENT_INTERVALS as readonly unknown[]).includes(value) ? VALID : problem('INVALID_INTERVAL')),
    same,
  ],
  intervalCount: [(value) => (wholeNumber(0, 365)(value) ? VALID : problem('INVALID_INTERVAL_COUNT')), same],
  startDate: [
    optional((value) => dateOf(value) !== null, 'INVALID_SCHEDULE_DATE'),
    (value) => dateOf(value) ?? undefined,
  ],
  endDate: [
    optional((value) => dateOf(value) !== null, 'INVALID_SCHEDULE_DATE'),
    (value) => dateOf(value) ?? undefined,
  ],
  numberOfTotalPayments: [optional(wholeNumber(0, MAX_PAYMENTS), 'INVALID_TOTAL_PAYMENTS'), same],
  lastDayOfMonth: [
    (value, object) =>
      value === undefined ||
      value === null ||
      value === false ||
      (value === true && (object.interval === 'Month' || object.interval === 'Year'))
        ? VALID
        : problem('INVALID_LAST_DAY_OF_MONTH'),
    same,
  ],
  comments: [
    (value) =>
      value == null || (typeof value === 'string' && value.length <= 500)
        ? VALID
        : {
            isValid: false,
            isPotentiallyValid: false,
            code: 'COMMENTS_TOO_LONG',
            message: transactionMessages.COMMENTS_TOO_LONG,
          },
    text,
  ],
  initiatingPartyFee: [jsonNumber(optionalFee('INVALID_INITIATING_PARTY_FEE')), toCents],
  ipAddress: [ipAddress, text],
};

/** `instalments` (ours): 1 to 365 `{ date, amount? }`, dates increasing; the domain checks the rest. */
function instalmentsOf(value: unknown): { date: LocalDate; amount: Cents | null }[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PAYMENTS) return null;
  const list: { date: LocalDate; amount: Cents | null }[] = [];
  for (const item of value as unknown[]) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return null;
    const { date, amount, ...rest } = item as Record<string, unknown>;
    const day = dateOf(date);
    const parsed = amount === undefined ? null : typeof amount === 'number' ? parseAmount(amount) : undefined;
    if (!day || Object.keys(rest).length || parsed === undefined || (parsed && (!parsed.ok || parsed.cents <= 0)))
      return null;
    const previous = list.at(-1);
    if (previous && previous.date >= day) return null;
    list.push({ date: day, amount: parsed ? cents(parsed.cents) : null });
  }
  return list;
}

const defaults = (fields: PayerFields) => ({
  payer: fields.payer ?? '',
  emailAddress: fields.emailAddress,
  language: fields.language ?? 'en',
  attributeValues: fields.attributeValues ?? {},
  reminderDays: fields.reminderDays ?? 3,
});

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** `POST /api/v1/paymentSchedules`'s body as a ScheduleRequest, or every field problem. */
export function validateScheduleRequest(body: unknown): Checked<ScheduleRequest> {
  const errors = fieldErrors();
  const [fields, ok] = checkFields(body, '', SCHEDULE_RULES, errors);
  const raw = (body ?? {}) as Record<string, unknown>;
  const instalments = raw.instalments === undefined ? undefined : instalmentsOf(raw.instalments);
  if (instalments === null) errors.check('instalments', problem('INVALID_INSTALMENTS'));
  if (!ok || instalments === null) return { ok: false, errors: errors.list };
  const amount = cents(fields.amount);
  return {
    ok: true,
    value: {
      kind: 'Schedule',
      tokenId: fields.tokenId,
      ...defaults(fields),
      comments: fields.comments ?? null,
      initiatingPartyFee: cents(fields.initiatingPartyFee ?? 0),
      ipAddress: fields.ipAddress ?? null,
      timing: instalments
        ? { kind: 'Instalments', total: amount, instalments }
        : {
            kind: 'Recurring',
            startDate: fields.startDate ?? null,
            recurrence: {
              interval: fields.interval,
              intervalCount: fields.intervalCount,
              lastDayOfMonth: fields.lastDayOfMonth ?? false,
            },
            amount,
            endDate: fields.endDate ?? null,
            totalPayments: fields.numberOfTotalPayments || null,
          },
    },
  };
}

interface AutoPayFields extends PayerFields {
  publicTokenId?: string;
}
const AUTOPAY_RULES: FieldRules<AutoPayFields> = {
  ...PAYER_RULES,
  publicTokenId: [
    (value) => (value === undefined || value === null ? VALID : tokenId('INVALID_TOKEN_ID')(value)),
    same,
  ],
};

/** `POST /api/v1/autoPay`'s body as a ScheduleRequest of an AutoPay, or every field problem. */
export function validateAutoPayRequest(body: unknown): Checked<ScheduleRequest> {
  const errors = fieldErrors();
  const [fields, ok] = checkFields(body, '', AUTOPAY_RULES, errors);
  if (!ok) return { ok: false, errors: errors.list };
  return {
    ok: true,
    value: {
      kind: 'AutoPay',
      tokenId: fields.publicTokenId ?? null,
      ...defaults(fields),
      comments: null,
      initiatingPartyFee: cents(0),
      ipAddress: null,
      timing: { kind: 'AmountsDue' },
    },
  };
}

/** `POST /api/v1/autoPay/{id}/amountsDue`'s body (ours): `{ amount, dueDate }`. */
export function validateAmountDue(body: unknown): Checked<{ date: LocalDate; amount: Cents }> {
  const errors = fieldErrors();
  const [fields, ok] = checkFields(
    body,
    '',
    {
      amount: [jsonNumber(positiveAmount), toCents],
      dueDate: [(value) => (dateOf(value) ? VALID : problem('INVALID_AMOUNT_DUE_DATE')), (v) => dateOf(v) ?? undefined],
    } satisfies FieldRules<{ amount: Cents; dueDate: LocalDate }>,
    errors,
  );
  if (!ok) return { ok: false, errors: errors.list };
  return { ok: true, value: { date: fields.dueDate, amount: fields.amount } };
}

const SEARCH_PARAMETERS = {
  Schedule: ['status', 'payer', 'tokenId', 'nextPaymentDateStart', 'nextPaymentDateEnd'],
  AutoPay: [],
} as const;
const SHARED_PARAMETERS = ['createDateStart', 'createDateEnd', 'cancelDateStart', 'cancelDateEnd', 'page', 'pageSize'];

/**
 * A search's query (`GET /api/v1/paymentSchedules`, `GET /api/v1/autoPays`) as criteria: dates are
 * instants (a bare date from its start, or through its end, in UTC), pages as every list's.
 */
export function validateScheduleSearch(kind: 'Schedule' | 'AutoPay') {
  return (query: unknown): Checked<ScheduleCriteria> => {
    const given = (query ?? {}) as Record<string, unknown>;
    const errors: FieldError[] = [];
    const refuse = (field: string, code: ScheduleCode | 'INVALID_TOKEN_ID') =>
      errors.push({
        field,
        code,
        message: code === 'INVALID_TOKEN_ID' ? transactionMessages.INVALID_TOKEN_ID : scheduleMessages[code],
      });
    const known = new Set<string>([...SHARED_PARAMETERS, ...SEARCH_PARAMETERS[kind]]);
    const pageQuery: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(given))
      if (name === 'page' || name === 'pageSize') pageQuery[name] = value;
    const paged = validatePage(pageQuery);
    if (!paged.ok) errors.push(...paged.errors);
    const criteria: Partial<ScheduleCriteria> = {};
    for (const [name, value] of Object.entries(given)) {
      if (!known.has(name) || typeof value !== 'string') {
        refuse(name, 'UNKNOWN_SCHEDULE_SEARCH_PARAMETER');
        continue;
      }
      if (name === 'page' || name === 'pageSize') continue;
      if (name === 'status') {
        if ((SCHEDULE_STATUSES as readonly string[]).includes(value)) criteria.status = value as ScheduleStatus;
        else refuse(name, 'INVALID_SCHEDULE_STATUS');
      } else if (name === 'payer') {
        const trimmed = value.trim();
        if (trimmed && [...trimmed].length <= 100) criteria.payer = trimmed;
        else refuse(name, 'INVALID_SCHEDULE_PAYER');
      } else if (name === 'tokenId') {
        if (isId('token', value)) criteria.tokenId = value;
        else refuse(name, 'INVALID_TOKEN_ID');
      } else if (name === 'nextPaymentDateStart' || name === 'nextPaymentDateEnd') {
        const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? localDate(value) : null;
        if (day) criteria[name] = day;
        else refuse(name, 'INVALID_SCHEDULE_DATE');
      } else {
        const at = parseSearchDate(value, name.endsWith('End'));
        if (at) criteria[name as 'createDateStart'] = at;
        else refuse(name, 'INVALID_SCHEDULE_DATE');
      }
    }
    if (errors.length || !paged.ok) return { ok: false, errors };
    return { ok: true, value: { ...criteria, ...paged.value } };
  };
}
