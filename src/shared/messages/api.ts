/**
 * The service's own messages, in English and Spanish: what it answers about credentials, requests,
 * searches, lists, voids and refunds, and what each processor answer means. The service answers in
 * English; the server SDK reads the Spanish by code (`messageIn`). With en.ts, es.ts and
 * payer-declines.ts this is the one catalog: a code has one message per language, and
 * messages.test.ts refuses a code defined twice. `{name}` placeholders are filled by
 * `formatMessage` (catalog.ts).
 */
/** Credentials, requests and the framework's own answers (docs/api.md#errors-and-codes). */
export const serviceMessages = {
  UNAUTHORIZED: 'Missing or invalid credentials.',
  PUBLIC_KEY_NOT_ALLOWED: 'The public key can only create payment tokens.',
  SECRET_IN_BROWSER:
    'This operation takes your API key and secret, which belong on your server: a web page ({origin}) cannot call it. A secret that has been in a page is exposed: rotate it now (npm run accounts -- rotate-secret NAME), and make this call from your server (the server SDK).',
  IMPERSONATION_NOT_ALLOWED: 'The impersonation key is not valid for these credentials.',
  ORIGIN_NOT_ALLOWED: 'This origin is not allowed to use this public key.',
  INVALID_IMPERSONATION_KEY:
    'The impersonationAccountKey header is empty: send a client’s impersonation key, or leave the header out.',
  NOT_FOUND: 'No such endpoint: {method} {path}.',
  SCRIPT_NOT_FOUND: 'No such script.',
  FRAME_PAGE_NOT_FOUND: 'No such frame page.',
  BUNDLES_NOT_BUILT: 'The browser bundles are not built; run `npm run build`.',
  TOKEN_NOT_FOUND: 'No such token.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  EMPTY_BODY: 'The request body is empty; send a JSON object.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as application/json.',
  PAYLOAD_TOO_LARGE: 'The request body is larger than 64 KiB.',
  INVALID_REQUEST: 'The request is not valid.',
  INVALID_URL: 'The URL is not valid: its path must be percent-encoded UTF-8.',
  URI_TOO_LONG: 'A part of the URL path is longer than 100 characters.',
  INVALID_HEADER: 'A request header is not valid (a control character, or a malformed line).',
  HEADERS_TOO_LARGE: 'The request headers are too large.',
  REQUEST_TIMEOUT: 'The request took too long to arrive.',
  INVALID_HOST: 'The Host header does not name this service (set PUBLIC_URL or ALLOWED_HOSTS).',
  INVALID_IDEMPOTENCY_KEY: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request.',
  IDEMPOTENCY_KEY_IN_USE: 'A request with this Idempotency-Key is still running. Try again shortly.',
  TRANSACTION_NOT_FOUND: 'No such transaction.',
  AUTHORIZATION_NOT_FOUND: 'No such authorization.',
  BATCH_NOT_FOUND: 'No such batch.',
  PAYMENT_SCHEDULE_NOT_FOUND: 'No such payment schedule.',
  AUTOPAY_NOT_FOUND: 'No such AutoPay.',
  SCHEDULE_CANCELLED: 'This schedule is cancelled: restart it first, then change it.',
  SCHEDULE_COMPLETED: 'This schedule has made all its payments, so nothing is left to pause or restart.',
  SCHEDULE_NOT_ACTIVE: 'Only an active schedule can be paused: this one is {status}.',
  EVENT_NOT_FOUND: 'No such event.',
  WEBHOOK_ENDPOINT_NOT_FOUND: 'No such webhook endpoint.',
  PAYMENT_DECLINED: 'The payment was declined.',
  REVERSAL_DECLINED: 'The void or refund was refused; reversalResponseCode says why.',
  INVALID_TOKEN: 'The token does not exist or was deleted.',
  INVALID_AUTHORIZATION: 'The authorization cannot be captured.',
  INVALID_PAYMENT_TYPE: 'This payment method cannot be used for this operation.',
  NOT_READY: 'The service cannot reach its database, or the database is not migrated yet.',
  PROCESSOR_UNAVAILABLE: 'The payment processor did not answer in time, so nothing changed. Try again in a moment.',
  INTERNAL_ERROR: 'Something went wrong on our side. The request id helps us find it.',
} as const;

/** A search's bad parameters (docs/api.md#searching-transactions). */
export const searchMessages = {
  UNKNOWN_SEARCH_PARAMETER:
    'This is not a search parameter; they are beginDate, endDate, minAmount, maxAmount, accountNumber, payerName, batchId, transactionSearchTypeId, page and pageSize.',
  REPEATED_SEARCH_PARAMETER: 'Give each search parameter at most once.',
  INVALID_DATE: 'A date is YYYY-MM-DD, or a date-time such as 2026-11-22T15:30:00Z (without an offset, UTC).',
  INVALID_DATE_RANGE: 'beginDate must be before endDate.',
  INVALID_AMOUNT_FILTER: 'An amount is in currency units with at most 2 decimals, 0.00 to 10,000,000.00 (e.g. 25.00).',
  INVALID_AMOUNT_RANGE: 'minAmount must not be more than maxAmount.',
  INVALID_LAST_FOUR: 'accountNumber is the last four digits of the card or bank account number.',
  INVALID_PAYER_NAME: 'payerName must be 1 to 100 characters.',
  INVALID_BATCH_ID: 'batchId must be a batch id: a whole number of 1 to 9 digits, such as 17.',
  INVALID_SEARCH_TYPE: 'transactionSearchTypeId must be Processed, Rejected or Refunds.',
} as const;

