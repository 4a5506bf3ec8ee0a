import type { z } from '@prumo/shared/validation';
import { statusOf, type ApiErrorBody, type ApiErrorCode } from '@prumo/shared/http';

/**
 * An error the API answers as-is: its business code (the status follows from the code's entry
 * in API_ERRORS), a pt-BR message and optional per-field messages.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusOf(code);
  }

  toBody(): ApiErrorBody {
    return {
      error: this.code,
      message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', message, fields);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'Você não tem permissão para realizar esta ação.') =>
  new AppError('FORBIDDEN', message);
/** A name, code or document already taken; the message also goes on the field. */
export const duplicado = (message: string, field?: string) =>
  new AppError('DUPLICADO', message, field ? { [field]: message } : undefined);
/** Still referenced by other records. */
export const emUso = (message: string) => new AppError('EM_USO', message);
/** More stock taken out than there is; the message also goes on the field when given. */
export const estoqueInsuficiente = (message: string, field?: string) =>
  new AppError('ESTOQUE_INSUFICIENTE', message, field ? { [field]: message } : undefined);

const NOT_ALLOWED = 'Campo não permitido';

/**
 * Schema issues (zod's, or as fastify reports them) as a 400 VALIDATION_ERROR: { campo:
 * mensagem }, unknown fields named as not allowed, and a message that says the first problem.
 */
export function validationError(
  issues: ReadonlyArray<{ path: string; message?: string; unknownKeys?: readonly unknown[] }>,
): AppError {
  const fields: Record<string, string> = {};
  for (const { path, message, unknownKeys } of issues) {
    if (unknownKeys) {
      for (const key of unknownKeys)
        fields[path ? `${path}.${String(key)}` : String(key)] = NOT_ALLOWED;
      continue;
    }
    fields[path || '_'] ??= message ?? 'Valor inválido';
  }
  const keys = Object.keys(fields);
  const text = keys.every((key) => fields[key] === NOT_ALLOWED)
    ? `${NOT_ALLOWED}: ${keys.join(', ')}`
    : Object.values(fields).find((value) => value !== NOT_ALLOWED)!;
  return badRequest(text, fields);
}

/** The issues of a zod error, for validationError. */
export function zodIssues(error: z.ZodError) {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    unknownKeys: issue.code === 'unrecognized_keys' ? issue.keys : undefined,
  }));
}
