/** The JSON body of every error answer of the API. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** Machine-readable error codes, one per HTTP status the API uses. */
export const ERROR_CODES = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
} as const;