/** Pages of every list, and the bodies of voids and refunds (docs/api.md#voids-refunds-and-settlement). */
export const listMessages = {
  EMPTY_PARAMETER: 'This parameter is empty: give it a value, or leave it out.',
  INVALID_PAGE: 'page must be a whole number from 1 to 1000000.',
  INVALID_PAGE_SIZE: 'pageSize must be a whole number from 1 to 50.',
  UNKNOWN_PAGE_PARAMETER: 'This list takes only page and pageSize.',
  INVALID_REFUND_AMOUNT: 'amount is a number of currency units, more than 0, with at most 2 decimals (e.g. 40.00).',
  UNKNOWN_REFUND_FIELD: 'A refund takes only amount and sendReceipt.',
  UNKNOWN_VOID_FIELD: 'A void takes only sendReceipt.',
} as const;

/** The event list's query and a webhook endpoint's body (docs/api.md#events-and-webhooks). */
export const webhookMessages = {
  UNKNOWN_EVENT_PARAMETER: 'This list takes only type, createdFrom, createdTo, page and pageSize.',
  INVALID_EVENT_TYPE:
    'This is not an event type; they are transaction.approved, transaction.declined, transaction.captured, transaction.voided, transaction.refunded, batch.settled, token.created and token.deleted.',
  INVALID_EVENT_TIME: 'A time is a date-time with its offset, such as 2026-11-22T15:30:00Z.',
  INVALID_EVENT_TIME_RANGE: 'createdFrom must be before createdTo.',
  UNKNOWN_WEBHOOK_FIELD: 'A webhook endpoint takes only url and enabledEvents.',
  INVALID_WEBHOOK_URL: 'url is an http or https URL of at most 2048 characters, without a user name or password.',
  WEBHOOK_URL_NOT_ALLOWED:
    'url points at this service, or at a loopback, private, link-local or metadata address, which webhooks are not sent to (WEBHOOK_ALLOWED_NETWORKS lists the networks an operator allows).',
  WEBHOOK_HOST_NOT_FOUND: 'The host of url could not be resolved.',
  INVALID_ENABLED_EVENTS: 'enabledEvents is a list of 1 to 20 event types, or ["*"] for all of them.',
  UNKNOWN_ROTATE_FIELD: 'A rotation takes only overlapSeconds.',
  INVALID_OVERLAP: 'overlapSeconds is a whole number from 0 to 604800 (7 days).',
  WEBHOOK_SIGNATURE_MISSING: 'The request has no Paytoken-Signature header with a time and a v1 signature.',
  WEBHOOK_SIGNATURE_MISMATCH:
    'No signature matches the body under this secret. Verify the raw body as it arrived: a body parsed and written out again is not the same text.',
  WEBHOOK_TIMESTAMP_TOO_OLD:
    'The signed time is {seconds} seconds from now, more than the tolerance of {tolerance}: a replay is refused.',
  WEBHOOK_BODY_NOT_RAW:
    'Pass the raw body (a string or bytes, e.g. from express.raw()), not a parsed object: a parsed body cannot be checked.',
} as const;

/** The queries of a batch's settlement report and of a lockbox file (docs/api.md#settlement-reports). */
export const reportMessages = {
  INVALID_REPORT_FORMAT: 'format must be json or csv (or send Accept: text/csv).',
  INVALID_LOCKBOX_FORMAT: 'format must be csv or fixed.',
  INVALID_REPORT_DATE: 'date is one day as YYYY-MM-DD, such as 2026-11-27.',
  UNKNOWN_REPORT_PARAMETER: 'A settlement report takes only format; a lockbox file takes only date and format.',
} as const;

/** Why a void or a refund was refused, and what to do instead: the message of a `REVERSAL_DECLINED`. */
export const reversalMessages = {
  voidOfDeclined: 'This transaction was declined, so there is nothing to void.',
  refundOfDeclined: 'This transaction was declined, so there is nothing to refund.',
  previouslyVoided: 'This transaction was already voided.',
  refundOfVoided: 'This transaction was voided; nothing was charged.',
  alreadySettled:
    'This transaction is already settled and can no longer be voided; refund it instead (POST /api/v1/transactions/{id}/refund).',
  notSettled: 'This transaction is not settled yet; void it instead (POST /api/v1/transactions/{id}/void).',
  refundOfRefund: 'This transaction is a refund; refund its original transaction instead.',
  voidOfRefund: 'This transaction is a refund, and a refund cannot be voided.',
  refundedInFull: 'This transaction is already refunded in full.',
  exceedsRemaining: 'The refund is more than what is left to refund: {remaining} remains.',
} as const;

/** The precise reasons of declines that say more than their processor answer. */
export const declineDetails = {
  processorNoAnswer:
    'The payment processor did not answer in time, so the payment was declined and nothing was charged. Try again.',
  authorizationUnknown: 'No such authorization for these credentials (or it was made under another impersonation).',
  authorizationCaptured: 'This authorization was already captured.',
  authorizationReleased: 'This authorization was voided (released).',
  feeNeedsToken:
    'This account charges its service fee as a separate transaction, by the authorization’s card token, which was deleted: capture with payerFee 0 (the agency bears the fee), or make a new token and pay.',
  duplicate:
    'This payment duplicates transaction {id}, approved at {approvedAt} with the same payment method and amount. To charge it again, use another amount or wait until {until}.',
} as const;

