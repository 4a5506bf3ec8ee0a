import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DEFAULT_ERROR_CODE,
  statusOf,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorStatus,
} from '@prumo/shared/http';
import { PG_ERROR, pgErrorCode } from '../db/pg-errors';
import { AppError, validationError } from '../http/errors';

type Status = ApiErrorStatus;

const DEFAULT_MESSAGES: Record<Status, string> = {
  400: 'Dados inválidos.',
  401: 'Sessão expirada ou inválida. Entre novamente.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Recurso não encontrado.',
  409: 'A operação conflita com dados já existentes.',
  413: 'O conteúdo enviado excede o tamanho máximo permitido.',
  415: 'Tipo de conteúdo não suportado.',
  422: 'A requisição não pode ser processada como enviada.',
  429: 'Muitas requisições. Aguarde alguns instantes e tente novamente.',
  500: 'Erro interno do servidor. Tente novamente.',
};

export function errorBody(
  code: ApiErrorCode,
  message?: string,
  fields?: Record<string, string>,
): ApiErrorBody {
  return {
    error: code,
    message: message ?? DEFAULT_MESSAGES[statusOf(code)],
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

function fastifyIssues(validation: NonNullable<FastifyError['validation']>) {
  return validation.map((issue) => {
    const unknownKeys = (issue.params as { keys?: unknown }).keys;
    return {
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: issue.message,
      unknownKeys:
        issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)
          ? unknownKeys
          : undefined,
    };
  });
}

/** Database constraint errors, in one place: what each means to the person who sent the data. */
function fromDatabase(error: unknown): ApiErrorBody | undefined {
  switch (pgErrorCode(error)) {
    case PG_ERROR.uniqueViolation:
      return errorBody('DUPLICADO', 'Já existe um registro com estes dados.');
    case PG_ERROR.foreignKeyViolation:
    case PG_ERROR.restrictViolation:
      return errorBody(
        'EM_USO',
        'Este registro está vinculado a outros dados e não pode ser alterado ou excluído.',
      );
    case PG_ERROR.checkViolation:
      return errorBody('REGRA_VIOLADA', 'A operação violaria uma regra dos dados.');
    case PG_ERROR.invalidTextRepresentation:
    case PG_ERROR.numericOutOfRange:
    case PG_ERROR.stringTooLong:
    case PG_ERROR.notNullViolation:
      return errorBody('VALIDATION_ERROR');
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
      const invalid = validationError(fastifyIssues(error.validation!));
      return reply.code(invalid.statusCode).send(invalid.toBody());
    }
    const database = fromDatabase(error);
    if (database) {
      request.log.warn({ err: error }, 'database constraint');
      return reply.code(statusOf(database.error)).send(database);
    }
    // Fastify's own refusals (a malformed JSON body, a body too large, a route not found...).
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = (status in DEFAULT_ERROR_CODE ? status : 400) as Status;
      return reply.code(status).send(errorBody(DEFAULT_ERROR_CODE[known]));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('INTERNAL_ERROR'));
  });
}
