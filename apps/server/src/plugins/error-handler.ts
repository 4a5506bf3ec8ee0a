import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody } from '@prumo/shared/http';
import { PG_ERROR, pgErrorCode } from '../db/pg-errors';
import { AppError } from '../http/errors';

type Status = keyof typeof ERROR_CODES;

const DEFAULT_MESSAGES: Record<Status, string> = {
  400: 'Dados inválidos.',
  401: 'Sessão expirada ou inválida. Entre novamente.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Recurso não encontrado.',
  409: 'A operação conflita com dados já existentes.',
  413: 'O conteúdo enviado excede o tamanho máximo permitido.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde alguns instantes e tente novamente.',
  500: 'Erro interno do servidor. Tente novamente.',
};

export function errorBody(
  status: Status,
  message?: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return {
    error: ERROR_CODES[status],
    message: message ?? DEFAULT_MESSAGES[status],
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

/** Turns zod issues into { campo: mensagem }, naming unknown fields as not allowed. */
function validationFields(
  validation: NonNullable<FastifyError['validation']>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const unknownKeys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      for (const key of unknownKeys) {
        fields[path ? `${path}.${String(key)}` : String(key)] = 'Campo não permitido';
      }
      continue;
    }
    fields[path || '_'] ??= issue.message ?? 'Valor inválido';
  }
  return fields;
}

function fromDatabase(error: unknown): { status: Status; message: string } | undefined {
  switch (pgErrorCode(error)) {
    case PG_ERROR.uniqueViolation:
      return { status: 409, message: 'Já existe um registro com estes dados.' };
    case PG_ERROR.foreignKeyViolation:
    case PG_ERROR.restrictViolation:
      return {
        status: 409,
        message: 'Este registro está vinculado a outros dados e não pode ser alterado ou excluído.',
      };
    case PG_ERROR.checkViolation:
      return { status: 409, message: 'A operação violaria uma regra dos dados.' };
    case PG_ERROR.invalidTextRepresentation:
    case PG_ERROR.numericOutOfRange:
    case PG_ERROR.stringTooLong:
    case PG_ERROR.notNullViolation:
      return { status: 400, message: DEFAULT_MESSAGES[400] };
    default:
      return undefined;
  }
}

/**
 * One JSON error shape for the whole API: { error, message, fields? } with a pt-BR message.
 * Bad input is always a 4xx; a 500 never carries internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error.validation!);
      const first = Object.values(fields)[0];
      const message = Object.keys(fields).every((key) => fields[key] === 'Campo não permitido')
        ? `Campo não permitido: ${Object.keys(fields).join(', ')}`
        : first;
      return reply.code(400).send(errorBody(400, message, fields));
    }
    const database = fromDatabase(error);
    if (database) {
      request.log.warn({ err: error }, 'database constraint');
      return reply.code(database.status).send(errorBody(database.status, database.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = (status in ERROR_CODES ? status : 400) as Status;
      return reply.code(status).send(errorBody(known));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(500));
  });
}