/** What each processor answer means, for the integrator (the payer's words are payer-declines.ts). */
export const responseMessages = {
  Success: 'The payment was approved.',
  GenericDecline: 'The payment was declined by the card issuer.',
  DoNotHonor: 'The card issuer declined the payment (do not honor).',
  InvalidAccountNumber: 'The account number is not valid at this bank.',
  InsufficientFunds: 'The payment was declined: insufficient funds.',
  DeclineCvvFail: 'The payment was declined: the security code did not match.',
  ExceedsApprovalAmountLimit: 'The amount exceeds the approval limit of 1,000,000.00.',
  NoSuchIssuer: 'The card issuer is unknown.',
  InvalidPaymentType: 'This payment method cannot be used for this operation.',
  InvalidExpirationDate: 'The expiration date is not valid.',
  LostOrStolenCard: 'The payment was declined: the card was reported lost or stolen.',
  ExpiredCard: 'The payment was declined: the card has expired.',
  HardDuplicateTransaction: 'This payment duplicates an earlier one.',
  InvalidToken: 'The token does not exist or was deleted.',
  InvalidAuthorization: 'The authorization cannot be captured.',
  InvalidRoutingNumber: 'The routing number is not a sandbox bank (use 011000015, 021000021 or 111000025).',
  SoftDuplicateTransaction: 'This payment may duplicate an earlier one.',
  CachedPaymentDataExpired: 'The saved payment data has expired.',
  PaymentMethodBlackListed: 'This payment method is blocked.',
} as const;

/**
 * What the developer reads about a page's set-up (GET /api/v1/publicKeys/check, and the browser
 * kit's console): the fix for each mistake, by the code the payer's line goes with.
 */
export const setUpMessages = {
  MISSING_PUBLIC_KEY:
    'No public key was sent. Put the account’s public key (pk_…, listed by `npm run accounts -- list`) in the page: `data-public-key` on the paytoken.js script tag, `public-key` on <paytoken-form> or <paytoken-frame>, or `Paytoken.configure({ publicKey })`.',
  SECRET_KEY_IN_PAGE:
    'This is an API secret (sk_…), not a public key. A secret belongs on your server only, and this page has exposed it: rotate it now (`npm run accounts -- rotate-secret NAME`), then put the account’s public key (pk_…) in the page.',
  API_KEY_IN_PAGE:
    'This is an API key (ak_…), not a public key: it goes with the secret on your server. Put the account’s public key (pk_…, listed by `npm run accounts -- list`) in the page.',
  IMPERSONATION_KEY_IN_PAGE:
    'This is an impersonation key (imp_…), not a public key. Put the system account’s public key (pk_…) in the page, and the impersonation key in `data-impersonation-account-key` or `impersonation-account-key`.',
  PUBLIC_KEY_REJECTED:
    'This is not a valid public key. Copy the account’s public key (pk_…) from `npm run accounts -- list`.',
  IMPERSONATION_NOT_ALLOWED:
    'The impersonation key is not one of this system account’s clients. Copy the client’s impersonation key (imp_…) from `npm run accounts -- list`.',
  ORIGIN_NOT_ALLOWED:
    'This page’s origin, {origin}, is not on {whose} allow-list. Add it to the list (`npm run accounts -- list` shows it): `npm run accounts -- set-origins NAME <the list>,{origin}`.{hint}',
  NO_ORIGIN:
    'This page has no origin of its own (a file:// page or a sandboxed frame), so no allow-list can name it: serve the page over http(s).',
} as const;

/** The isolated form's own set-up mistakes, for the developer's console. */
export const frameSetUpMessages = {
  FILE_PAGE: 'A file:// page cannot show the payment form: serve it over http(s).',
  FRAME_REFUSED:
    'The browser refused the payment form: check the page’s CSP frame-src and the key’s allow-list (npm run accounts -- set-origins).',
} as const;

/** Card fees, fee quotes and fee programs (docs/fees.md#fee-programs, docs/api.md#card-fees). */
export const feeMessages = {
  BIN_AND_METHOD: 'Send bin for a card or method=ach for a bank account, not both.',
  INVALID_BIN: 'bin must be the first 6 to 8 digits of the card number.',
  BIN_TOO_LONG:
    'bin has more than 8 digits: send only the first 6 to 8 digits of the card number, never the whole number.',
  INVALID_FEE_METHOD: 'method must be ach; a card’s fee is looked up by its bin.',
  UNKNOWN_FEE_PARAMETER: 'This operation takes only bin or method=ach, and amount.',
  INVALID_FEE_QUOTE:
    'feeQuote must be { "amount": …, "payerFee": … }: the net amount and the fee the payer was shown, as JSON numbers with at most 2 decimals.',
  FEE_QUOTE_MISMATCH:
    'The fee the payer was shown is not the fee that applies: for {amount} this card’s fee is {payerFee}: {rule} Show the payer that fee and create the token again.',
  FEE_DIFFERS_FROM_QUOTE:
    'The payer was shown a fee of {quoted} for this payment (the token’s fee quote), not {payerFee}: send payerFee {quoted}, or "feeQuoteOverride": true to charge another fee on purpose.',
  PAYER_FEE_BREAKS_PROGRAM:
    'This account’s {program} program does not allow a payer fee of {payerFee} on this payment: {rule} The fee allowed is {allowed}.',
  PAYER_FEE_REQUIRED:
    'Send payerFee: this account does not allow the deprecated calculated fee (Mode C). Send amount = the amount due + the fee of GET /api/v1/transactionFees, and that fee as payerFee (Mode A), or payerFee 0 to bear the fee yourself (Mode B).',
  TOKEN_NOT_FOUND_FOR_FEES: 'No such token: tokenId must be a live token of this account.',
} as const;

