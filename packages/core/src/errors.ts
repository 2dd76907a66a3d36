/**
 * Every `code` the API answers an error with, and the HTTP status it always comes with. The server's
 * AppError takes only these codes (and the status listed here, checked by the compiler); the web reads
 * an error's code as one of them, so a comparison with a code that does not exist fails to compile.
 */
export const ERROR_CODES = {
  // input and requests
  BAD_REQUEST: 400,
  CHECKOUT_INVALID: 400,
  INVALID_IMPORT: 400,
  PHONE_INVALID: 400,
  CARD_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,

  // sessions, sign-in and access
  UNAUTHORIZED: 401,
  /** a benefits partner did not recognise its member's token */
  EXTERNAL_USER_REFUSED: 401,
  CREDENTIALS_INVALID: 401,
  WEBHOOK_SIGNATURE_INVALID: 401,
  LOYALTY_SIGN_IN_REQUIRED: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  CODE_NOT_SENT: 400,
  CODE_EXPIRED: 400,
  CODE_WRONG: 400,
  CODE_LOCKED: 429,
  TOO_MANY_CODES: 429,

  // placing an order
  PRICE_MISMATCH: 409,
  /** another body under an idempotency key already used */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** the first request of an idempotency key is still running */
  ORDER_IN_FLIGHT: 409,
  ITEM_UNAVAILABLE: 409,
  GARNISHES_INVALID: 409,
  MAX_UNITS: 409,
  ORDERING_DISABLED: 409,
  ORDER_MODE_MISMATCH: 409,
  ORDER_MODE_UNAVAILABLE: 409,
  PAYMENT_TYPE_UNAVAILABLE: 409,
  DISCOUNT_CODE_NOT_FOUND: 404,
  DISCOUNT_CODE_INVALID: 409,
  DISCOUNT_CODE_EXPIRED: 409,
  DISCOUNT_CODE_EXHAUSTED: 409,
  LOYALTY_INVALID: 409,
  /** a partner's benefit the order claims was not granted to its member here, or its grant ended */
  EXTERNAL_BENEFIT_INVALID: 409,
  LOYALTY_INACTIVE: 409,
  REWARD_NOT_FOUND: 404,
  REWARD_NOT_HERE: 400,
  REWARD_ALREADY_CLAIMED: 409,

  // after the order: payments, problems, surveys, lifecycle
  PAYMENT_REJECTED: 402,
  PAYMENT_TYPE_NOT_SWITCHABLE: 409,
  PAYMENT_IN_PROCESS: 409,
  PAYMENT_TIME_EXPIRED: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_NOT_PAYABLE: 409,
  BANK_PAYMENT_FAILED: 409,
  ORDER_ERROR_REPORTED: 409,
  ORDER_ERROR_NOT_ALLOWED: 409,
  ORDER_STATUS_CHANGED: 409,
  TRANSITION_NOT_ALLOWED: 409,
  TRANSITION_FORBIDDEN: 403,
  SURVEY_NOT_FOUND: 404,
  SURVEY_NOT_AVAILABLE: 409,
  SURVEY_ALREADY_ANSWERED: 409,
  SURVEY_ANSWER_INVALID: 400,

  // riders and shipments
  RIDER_EXISTS: 409,
  RIDER_OFF_SHIFT: 403,
  RIDER_BUSY: 409,
  RIDER_NOT_REQUESTABLE: 409,
  SECURITY_CODE_WRONG: 400,
  DELIVERY_CODE_WRONG: 400,
  DELIVERY_CODE_LOCKED: 429,
  SHIPMENT_TAKEN: 409,
  SHIPMENT_IN_PROGRESS: 409,

  // the business import and the owner's back office
  ALIAS_TAKEN: 409,
  EMAIL_TAKEN: 409,
  SIGN_UP_NOT_ALLOWED: 403,
  /** a draft saved over a newer one, or published from an older one */
  DRAFT_CHANGED: 409,
  SHOP_NOT_READY: 409,
  MENU_IN_USE: 409,
  /** the provider refused the credentials an owner pasted or authorized */
  PAYMENT_CREDENTIALS_REFUSED: 422,
  NO_PAYMENT_ACCOUNT: 404,
  SANDBOX_OFF: 409,
  OAUTH_OFF: 409,
  INTEGRATION_OFF: 409,
  /** the owner's team: revoking or demoting oneself or the last owner, a change that changes nothing */
  TEAM_CHANGE_REFUSED: 409,
  /** an invitation or reset link unknown, used, cancelled or expired */
  ACCESS_LINK_INVALID: 410,
  /** a console account whose access an owner revoked */
  ACCESS_REVOKED: 403,
  /** a rider the shop deactivated */
  RIDER_DISABLED: 403,

  // the server or a provider is away
  INTERNAL: 500,
  PAYMENT_PROVIDER_FAILED: 502,
  PAYMENT_LINK_FAILED: 502,
  /** a benefits partner did not answer, or answered something unreadable */
  BENEFITS_PARTNER_FAILED: 502,
  MESSAGING_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The status a code is answered with: `ErrorStatus<'PRICE_MISMATCH'>` is 409. */
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERROR_CODES)[C];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The code Fastify's own 4xx answers (bad JSON, a body too large, a rate limit) are given. */
export function errorCodeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/** The texts of the answers no handler writes itself (the server's error handler). */
export const ERROR_MESSAGES = {
  badRequest: 'La solicitud no es válida.',
  payloadTooLarge: 'La solicitud es demasiado grande.',
  unsupportedMediaType: 'El formato de la solicitud no es válido.',
  rateLimited: 'Demasiadas solicitudes. Volvé a intentar en unos minutos.',
  internal: 'Ocurrió un error inesperado. Intentá de nuevo en unos minutos.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Volvé a intentarlo en unos segundos.',
} as const;
