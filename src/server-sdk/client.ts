import { centsToAmount, parseAmount } from '../shared/money.js';
import type {
  AutoPayListItem,
  AutoPayRequest,
  AutoPayResponse,
  PaymentScheduleRequest,
  PaymentScheduleResponse,
  ScheduleStatus,
  SchedulePaymentResponse,
  AuthorizationResponse,
  BatchListResponse,
  BatchResponse,
  SettlementReportResponse,
  TokenResponse,
  TransactionFeesResponse,
  TransactionRequest,
  TransactionResponse,
} from '../shared/wire.js';
import { eventsOf, webhookEndpointsOf } from './events.js';
import { createHttp, type HttpOptions, type RequestOptions } from './http.js';
import { TransactionList, type TransactionListFilters } from './transaction-list.js';

/** Cents of a currency-unit amount, exactly, or a RangeError (a rejection, before any request) that says what is wrong. */
function cents(amount: number, name: string): number {
  const parsed = parseAmount(amount);
  if (!parsed.ok)
    throw new RangeError(
      `${name} must be an amount of at least 0.00 with at most 2 decimals, up to 10,000,000.00 (${parsed.code}).`,
    );
  return parsed.cents;
}

/** The filters every schedule and AutoPay search takes: dates (`YYYY-MM-DD` or ISO 8601) and pages. */
export interface ScheduleSearch {
  createDateStart?: string;
  createDateEnd?: string;
  cancelDateStart?: string;
  cancelDateEnd?: string;
  page?: number;
  pageSize?: number;
}

/** `?name=value&…` of the filters given, or nothing. */
function queryOf(filters: object): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
}

export interface PayerFeePayment extends Omit<
  TransactionRequest,
  'amount' | 'payerFee' | 'tokenId' | 'creditCardInformation' | 'bankAccountInformation' | 'authorizationId'
> {
  /** What the agency is to receive, in currency units. */
  amountDue: number;
  tokenId: string;
}

/**
 * The integrating server's client for the key+secret operations. Works on any runtime with `fetch`.
 *
 * @example
 * const paytoken = new PaytokenClient({ apiUrl: 'https://pay.example.com', apiKey: process.env.PAYTOKEN_API_KEY, apiSecret: process.env.PAYTOKEN_API_SECRET });
 * const token = await paytoken.tokens.retrieve(tokenIdFromTheBrowser);            // docs/api.md#retrieving-and-deleting
 * const receipt = await paytoken.transactions.createWithPayerFee({ amountDue: 100, tokenId: token.id, payer: token.payer });
 * receipt.amount;     // 103.25 charged
 * receipt.netAmount;  // 100.00 to the agency
 */
export class PaytokenClient {
  private readonly request: ReturnType<typeof createHttp>;

  constructor(options: HttpOptions) {
    if (!options.apiUrl || !options.apiKey || !options.apiSecret)
      throw new TypeError('PaytokenClient needs apiUrl, apiKey and apiSecret.');
    this.request = createHttp(options);
  }

  readonly tokens = {
    /**
     * A token's details (brand, last four, expiry), to check a token id the browser sent.
     * @example const token = await paytoken.tokens.retrieve('tok_…'); token.transactionType // 'Visa'
     */
    retrieve: (id: string): Promise<TokenResponse> => this.request('GET', `/api/v1/tokens/${encodeURIComponent(id)}`),
    /**
     * Makes a token unusable.
     * @example await paytoken.tokens.delete('tok_…')
     */
    delete: (id: string): Promise<{ id: string; deleted: true }> =>
      this.request('DELETE', `/api/v1/tokens/${encodeURIComponent(id)}`),
  };

  readonly fees = {
    /**
     * The payer fee of each method for an amount due.
     * @example await paytoken.fees.calculate(100) // { achPayerFee: 3, creditCardPayerFee: 3.25 }
     */
    calculate: async (amountDue: number, tokenId?: string): Promise<TransactionFeesResponse> =>
      this.request(
        'GET',
        `/api/v1/transactionFees?amount=${centsToAmount(cents(amountDue, 'amountDue')).toFixed(2)}${
          tokenId === undefined ? '' : `&tokenId=${encodeURIComponent(tokenId)}`
        }`,
      ),
  };