/** The rules that decide a payer fee (docs/fees.md#fee-programs), by the code `rule` answers with. */
export const feeRuleMessages = {
  NO_PROGRAM: 'No fee program: the account’s card or ACH payer schedule applies to every card alike.',
  SURCHARGE_ON_CREDIT: 'A surcharge on a credit card: the account’s credit schedule, within every cap.',
  SURCHARGE_CAPPED_AT_COST: 'A surcharge may not exceed the cost of accepting the card (the service’s fee).',
  SURCHARGE_CAPPED_BY_NETWORK: 'The card network caps a surcharge (Visa at 3 %, Mastercard and the others at 4 %).',
  SURCHARGE_CAPPED_IN_STATE: 'The payer’s state caps a surcharge (Colorado at 2 %).',
  SURCHARGE_NOT_ON_DEBIT: 'A debit card is never surcharged, even when run as credit.',
  SURCHARGE_NOT_ON_PREPAID: 'A prepaid card is never surcharged.',
  SURCHARGE_NOT_ON_UNKNOWN_FUNDING: 'A card whose funding is not known is not surcharged (it may be debit).',
  SURCHARGE_BANNED_IN_STATE: 'Surcharges are not allowed in the state of the card’s billing address.',
  ACH_FEE: 'A fee on a bank (ACH) payment: the account’s ACH schedule.',
  CONVENIENCE_FEE_FLAT: 'A convenience fee: one flat amount, the same for every payment method.',
  CONVENIENCE_FEE_NOT_ON_MERCHANT_INITIATED: 'No convenience fee on a payment the merchant starts (a recurring one).',
  SERVICE_FEE: 'A service fee: the account’s schedule for this card’s funding, on credit and debit alike.',
} as const;

export type FeeCode = keyof typeof feeMessages;
/** A stable code naming the rule that decided a payer fee; its sentence is `feeRuleMessages[rule]`. */
export type FeeRule = keyof typeof feeRuleMessages;

export const esFee = {
  BIN_AND_METHOD: 'Envíe bin para una tarjeta o method=ach para una cuenta bancaria, no ambos.',
  INVALID_BIN: 'bin deben ser los primeros 6 a 8 dígitos del número de tarjeta.',
  BIN_TOO_LONG:
    'bin tiene más de 8 dígitos: envíe solo los primeros 6 a 8 dígitos del número de tarjeta, nunca el número completo.',
  INVALID_FEE_METHOD: 'method debe ser ach; la comisión de una tarjeta se consulta por su bin.',
  UNKNOWN_FEE_PARAMETER: 'Esta operación solo acepta bin o method=ach, y amount.',
  INVALID_FEE_QUOTE:
    'feeQuote debe ser { "amount": …, "payerFee": … }: el importe neto y la comisión que vio el pagador, como números JSON con 2 decimales como máximo.',
  FEE_QUOTE_MISMATCH:
    'La comisión que vio el pagador no es la que corresponde: para {amount} la comisión de esta tarjeta es {payerFee}: {rule} Muestre esa comisión al pagador y cree el token de nuevo.',
  FEE_DIFFERS_FROM_QUOTE:
    'Al pagador se le mostró una comisión de {quoted} para este pago (la cotización del token), no {payerFee}: envíe payerFee {quoted}, o "feeQuoteOverride": true para cobrar otra comisión a propósito.',
  PAYER_FEE_BREAKS_PROGRAM:
    'El programa {program} de esta cuenta no permite una comisión del pagador de {payerFee} en este pago: {rule} La comisión permitida es {allowed}.',
  PAYER_FEE_REQUIRED:
    'Envíe payerFee: esta cuenta no permite la comisión calculada obsoleta (modo C). Envíe amount = el importe adeudado + la comisión de GET /api/v1/transactionFees, y esa comisión como payerFee (modo A), o payerFee 0 para asumir la comisión usted (modo B).',
  TOKEN_NOT_FOUND_FOR_FEES: 'No existe ese token: tokenId debe ser un token vigente de esta cuenta.',
} as const satisfies Record<FeeCode, string>;

export const esFeeRule = {
  NO_PROGRAM:
    'Sin programa de comisiones: el esquema del pagador de tarjeta o ACH de la cuenta se aplica a toda tarjeta por igual.',
  SURCHARGE_ON_CREDIT:
    'Un recargo sobre una tarjeta de crédito: el esquema de crédito de la cuenta, dentro de todo tope.',
  SURCHARGE_CAPPED_AT_COST: 'Un recargo no puede superar el costo de aceptar la tarjeta (la comisión del servicio).',
  SURCHARGE_CAPPED_BY_NETWORK: 'La red de la tarjeta limita el recargo (Visa al 3 %, Mastercard y las demás al 4 %).',
  SURCHARGE_CAPPED_IN_STATE: 'El estado del pagador limita el recargo (Colorado al 2 %).',
  SURCHARGE_NOT_ON_DEBIT: 'Una tarjeta de débito nunca lleva recargo, aunque se procese como crédito.',
  SURCHARGE_NOT_ON_PREPAID: 'Una tarjeta prepagada nunca lleva recargo.',
  SURCHARGE_NOT_ON_UNKNOWN_FUNDING: 'Una tarjeta de financiación desconocida no lleva recargo (puede ser de débito).',
  SURCHARGE_BANNED_IN_STATE:
    'Los recargos no están permitidos en el estado de la dirección de facturación de la tarjeta.',
  ACH_FEE: 'Una comisión sobre un pago bancario (ACH): el esquema ACH de la cuenta.',
  CONVENIENCE_FEE_FLAT: 'Una comisión por conveniencia: un importe fijo, el mismo para todo medio de pago.',
  CONVENIENCE_FEE_NOT_ON_MERCHANT_INITIATED:
    'Sin comisión por conveniencia en un pago que inicia el comercio (uno recurrente).',
  SERVICE_FEE:
    'Una comisión de servicio: el esquema de la cuenta para la financiación de esta tarjeta, en crédito y débito por igual.',
} as const satisfies Record<FeeRule, string>;

