/** Spanish messages, one catalog per area like en.ts; `satisfies` makes a missing code a type error. */
import type {
  amountMessages,
  clientMessages,
  fieldMessages,
  feeLineMessages,
  formMessages,
  frameMessages,
  transactionMessages,
} from './en.js';

/** Field problems a payer can fix: the drop-in form, which builds its own requests, carries only these. */
export const esPayerField = {
  VALIDATION_FAILED: 'Algunos campos no son válidos.',
  PAYMENT_METHOD_REQUIRED: 'Ingrese los datos de la tarjeta o de la cuenta bancaria.',
  PAYER_REQUIRED: 'El nombre del pagador es obligatorio.',
  PAYER_TOO_LONG: 'El nombre del pagador debe tener como máximo 100 caracteres.',
  EMAIL_ADDRESS_REQUIRED: 'El correo electrónico es obligatorio.',
  INVALID_EMAIL_ADDRESS: 'El correo electrónico no es válido.',
  ACCOUNT_HOLDER_REQUIRED: 'El nombre del titular es obligatorio.',
  ACCOUNT_HOLDER_TOO_LONG: 'El nombre del titular debe tener como máximo 100 caracteres.',
  CARD_NUMBER_REQUIRED: 'El número de tarjeta es obligatorio.',
  INVALID_CARD_NUMBER: 'El número de tarjeta no es válido.',
  UNSUPPORTED_CARD_BRAND: 'No se acepta esta marca de tarjeta.',
  CVC_REQUIRED: 'El código de seguridad es obligatorio.',
  INVALID_CVC: 'El código de seguridad debe tener 3 dígitos (4 para American Express).',
  EXPIRATION_MONTH_REQUIRED: 'El mes de vencimiento es obligatorio.',
  INVALID_EXPIRATION_MONTH: 'El mes de vencimiento debe ser de 1 a 12.',
  EXPIRATION_YEAR_REQUIRED: 'El año de vencimiento es obligatorio.',
  INVALID_EXPIRATION_YEAR: 'El año de vencimiento debe tener cuatro dígitos.',
  CARD_EXPIRED: 'La tarjeta está vencida.',
  EXPIRATION_TOO_FAR: 'La fecha de vencimiento es de más de 20 años.',
  INVALID_POSTAL_CODE: 'El código postal no es válido.',
  ACCOUNT_TYPE_REQUIRED: 'El tipo de cuenta es obligatorio.',
  INVALID_ACCOUNT_TYPE: 'El tipo de cuenta no es válido.',
  ROUTING_NUMBER_REQUIRED: 'El número de ruta es obligatorio.',
  INVALID_ROUTING_NUMBER: 'El número de ruta no es válido.',
  ACCOUNT_NUMBER_REQUIRED: 'El número de cuenta es obligatorio.',
  INVALID_ACCOUNT_NUMBER: 'El número de cuenta debe tener de 4 a 17 dígitos.',
};

/** Problems only an integrator's own request can have: its shape, bank first/last names, attributes. */
const esRequestField = {
  INVALID_REQUEST_BODY: 'El cuerpo de la solicitud debe ser un objeto JSON.',
  PAYMENT_METHOD_CONFLICT: 'Envíe los datos de la tarjeta o de la cuenta bancaria, no ambos.',
  NAME_TOO_LONG: 'El nombre debe tener como máximo 100 caracteres.',
  INVALID_ATTRIBUTE_VALUES: 'Los atributos deben ser un objeto de nombres y valores.',
  TOO_MANY_ATTRIBUTE_VALUES: 'Se permiten como máximo 50 atributos.',
  INVALID_ATTRIBUTE_NAME: 'Los nombres de atributo deben tener de 1 a 64 caracteres.',
  INVALID_ATTRIBUTE_VALUE: 'Los valores de atributo deben ser texto o números de como máximo 500 caracteres.',
};

export const esField = { ...esRequestField, ...esPayerField } satisfies Record<keyof typeof fieldMessages, string>;

export const esAmount = {
  AMOUNT_REQUIRED: 'El importe es obligatorio.',
  AMOUNT_NOT_A_NUMBER: 'El importe debe ser un número.',
  AMOUNT_NEGATIVE: 'El importe no puede ser negativo.',
  AMOUNT_NOT_POSITIVE: 'El importe debe ser mayor que cero.',
  AMOUNT_TOO_PRECISE: 'El importe puede tener como máximo 2 decimales.',
  AMOUNT_TOO_LARGE: 'El importe no puede superar 10.000.000,00.',
} satisfies Record<keyof typeof amountMessages, string>;