  readonly transactions = {
    /**
     * Charges a token, card or bank details, or captures an authorization. A decline throws a
     * `PaymentDeclinedError`; pass `idempotencyKey` (an order id, say) to make retries safe across restarts.
     * @example await paytoken.transactions.create({ payer: 'Ada', amount: 103.25, payerFee: 3.25, tokenId: 'tok_…' }, { idempotencyKey: 'order-17' })
     */
    create: async (request: TransactionRequest, options?: RequestOptions): Promise<TransactionResponse> => {
      cents(request.amount, 'amount');
      if (request.payerFee !== undefined) cents(request.payerFee, 'payerFee');
      return this.request('POST', '/api/v1/transactions', request, options);
    },
    /**
     * The caller's transactions matching `filters`, newest first: `for await` over every match, or
     * `.page(n)` for one page with `totalRecords` (docs/api.md#searching-transactions).
     * @example for await (const transaction of paytoken.transactions.list({ payerName: 'lovelace' })) console.log(transaction.id)
     * @example const { transactions, totalRecords } = await paytoken.transactions.list({ minAmount: 100 }).page(1)
     */
    list: (filters: TransactionListFilters = {}): TransactionList =>
      new TransactionList((query) => this.request('GET', `/api/v1/transactions?${query}`), filters),
    /** @example await paytoken.transactions.retrieve(1042) */
    retrieve: (id: number | string): Promise<TransactionResponse> =>
      this.request('GET', `/api/v1/transactions/${encodeURIComponent(String(id))}`),
    /**
     * Holds an amount on a card token for 7 days; capture it with `create({ authorizationId, amount })`.
     * @example const { authorizationId } = await paytoken.transactions.authorize({ tokenId: 'tok_…', amount: 80 })
     */
    authorize: async (
      request: { tokenId: string; amount: number },
      options?: RequestOptions,
    ): Promise<AuthorizationResponse> => {
      cents(request.amount, 'amount');
      return this.request('POST', '/api/v1/transactions/authorize', request, options);
    },
    /**
     * Mode A (docs/fees.md#payer-fee-modes): asks for the fee of the token itself (its card's funding, the
     * account's fee program: docs/fees.md#fee-programs), and charges `amountDue` plus that fee, with
     * that fee as `payerFee`. The agency receives `amountDue` when the program's fee is its base.
     * @example await paytoken.transactions.createWithPayerFee({ amountDue: 100, tokenId: 'tok_…', payer: 'Ada Lovelace' })
     */
    createWithPayerFee: async (
      { amountDue, ...rest }: PayerFeePayment,
      options?: RequestOptions,
    ): Promise<TransactionResponse> => {
      const due = cents(amountDue, 'amountDue');
      const fees = await this.fees.calculate(amountDue, rest.tokenId);
      const fee = cents(fees.payerFee ?? 0, 'payerFee');
      return this.transactions.create(
        { ...rest, amount: centsToAmount(due + fee), payerFee: centsToAmount(fee) },
        options,
      );
    },
    /**
     * Voids a transaction before settlement: the payer is not charged, fee and net become 0; an open
     * authorization is released (docs/api.md#voids-refunds-and-settlement). A refusal throws a
     * `ReversalDeclinedError` (e.g. `AlreadySettled`: refund instead). Retries are safe: an
     * Idempotency-Key is sent (pass `idempotencyKey` to choose it).
     * @example const voided = await paytoken.transactions.void(1042); voided.status // 'Voided'
     */
    void: (id: number | string, options?: RequestOptions): Promise<TransactionResponse> =>
      this.request('POST', `/api/v1/transactions/${encodeURIComponent(String(id))}/void`, {}, options),
    /**
     * Refunds a settled transaction, all that is left or `amount` of it, as a new transaction with a
     * negative amount; the agency bears it and the fee stays (docs/fees.md#refunds). A refusal throws
     * a `ReversalDeclinedError` (`NotSettled`: void instead; `AmountExceedsRemaining`, with what is
     * left in the message). Retries are safe: an Idempotency-Key is sent.
     * @example const refund = await paytoken.transactions.refund(1042, { amount: 40 }); refund.amount // -40
     */
    refund: async (
      id: number | string,
      request: { amount?: number } = {},
      options?: RequestOptions,
    ): Promise<TransactionResponse> => {
      if (request.amount !== undefined) cents(request.amount, 'amount');
      return this.request('POST', `/api/v1/transactions/${encodeURIComponent(String(id))}/refund`, request, options);
    },
  };