/** A payment schedule's or an AutoPay's bad fields (docs/autopay.md#making-a-schedule). */
export const scheduleMessages = {
  INVALID_INTERVAL: 'interval must be Day, Week, Month or Year.',
  INVALID_INTERVAL_COUNT: 'intervalCount must be a whole number from 0 (a single payment) to 365.',
  INVALID_TOTAL_PAYMENTS: 'numberOfTotalPayments must be a whole number from 0 (no limit) to 365.',
  INVALID_SCHEDULE_DATE: 'A date is YYYY-MM-DD (of a date-time, its date is taken), from 2000 to 2199.',
  START_DATE_PAST: 'startDate must be today or later in the account’s time zone ({timeZone}), where it is {today}.',
  END_BEFORE_START: 'endDate must not be before the first payment ({first}).',
  INVALID_LAST_DAY_OF_MONTH: 'lastDayOfMonth is true or false, and true only with interval Month or Year.',
  INVALID_INSTALMENTS:
    'instalments is a list of 1 to 365 { date, amount } in increasing date order, the first today or later; give every amount or none.',
  INSTALMENTS_SUM_MISMATCH: 'The instalments add up to {sum}, not amount ({amount}): amount is their total.',
  INVALID_REMINDER_DAYS: 'reminderDays must be a whole number from 0 (no reminder) to 30.',
  INVALID_LANGUAGE: 'language must be en or es.',
  SCHEDULE_TOKEN_UNKNOWN: 'No such token for these credentials: save the payment method first (POST /api/v1/tokens).',
  INVALID_SCHEDULE_STATUS: 'status must be Active, Paused, Failing, Completed or Cancelled.',
  INVALID_AMOUNT_DUE_DATE:
    'dueDate must be a date, YYYY-MM-DD, today or later and after the AutoPay’s last amount due.',
  AUTOPAY_WITHOUT_TOKEN: 'This AutoPay has no token (publicTokenId), so it cannot pay an amount due.',
  INVALID_SCHEDULE_PAYER: 'payer must be 1 to 100 characters.',
  UNKNOWN_SCHEDULE_SEARCH_PARAMETER:
    'This is not a parameter of this search, or it was given twice (docs/autopay.md#searching lists them).',
} as const;

export type ServiceCode = keyof typeof serviceMessages;
export type ScheduleCode = keyof typeof scheduleMessages;
export type SearchCode = keyof typeof searchMessages;
export type ListCode = keyof typeof listMessages;
export type WebhookCode = keyof typeof webhookMessages;
export type ReportCode = keyof typeof reportMessages;
export type ReversalReason = keyof typeof reversalMessages;
/** The processor's answers (`paymentResponseCode`); wire.ts's `PaymentResponseCode` is held to them. */
export type ResponseCode = keyof typeof responseMessages;

