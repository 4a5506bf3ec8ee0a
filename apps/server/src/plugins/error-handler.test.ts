import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ERROR } from '../db/pg-errors';
import { duplicado, emUso, estoqueInsuficiente } from '../http/errors';
import { registerErrorHandler } from './error-handler';

/** A driver error as Drizzle throws it: its own error, with the PostgreSQL one as the cause. */
function drizzleError(code: string) {
  const cause = Object.assign(new Error('violates a constraint of secret_table'), { code });
  return new Error('Failed query: insert into secret_table ...', { cause });
}

const app = Fastify({ logger: false });
registerErrorHandler(app);
app.get('/pg/:code', async (request) => {
  throw drizzleError((request.params as { code: string }).code);
});
app.get('/duplicado', async () => {
  throw duplicado('Já existe uma categoria com este nome.', 'nome');
});
app.get('/em-uso', async () => {
  throw emUso('A categoria está em uso.');
});
app.get('/estoque', async () => {
  throw estoqueInsuficiente('Estoque insuficiente.', 'quantidade');
});

beforeAll(() => app.ready());
afterAll(() => app.close());

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
};

describe('error handler', () => {
  it('answers an AppError with its business code and the status of its code', async () => {
    expect(await get('/duplicado')).toEqual({
      status: 409,
      body: {
        error: 'DUPLICADO',
        message: 'Já existe uma categoria com este nome.',
        fields: { nome: 'Já existe uma categoria com este nome.' },
      },
    });
    expect(await get('/em-uso')).toMatchObject({ status: 409, body: { error: 'EM_USO' } });
    expect(await get('/estoque')).toMatchObject({
      status: 409,
      body: { error: 'ESTOQUE_INSUFICIENTE', fields: { quantidade: 'Estoque insuficiente.' } },
    });
  });

  it.each([
    [PG_ERROR.uniqueViolation, 409, 'DUPLICADO'],
    [PG_ERROR.foreignKeyViolation, 409, 'EM_USO'],
    [PG_ERROR.restrictViolation, 409, 'EM_USO'],
    [PG_ERROR.checkViolation, 409, 'REGRA_VIOLADA'],
    [PG_ERROR.invalidTextRepresentation, 400, 'VALIDATION_ERROR'],
    [PG_ERROR.numericOutOfRange, 400, 'VALIDATION_ERROR'],
    [PG_ERROR.stringTooLong, 400, 'VALIDATION_ERROR'],
    [PG_ERROR.notNullViolation, 400, 'VALIDATION_ERROR'],
  ])('maps the database error %s to %i %s, naming no table', async (code, status, error) => {
    const answer = await get(`/pg/${code}`);
    expect(answer).toMatchObject({ status, body: { error } });
    expect(JSON.stringify(answer.body)).not.toContain('secret_table');
  });

  it('answers any other database error 500 without internals', async () => {
    const answer = await get(`/pg/${PG_ERROR.deadlockDetected}`);
    expect(answer.status).toBe(500);
    expect(answer.body.error).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(answer.body)).not.toContain('secret_table');
  });
});