/** The payer's one line for a set-up mistake (en.ts's UNAVAILABLE). */
export const NO_DISPONIBLE = 'Los pagos no están disponibles en esta página en este momento.';

export const esClient = {
  MISSING_PUBLIC_KEY: NO_DISPONIBLE,
  INVALID_API_URL: 'La URL de la API no es válida.',
  INSECURE_API_URL: 'La URL de la API debe usar https.',
  PUBLIC_KEY_REJECTED: NO_DISPONIBLE,
  ORIGIN_NOT_ALLOWED: NO_DISPONIBLE,
  RATE_LIMITED: 'Demasiados intentos. Vuelva a intentarlo en {seconds} segundos.',
  NETWORK_ERROR: 'No se pudo conectar con el servicio de pagos. Revise su conexión y vuelva a intentarlo.',
  TIMEOUT: 'El servicio de pagos no respondió a tiempo. Vuelva a intentarlo.',
  ABORTED: 'La solicitud fue cancelada.',
  SERVICE_ERROR: 'El servicio de pagos tuvo un problema. Vuelva a intentarlo más tarde.',
  UNEXPECTED_RESPONSE: 'El servicio de pagos envió una respuesta inesperada.',
} satisfies Record<keyof typeof clientMessages, string>;

export const esFrameTitle = 'Formulario de pago';

export const esFrame = {
  FRAME_UNAVAILABLE: 'No se pudo cargar el formulario de pago. Revise su conexión y vuelva a intentarlo.',
  FRAME_REFUSED: NO_DISPONIBLE,
  FRAME_TIMEOUT: 'El formulario de pago no respondió a tiempo. Vuelva a intentarlo.',
} satisfies Record<keyof typeof frameMessages, string>;

export const esTransaction = {
  PAYMENT_SOURCE_REQUIRED: 'Envíe uno de tokenId, creditCardInformation, bankAccountInformation o authorizationId.',
  PAYMENT_SOURCE_CONFLICT:
    'Envíe solo uno de tokenId, creditCardInformation, bankAccountInformation o authorizationId.',
  INVALID_TOKEN_ID: 'tokenId debe ser el id de un token.',
  INVALID_AUTHORIZATION_ID: 'authorizationId debe ser el id de una autorización.',
  INVALID_PAYER_FEE: 'La comisión del pagador debe ser un importe de al menos 0,00 con como máximo 2 decimales.',
  INVALID_INITIATING_PARTY_FEE:
    'La comisión de la parte iniciadora debe ser un importe de al menos 0,00 con como máximo 2 decimales.',
  AMOUNT_AS_TEXT: 'Envíe el dinero como un número JSON, por ejemplo 13.57, no como texto ("13.57").',
  PAYER_FEE_EXCEEDS_AMOUNT: 'La comisión del pagador no puede ser mayor que el importe.',
  INITIATING_PARTY_FEE_EXCEEDS_AMOUNT: 'La comisión de la parte iniciadora no puede ser mayor que el importe.',
  NET_AMOUNT_NEGATIVE: 'Las comisiones superan el importe: la agencia recibiría menos que nada.',
  INITIATING_PARTY_FEE_NOT_ALLOWED: 'Una comisión de la parte iniciadora requiere una clave de suplantación.',
  COMMENTS_TOO_LONG: 'Los comentarios deben tener como máximo 500 caracteres.',
  INVALID_IP_ADDRESS: 'La dirección IP debe ser IPv4 o IPv6.',
  INVALID_SEND_RECEIPT: 'sendReceipt debe ser true o false.',
  INVALID_LOCALE: 'locale debe ser en o es.',
  INVALID_FEE_QUOTE_OVERRIDE: 'feeQuoteOverride debe ser true o false.',
  UNSUPPORTED_CURRENCY: 'Solo se admite USD.',
  INVALID_CHARACTERS: 'El texto tiene caracteres que no se pueden guardar.',
} satisfies Record<keyof typeof transactionMessages, string>;

export const esForm = {
  ACCOUNT_NUMBER_MISMATCH: 'Los números de cuenta no coinciden.',
  CARD_HOLDER_REQUIRED: 'El nombre en la tarjeta es obligatorio.',
  CONFIRM_ACCOUNT_NUMBER_REQUIRED: 'Confirme el número de cuenta.',
} satisfies Record<keyof typeof formMessages, string>;

export const esFeeLine = {
  NO_FEE_DEBIT: 'Tarjeta de débito (sin comisión)',
  NO_FEE_PREPAID: 'Tarjeta prepagada (sin comisión)',
  FEE_LOOKUP_FAILED: 'Comisión (no confirmada)',
} satisfies Record<keyof typeof feeLineMessages, string>;