export const esService = {
  UNAUTHORIZED: 'Faltan las credenciales o no son válidas.',
  PUBLIC_KEY_NOT_ALLOWED: 'La clave pública solo puede crear tokens de pago.',
  SECRET_IN_BROWSER:
    'Esta operación usa su clave de API y su secreto, que pertenecen a su servidor: una página web ({origin}) no puede llamarla. Un secreto que estuvo en una página está expuesto: rótelo ahora (npm run accounts -- rotate-secret NAME) y haga esta llamada desde su servidor (el SDK de servidor).',
  IMPERSONATION_NOT_ALLOWED: 'La clave de suplantación no es válida para estas credenciales.',
  ORIGIN_NOT_ALLOWED: 'Este origen no puede usar esta clave pública.',
  INVALID_IMPERSONATION_KEY:
    'El encabezado impersonationAccountKey está vacío: envíe la clave de suplantación de un cliente u omita el encabezado.',
  NOT_FOUND: 'No existe ese punto de acceso: {method} {path}.',
  SCRIPT_NOT_FOUND: 'No existe ese script.',
  FRAME_PAGE_NOT_FOUND: 'No existe esa página de marco.',
  BUNDLES_NOT_BUILT: 'Los paquetes del navegador no están compilados; ejecute `npm run build`.',
  TOKEN_NOT_FOUND: 'No existe ese token.',
  MALFORMED_JSON: 'El cuerpo de la solicitud no es JSON válido.',
  EMPTY_BODY: 'El cuerpo de la solicitud está vacío; envíe un objeto JSON.',
  UNSUPPORTED_MEDIA_TYPE: 'Envíe el cuerpo de la solicitud como application/json.',
  PAYLOAD_TOO_LARGE: 'El cuerpo de la solicitud supera los 64 KiB.',
  INVALID_REQUEST: 'La solicitud no es válida.',
  INVALID_URL: 'La URL no es válida: su ruta debe ser UTF-8 codificado con porcentajes.',
  URI_TOO_LONG: 'Una parte de la ruta de la URL tiene más de 100 caracteres.',
  INVALID_HEADER: 'Un encabezado de la solicitud no es válido (un carácter de control o una línea mal formada).',
  HEADERS_TOO_LARGE: 'Los encabezados de la solicitud son demasiado grandes.',
  REQUEST_TIMEOUT: 'La solicitud tardó demasiado en llegar.',
  INVALID_HOST: 'El encabezado Host no nombra este servicio (configure PUBLIC_URL o ALLOWED_HOSTS).',
  INVALID_IDEMPOTENCY_KEY: 'El encabezado Idempotency-Key debe tener de 1 a 255 caracteres visibles.',
  IDEMPOTENCY_KEY_REUSED: 'Esta Idempotency-Key ya se usó con otra solicitud.',
  IDEMPOTENCY_KEY_IN_USE: 'Una solicitud con esta Idempotency-Key aún está en curso. Vuelva a intentarlo en breve.',
  TRANSACTION_NOT_FOUND: 'No existe esa transacción.',
  AUTHORIZATION_NOT_FOUND: 'No existe esa autorización.',
  BATCH_NOT_FOUND: 'No existe ese lote.',
  PAYMENT_SCHEDULE_NOT_FOUND: 'No existe ese calendario de pagos.',
  AUTOPAY_NOT_FOUND: 'No existe ese AutoPay.',
  SCHEDULE_CANCELLED: 'Este calendario está cancelado: reanúdelo primero y luego cámbielo.',
  SCHEDULE_COMPLETED: 'Este calendario ya hizo todos sus pagos, así que no queda nada que pausar ni reanudar.',
  SCHEDULE_NOT_ACTIVE: 'Solo se puede pausar un calendario activo: este está en {status}.',
  EVENT_NOT_FOUND: 'No existe ese evento.',
  WEBHOOK_ENDPOINT_NOT_FOUND: 'No existe ese punto de webhook.',
  PAYMENT_DECLINED: 'El pago fue rechazado.',
  REVERSAL_DECLINED: 'La anulación o el reembolso fue rechazado; reversalResponseCode dice por qué.',
  INVALID_TOKEN: 'El token no existe o fue eliminado.',
  INVALID_AUTHORIZATION: 'La autorización no se puede capturar.',
  INVALID_PAYMENT_TYPE: 'Este medio de pago no se puede usar para esta operación.',
  NOT_READY: 'El servicio no puede conectarse a su base de datos, o la base de datos aún no está migrada.',
  PROCESSOR_UNAVAILABLE:
    'El procesador de pagos no respondió a tiempo, así que nada cambió. Vuelva a intentarlo en un momento.',
  INTERNAL_ERROR: 'Algo falló de nuestro lado. El identificador de la solicitud nos ayuda a encontrarlo.',
} as const satisfies Record<ServiceCode, string>;

export const esSetUp = {
  MISSING_PUBLIC_KEY:
    'No se envió ninguna clave pública. Ponga la clave pública de la cuenta (pk_…, listada por `npm run accounts -- list`) en la página: `data-public-key` en la etiqueta del script paytoken.js, `public-key` en <paytoken-form> o <paytoken-frame>, o `Paytoken.configure({ publicKey })`.',
  SECRET_KEY_IN_PAGE:
    'Esto es un secreto de API (sk_…), no una clave pública. Un secreto pertenece solo a su servidor, y esta página lo expuso: rótelo ahora (`npm run accounts -- rotate-secret NAME`) y luego ponga la clave pública de la cuenta (pk_…) en la página.',
  API_KEY_IN_PAGE:
    'Esto es una clave de API (ak_…), no una clave pública: va con el secreto en su servidor. Ponga la clave pública de la cuenta (pk_…, listada por `npm run accounts -- list`) en la página.',
  IMPERSONATION_KEY_IN_PAGE:
    'Esto es una clave de suplantación (imp_…), no una clave pública. Ponga la clave pública de la cuenta de sistema (pk_…) en la página, y la clave de suplantación en `data-impersonation-account-key` o `impersonation-account-key`.',
  PUBLIC_KEY_REJECTED:
    'Esta no es una clave pública válida. Copie la clave pública de la cuenta (pk_…) de `npm run accounts -- list`.',
  IMPERSONATION_NOT_ALLOWED:
    'La clave de suplantación no es de uno de los clientes de esta cuenta de sistema. Copie la clave de suplantación del cliente (imp_…) de `npm run accounts -- list`.',
  ORIGIN_NOT_ALLOWED:
    'El origen de esta página, {origin}, no está en la lista de permitidos de {whose}. Agréguelo a la lista (`npm run accounts -- list` la muestra): `npm run accounts -- set-origins NAME <la lista>,{origin}`.{hint}',
  NO_ORIGIN:
    'Esta página no tiene un origen propio (una página file:// o un marco aislado), así que ninguna lista de permitidos puede nombrarla: sirva la página por http(s).',
} as const satisfies Record<keyof typeof setUpMessages, string>;

export const esFrameSetUp = {
  FILE_PAGE: 'Una página file:// no puede mostrar el formulario de pago: sírvala por http(s).',
  FRAME_REFUSED:
    'El navegador rechazó el formulario de pago: revise el frame-src de la CSP de la página y la lista de permitidos de la clave (npm run accounts -- set-origins).',
} as const satisfies Record<keyof typeof frameSetUpMessages, string>;

