import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  DEFAULT_ERROR_CODE,
  isApiErrorCode,
  statusOf,
  type ApiErrorCode,
} from './api-error';

describe('API error codes', () => {
  it('maps each business reason to its HTTP status', () => {
    expect(statusOf('VALIDATION_ERROR')).toBe(400);
    expect(statusOf('NOT_FOUND')).toBe(404);
    for (const code of [
      'DUPLICADO',
      'EM_USO',
      'ESTOQUE_INSUFICIENTE',
      'ESTOQUE_ALTERADO',
      'TRANSICAO_INVALIDA',
      'IDEMPOTENCIA_EM_ANDAMENTO',
      'REGRA_VIOLADA',
      'CAIXA_FECHADO',
      'HORARIO_INDISPONIVEL',
    ] as const) {
      expect(statusOf(code), code).toBe(409);
    }
    expect(statusOf('IDEMPOTENCIA_CONFLITO')).toBe(422);
    expect(statusOf('AUTORIZACAO_NECESSARIA')).toBe(403);
    expect(statusOf('INTERNAL_ERROR')).toBe(500);
  });

  it('has a default code of the same status for every status', () => {
    const statuses = new Set(Object.values(API_ERRORS));
    expect(new Set(Object.keys(DEFAULT_ERROR_CODE).map(Number))).toEqual(statuses);
    for (const [status, code] of Object.entries(DEFAULT_ERROR_CODE)) {
      expect(statusOf(code), code).toBe(Number(status));
    }
  });

  it('tells a code of the table from any other value', () => {
    const codes: ApiErrorCode[] = ['DUPLICADO', 'RATE_LIMITED'];
    for (const code of codes) expect(isApiErrorCode(code)).toBe(true);
    for (const value of ['CONFLICT', 'duplicado', 'toString', '__proto__', 409, null, undefined]) {
      expect(isApiErrorCode(value), String(value)).toBe(false);
    }
  });
});
