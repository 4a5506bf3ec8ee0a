import { ERROR_CODES, type ApiErrorBody } from '@prumo/shared/http';

type ErrorStatus = keyof typeof ERROR_CODES;

/** An error the API answers as-is: status, pt-BR message and optional per-field messages. */
export class AppError extends Error {
  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return {
      error: ERROR_CODES[this.statusCode],
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, message, fields);
export const forbidden = (message = 'Você não tem permissão para realizar esta ação.') =>
  new AppError(403, message);