  readonly batches = {
    /**
     * One page of your settlement batches, newest first (docs/api.md#voids-refunds-and-settlement).
     * @example const { batches, totalRecords } = await paytoken.batches.list({ page: 1, pageSize: 25 })
     */
    list: ({ page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {}): Promise<BatchListResponse> =>
      this.request('GET', `/api/v1/batches?page=${page}&pageSize=${pageSize}`),
    /**
     * One page of the transactions a batch settled, oldest first.
     * @example const { transactions } = await paytoken.batches.transactions(17)
     */
    transactions: (
      id: number,
      { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {},
    ): Promise<{ transactions: TransactionResponse[]; totalRecords: number }> =>
      this.request(
        'GET',
        `/api/v1/batches/${encodeURIComponent(String(id))}/transactions?page=${page}&pageSize=${pageSize}`,
      ),
    /**
     * A batch's settlement report (ours; docs/api.md#settlement-reports): a line per transaction with
     * principal, payer fee, service fee, initiating-party fee and net, and totals equal to the batch's.
     * @example const { lines, totals } = await paytoken.batches.report(17); totals.net // what the agency is funded
     */
    report: (id: number): Promise<SettlementReportResponse> =>
      this.request('GET', `/api/v1/batches/${encodeURIComponent(String(id))}/report?format=json`),
    /**
     * The same report as RFC 4180 CSV, for a spreadsheet or an accounting import.
     * @example await writeFile('batch-17.csv', await paytoken.batches.reportCsv(17))
     */
    reportCsv: (id: number): Promise<string> =>
      this.request('GET', `/api/v1/batches/${encodeURIComponent(String(id))}/report?format=csv`, undefined, {
        accept: 'text/csv',
      }),
  };

  readonly reports = {
    /**
     * The payments of a day as a lockbox file for a billing system (ours; docs/api.md#lockbox-files):
     * CSV, or fixed-width records of 120 characters.
     * @example const file = await paytoken.reports.lockbox('2026-11-27', 'fixed')
     */
    lockbox: (date: string, format: 'csv' | 'fixed' = 'csv'): Promise<string> =>
      this.request('GET', `/api/v1/reports/lockbox?date=${encodeURIComponent(date)}&format=${format}`, undefined, {
        accept: format === 'csv' ? 'text/csv' : 'text/plain',
      }),
  };

  readonly paymentSchedules = {
    /**
     * Pays a saved token on its dates in the account's time zone, exactly once each (docs/autopay.md).
     * @example
     * const schedule = await paytoken.paymentSchedules.create({ payer: 'Ada Lovelace', emailAddress: 'ada@example.com',
     *   tokenId: 'tok_…', amount: 84.2, interval: 'Month', intervalCount: 1, lastDayOfMonth: true });
     * schedule.nextPaymentDate // '2026-11-30'
     */
    create: async (request: PaymentScheduleRequest, options?: RequestOptions): Promise<PaymentScheduleResponse> => {
      cents(request.amount, 'amount');
      return this.request('POST', '/api/v1/paymentSchedules', request, options);
    },
    /** @example const schedule = await paytoken.paymentSchedules.retrieve('psch_…') */
    retrieve: (id: string): Promise<PaymentScheduleResponse> =>
      this.request('GET', `/api/v1/paymentSchedules/${encodeURIComponent(id)}`),
    /**
     * One page of your schedules, newest first (docs/autopay.md#searching).
     * @example const { paymentSchedules } = await paytoken.paymentSchedules.search({ status: 'Failing' })
     */
    search: (
      filters: ScheduleSearch & {
        status?: ScheduleStatus;
        payer?: string;
        tokenId?: string;
        nextPaymentDateStart?: string;
        nextPaymentDateEnd?: string;
      } = {},
    ): Promise<{ paymentSchedules: PaymentScheduleResponse[]; totalRecords: number }> =>
      this.request('GET', `/api/v1/paymentSchedules${queryOf(filters)}`),
    /**
     * Every try of every payment, with its transaction, oldest first: the schedule's history.
     * @example const { payments } = await paytoken.paymentSchedules.payments('psch_…')
     */
    payments: (id: string): Promise<{ payments: SchedulePaymentResponse[] }> =>
      this.request('GET', `/api/v1/paymentSchedules/${encodeURIComponent(id)}/payments`),
    /** @example await paytoken.paymentSchedules.cancel('psch_…') */
    cancel: (id: string): Promise<PaymentScheduleResponse> =>
      this.request('POST', `/api/v1/paymentSchedules/${encodeURIComponent(id)}/cancel`),
    /** @example await paytoken.paymentSchedules.pause('psch_…') */
    pause: (id: string): Promise<PaymentScheduleResponse> =>
      this.request('POST', `/api/v1/paymentSchedules/${encodeURIComponent(id)}/pause`),
    /** Resumes at the first payment due from now on. @example await paytoken.paymentSchedules.restart('psch_…') */
    restart: (id: string): Promise<PaymentScheduleResponse> =>
      this.request('POST', `/api/v1/paymentSchedules/${encodeURIComponent(id)}/restart`),
  };

  readonly autoPay = {
    /**
     * Enrols a payer; each amount due added with `addAmountDue` is paid on its date.
     * @example const autoPay = await paytoken.autoPay.create({ emailAddress: 'ada@example.com', publicTokenId: 'tok_…' })
     */
    create: (request: AutoPayRequest, options?: RequestOptions): Promise<AutoPayResponse> =>
      this.request('POST', '/api/v1/autoPay', request, options),
    /** @example await paytoken.autoPay.retrieve(731554210) */
    retrieve: (id: number): Promise<AutoPayResponse> => this.request('GET', `/api/v1/autoPay/${id}`),
    /** @example const { autoPays } = await paytoken.autoPay.search({ createDateStart: '2026-11-01' }) */
    search: (filters: ScheduleSearch = {}): Promise<{ autoPays: AutoPayListItem[]; totalRecords: number }> =>
      this.request('GET', `/api/v1/autoPays${queryOf(filters)}`),
    /** @example await paytoken.autoPay.addAmountDue(731554210, { amount: 84.2, dueDate: '2026-12-15' }) */
    addAmountDue: async (id: number, due: { amount: number; dueDate: string }): Promise<AutoPayResponse> => {
      cents(due.amount, 'amount');
      return this.request('POST', `/api/v1/autoPay/${id}/amountsDue`, due);
    },
    /** @example await paytoken.autoPay.cancel(731554210) */
    cancel: (id: number): Promise<AutoPayResponse> => this.request('POST', `/api/v1/autoPay/${id}/cancel`),
    /** @example await paytoken.autoPay.restart(731554210) */
    restart: (id: number): Promise<AutoPayResponse> => this.request('POST', `/api/v1/autoPay/${id}/restart`),
  };

  /** Your events (docs/api.md#events-and-webhooks): list them by type and time, or read one. */
  readonly events = eventsOf((...args) => this.request(...args));

  /** Where your events are posted (docs/integrating.md#receiving-webhooks): made, listed, rotated, deleted. */
  readonly webhookEndpoints = webhookEndpointsOf((...args) => this.request(...args));

  readonly sandbox = {
    /**
     * Sandbox processor only: closes your open settlement batch now, as the daily cut-off would, and
     * returns it (with no transactions when nothing was open).
     * @example const batch = await paytoken.sandbox.settle(); batch.numberOfDebits
     */
    settle: (): Promise<BatchResponse> => this.request('POST', '/api/v1/sandbox/settle'),
  };
}