export const esSearch = {
  UNKNOWN_SEARCH_PARAMETER:
    'Este no es un parámetro de búsqueda; son beginDate, endDate, minAmount, maxAmount, accountNumber, payerName, batchId, transactionSearchTypeId, page y pageSize.',
  REPEATED_SEARCH_PARAMETER: 'Dé cada parámetro de búsqueda como máximo una vez.',
  INVALID_DATE: 'Una fecha es AAAA-MM-DD, o una fecha y hora como 2026-11-22T15:30:00Z (sin desfase, UTC).',
  INVALID_DATE_RANGE: 'beginDate debe ser anterior a endDate.',
  INVALID_AMOUNT_FILTER:
    'Un importe va en unidades de moneda con 2 decimales como máximo, de 0.00 a 10,000,000.00 (p. ej. 25.00).',
  INVALID_AMOUNT_RANGE: 'minAmount no debe ser mayor que maxAmount.',
  INVALID_LAST_FOUR: 'accountNumber son los últimos cuatro dígitos del número de tarjeta o de cuenta bancaria.',
  INVALID_PAYER_NAME: 'payerName debe tener de 1 a 100 caracteres.',
  INVALID_BATCH_ID: 'batchId debe ser el identificador de un lote: un número entero de 1 a 9 dígitos, como 17.',
  INVALID_SEARCH_TYPE: 'transactionSearchTypeId debe ser Processed, Rejected o Refunds.',
} as const satisfies Record<SearchCode, string>;

export const esWebhook = {
  UNKNOWN_EVENT_PARAMETER: 'Esta lista solo admite type, createdFrom, createdTo, page y pageSize.',
  INVALID_EVENT_TYPE:
    'No es un tipo de evento; son transaction.approved, transaction.declined, transaction.captured, transaction.voided, transaction.refunded, batch.settled, token.created y token.deleted.',
  INVALID_EVENT_TIME: 'Una hora es una fecha y hora con su desfase, como 2026-11-22T15:30:00Z.',
  INVALID_EVENT_TIME_RANGE: 'createdFrom debe ser anterior a createdTo.',
  UNKNOWN_WEBHOOK_FIELD: 'Un punto de webhook solo admite url y enabledEvents.',
  INVALID_WEBHOOK_URL: 'url es una URL http o https de hasta 2048 caracteres, sin usuario ni contraseña.',
  WEBHOOK_URL_NOT_ALLOWED:
    'url apunta a este servicio o a una dirección de bucle local, privada, de enlace local o de metadatos, a las que no se envían webhooks (WEBHOOK_ALLOWED_NETWORKS enumera las redes que el operador permite).',
  WEBHOOK_HOST_NOT_FOUND: 'No se pudo resolver el host de url.',
  INVALID_ENABLED_EVENTS: 'enabledEvents es una lista de 1 a 20 tipos de evento, o ["*"] para todos.',
  UNKNOWN_ROTATE_FIELD: 'Una rotación solo admite overlapSeconds.',
  INVALID_OVERLAP: 'overlapSeconds es un número entero de 0 a 604800 (7 días).',
  WEBHOOK_SIGNATURE_MISSING: 'La solicitud no tiene un encabezado Paytoken-Signature con una hora y una firma v1.',
  WEBHOOK_SIGNATURE_MISMATCH:
    'Ninguna firma coincide con el cuerpo bajo este secreto. Verifique el cuerpo sin procesar tal como llegó: un cuerpo analizado y vuelto a escribir no es el mismo texto.',
  WEBHOOK_TIMESTAMP_TOO_OLD:
    'La hora firmada está a {seconds} segundos de ahora, más que la tolerancia de {tolerance}: se rechaza una repetición.',
  WEBHOOK_BODY_NOT_RAW:
    'Pase el cuerpo sin procesar (texto o bytes, p. ej. de express.raw()), no un objeto analizado: un cuerpo analizado no se puede verificar.',
} as const satisfies Record<WebhookCode, string>;

export const esList = {
  EMPTY_PARAMETER: 'Este parámetro está vacío: dele un valor u omítalo.',
  INVALID_PAGE: 'page debe ser un número entero de 1 a 1000000.',
  INVALID_PAGE_SIZE: 'pageSize debe ser un número entero de 1 a 50.',
  UNKNOWN_PAGE_PARAMETER: 'Esta lista solo acepta page y pageSize.',
  INVALID_REFUND_AMOUNT:
    'amount es un número de unidades de moneda, mayor que 0, con 2 decimales como máximo (p. ej. 40.00).',
  UNKNOWN_REFUND_FIELD: 'Un reembolso solo acepta amount y sendReceipt.',
  UNKNOWN_VOID_FIELD: 'Una anulación solo acepta sendReceipt.',
} as const satisfies Record<ListCode, string>;

export const esReport = {
  INVALID_REPORT_FORMAT: 'format debe ser json o csv (o envíe Accept: text/csv).',
  INVALID_LOCKBOX_FORMAT: 'format debe ser csv o fixed.',
  INVALID_REPORT_DATE: 'date es un día como AAAA-MM-DD, por ejemplo 2026-11-27.',
  UNKNOWN_REPORT_PARAMETER:
    'Un informe de liquidación solo acepta format; un archivo lockbox solo acepta date y format.',
} as const satisfies Record<ReportCode, string>;

export const esReversal = {
  voidOfDeclined: 'Esta transacción fue rechazada, así que no hay nada que anular.',
  refundOfDeclined: 'Esta transacción fue rechazada, así que no hay nada que reembolsar.',
  previouslyVoided: 'Esta transacción ya fue anulada.',
  refundOfVoided: 'Esta transacción fue anulada; no se cobró nada.',
  alreadySettled:
    'Esta transacción ya está liquidada y ya no se puede anular; reembólsela (POST /api/v1/transactions/{id}/refund).',
  notSettled: 'Esta transacción aún no está liquidada; anúlela (POST /api/v1/transactions/{id}/void).',
  refundOfRefund: 'Esta transacción es un reembolso; reembolse su transacción original.',
  voidOfRefund: 'Esta transacción es un reembolso, y un reembolso no se puede anular.',
  refundedInFull: 'Esta transacción ya está reembolsada por completo.',
  exceedsRemaining: 'El reembolso es mayor que lo que queda por reembolsar: quedan {remaining}.',
} as const satisfies Record<ReversalReason, string>;

