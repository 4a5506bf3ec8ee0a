import type { FastifyRequest } from 'fastify';
import type { z } from '@prumo/shared/validation';

/*
 * The API's one rule for PUT (README, "Convenções da API"): the fields sent replace the stored
 * ones, the fields left out keep their value, and null clears a field that may be empty. A PUT
 * route hooks `mantemOmitidos` at preValidation: the stored record, cut down to what the body
 * schema takes, goes under the body, and the whole is then checked by the route's own schema,
 * so required fields and cross-field rules see the record as it will be saved.
 */

type Registro = Record<string, unknown>;
type Schema = z.core.$ZodType;

const isRegistro = (value: unknown): value is Registro =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema under its wrappers (optional, nullable, default, a transform after it). */
function desembrulhar(schema: Schema): Schema {
  const def = schema._zod.def as { type: string; innerType?: Schema; in?: Schema; out?: Schema };
  if (def.innerType) return desembrulhar(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) {
    return desembrulhar(def.in._zod.def.type === 'transform' ? def.out : def.in);
  }
  return schema;
}

/**
 * `valor` cut down to what `schema` takes: an object keeps its schema's fields (each projected in
 * turn), a list projects its items, a union takes the first option that accepts the projection.
 */
function projetar(schema: Schema, valor: unknown): unknown {
  const alvo = desembrulhar(schema);
  const def = alvo._zod.def as {
    type: string;
    shape?: Record<string, Schema>;
    element?: Schema;
    options?: Schema[];
  };
  if (def.type === 'object' && def.shape && isRegistro(valor)) {
    const saida: Registro = {};
    for (const [campo, campoSchema] of Object.entries(def.shape)) {
      if (valor[campo] === undefined) continue;
      const projetado = projetar(campoSchema, valor[campo]);
      // A stored value its field would refuse (a derived one) is left to the field's default.
      if (aceita(campoSchema, projetado)) saida[campo] = projetado;
    }
    return saida;
  }
  if (def.type === 'array' && def.element && Array.isArray(valor)) {
    return valor.map((item) => projetar(def.element!, item));
  }
  if (def.type === 'union' && def.options) {
    const projecoes = def.options.map((option) => projetar(option, valor));
    const aceita1 = projecoes.find((projecao, index) => aceita(def.options![index]!, projecao));
    // None takes it whole: the option that keeps the most of it (its discriminator among them).
    const campos = (projecao: unknown) => (isRegistro(projecao) ? Object.keys(projecao).length : 0);
    return aceita1 ?? projecoes.reduce((a, b) => (campos(b) > campos(a) ? b : a));
  }
  return valor;
}

function aceita(schema: Schema, valor: unknown): boolean {
  try {
    return (schema['~standard'].validate(valor) as { issues?: unknown }).issues === undefined;
  } catch {
    return false;
  }
}

/** The stored record of a PUT's resource as its GET answers it (undefined: none, 404 follows). */
export type RegistroAtual = (request: FastifyRequest) => Promise<unknown>;

/**
 * preValidation hook of a PUT route: what the body leaves out is taken from the stored record,
 * as `body` (the route's body schema) takes it. Fields that go `juntos` (a sale's method and its
 * payments) are replaced together: sending one leaves the stored others out. A body that is not
 * an object, or a record that does not exist, goes on untouched to the route's own validation
 * and 404.
 */
export function mantemOmitidos(
  body: Schema,
  atual: RegistroAtual,
  opcoes: { juntos?: ReadonlyArray<readonly string[]> } = {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    const enviado = request.body;
    if (!isRegistro(enviado)) return;
    const registro = await atual(request);
    if (!isRegistro(registro)) return;
    const base = projetar(body, registro) as Registro;
    for (const grupo of opcoes.juntos ?? []) {
      if (grupo.some((campo) => campo in enviado)) for (const campo of grupo) delete base[campo];
    }
    request.body = { ...base, ...enviado };
  };
}

/** The record of the route's `:id` (none when the id is not a positive integer). */
export const porId =
  (get: (id: number) => Promise<unknown>): RegistroAtual =>
  async (request) => {
    const id = Number((request.params as { id?: unknown }).id);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? get(id) : undefined;
  };
