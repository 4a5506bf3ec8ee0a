/** The JSON body of every error answer of the API. */
export interface ApiErrorBody {
  error: ApiErrorCode;
  message: string;
  fields?: Record<string, string>;
}

/**
 * Every code an error answer may carry, each with its HTTP status. A refusal names its reason
 * (a duplicate, a record still in use, missing stock...), so a screen can tell them apart
 * without reading the message.
 */
export const API_ERRORS = {
  /** Bad input: the body, query or parameters fail their schema. */
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  /** A two-factor sign-in challenge expired or used up: sign in with the password again. */
  DESAFIO_EXPIRADO: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A name, code or document already taken by another record. */
  DUPLICADO: 409,
  /** A record other records still point to (products of a group, a customer's documents). */
  EM_USO: 409,
  /** A record the system needs and never deletes (the default product group). */
  PROTEGIDO: 409,
  /** A saída or a sale above the stock there is. */
  ESTOQUE_INSUFICIENTE: 409,
  /** The stock changed while the operation ran; trying again is safe. */
  ESTOQUE_ALTERADO: 409,
  /** A document status change its transition table does not allow. */
  TRANSICAO_INVALIDA: 409,
  /** A discount above the limit without a manager's or admin's authorization. */
  AUTORIZACAO_NECESSARIA: 403,
  /** The company requires two-factor sign-in and this user has not set it up yet. */
  DOIS_FATORES_OBRIGATORIO: 403,
  /** A counter sale without the operator's open caixa, or a change to a closed one. */
  CAIXA_FECHADO: 409,
  /** An appointment overlapping another of the same professional. */
  HORARIO_INDISPONIVEL: 409,
  /** A rental's unit already booked on a day of the period (or none of the item left free). */
  UNIDADE_INDISPONIVEL: 409,
  /** An Idempotency-Key already used with another request (the IETF draft's 422). */
  IDEMPOTENCIA_CONFLITO: 422,
  /** An Idempotency-Key whose first request has not finished. */
  IDEMPOTENCIA_EM_ANDAMENTO: 409,
  /** Any other rule of the data (a database check). */
  REGRA_VIOLADA: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;
export type ApiErrorStatus = (typeof API_ERRORS)[ApiErrorCode];

/** The HTTP status an error code answers with. */
export function statusOf(code: ApiErrorCode): ApiErrorStatus {
  return API_ERRORS[code];
}

/** Whether a value (an error body's `error`, say) is one of the codes of API_ERRORS. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The code of an answer that names no business reason, by its status. */
export const DEFAULT_ERROR_CODE: Record<ApiErrorStatus, ApiErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'REGRA_VIOLADA',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'IDEMPOTENCIA_CONFLITO',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
};