export const esDeclineDetails = {
  processorNoAnswer:
    'El procesador de pagos no respondió a tiempo, así que el pago fue rechazado y no se cobró nada. Vuelva a intentarlo.',
  authorizationUnknown: 'No existe esa autorización para estas credenciales (o se hizo bajo otra suplantación).',
  authorizationCaptured: 'Esta autorización ya fue capturada.',
  authorizationReleased: 'Esta autorización fue anulada (liberada).',
  feeNeedsToken:
    'Esta cuenta cobra su cargo por servicio como transacción aparte, con el token de tarjeta de la autorización, que fue eliminado: capture con payerFee 0 (la agencia asume el cargo), o cree un token nuevo y pague.',
  duplicate:
    'Este pago duplica la transacción {id}, aprobada el {approvedAt} con el mismo medio de pago e importe. Para cobrarlo de nuevo, use otro importe o espere hasta {until}.',
} as const satisfies Record<keyof typeof declineDetails, string>;

export const esResponse = {
  Success: 'El pago fue aprobado.',
  GenericDecline: 'El emisor de la tarjeta rechazó el pago.',
  DoNotHonor: 'El emisor de la tarjeta rechazó el pago (no aceptar).',
  InvalidAccountNumber: 'El número de cuenta no es válido en este banco.',
  InsufficientFunds: 'El pago fue rechazado: fondos insuficientes.',
  DeclineCvvFail: 'El pago fue rechazado: el código de seguridad no coincidió.',
  ExceedsApprovalAmountLimit: 'El importe supera el límite de aprobación de 1,000,000.00.',
  NoSuchIssuer: 'El emisor de la tarjeta es desconocido.',
  InvalidPaymentType: 'Este medio de pago no se puede usar para esta operación.',
  InvalidExpirationDate: 'La fecha de vencimiento no es válida.',
  LostOrStolenCard: 'El pago fue rechazado: la tarjeta fue denunciada como perdida o robada.',
  ExpiredCard: 'El pago fue rechazado: la tarjeta está vencida.',
  HardDuplicateTransaction: 'Este pago duplica uno anterior.',
  InvalidToken: 'El token no existe o fue eliminado.',
  InvalidAuthorization: 'La autorización no se puede capturar.',
  InvalidRoutingNumber: 'El número de ruta no es un banco del sandbox (use 011000015, 021000021 o 111000025).',
  SoftDuplicateTransaction: 'Este pago puede duplicar uno anterior.',
  CachedPaymentDataExpired: 'Los datos de pago guardados vencieron.',
  PaymentMethodBlackListed: 'Este medio de pago está bloqueado.',
} as const satisfies Record<ResponseCode, string>;

export const esSchedule = {
  INVALID_INTERVAL: 'interval debe ser Day, Week, Month o Year.',
  INVALID_INTERVAL_COUNT: 'intervalCount debe ser un número entero de 0 (un solo pago) a 365.',
  INVALID_TOTAL_PAYMENTS: 'numberOfTotalPayments debe ser un número entero de 0 (sin límite) a 365.',
  INVALID_SCHEDULE_DATE: 'Una fecha es AAAA-MM-DD (de una fecha y hora se toma su fecha), de 2000 a 2199.',
  START_DATE_PAST:
    'startDate debe ser hoy o una fecha posterior en la zona horaria de la cuenta ({timeZone}), donde hoy es {today}.',
  END_BEFORE_START: 'endDate no debe ser anterior al primer pago ({first}).',
  INVALID_LAST_DAY_OF_MONTH: 'lastDayOfMonth es true o false, y true solo con interval Month o Year.',
  INVALID_INSTALMENTS:
    'instalments es una lista de 1 a 365 { date, amount } en orden creciente de fecha, la primera hoy o después; dé todos los importes o ninguno.',
  INSTALMENTS_SUM_MISMATCH: 'Las cuotas suman {sum}, no amount ({amount}): amount es su total.',
  INVALID_REMINDER_DAYS: 'reminderDays debe ser un número entero de 0 (sin recordatorio) a 30.',
  INVALID_LANGUAGE: 'language debe ser en o es.',
  SCHEDULE_TOKEN_UNKNOWN:
    'No existe ese token para estas credenciales: guarde primero el medio de pago (POST /api/v1/tokens).',
  INVALID_SCHEDULE_STATUS: 'status debe ser Active, Paused, Failing, Completed o Cancelled.',
  INVALID_AMOUNT_DUE_DATE:
    'dueDate debe ser una fecha, AAAA-MM-DD, hoy o después y posterior al último importe adeudado del AutoPay.',
  AUTOPAY_WITHOUT_TOKEN: 'Este AutoPay no tiene token (publicTokenId), así que no puede pagar un importe adeudado.',
  INVALID_SCHEDULE_PAYER: 'payer debe tener de 1 a 100 caracteres.',
  UNKNOWN_SCHEDULE_SEARCH_PARAMETER:
    'Este no es un parámetro de esta búsqueda, o se dio dos veces (docs/autopay.md#searching los enumera).',
} as const satisfies Record<ScheduleCode, string>;
