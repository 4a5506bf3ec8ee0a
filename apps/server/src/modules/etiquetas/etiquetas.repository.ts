import { count, eq, sql } from 'drizzle-orm';
import {
  ETIQUETA_CAMPOS,
  ETIQUETA_MESSAGES,
  etiquetaParaResposta,
  type Etiqueta,
  type EtiquetaData,
  type EtiquetaListQuery,
  type EtiquetaModelo,
} from '@prumo/shared/etiquetas';
import type { Executor } from '../../db/database';
import { rethrowUnique } from '../../db/pg-errors';
import { containsSearch, pageOf, ptBrKey, sortOrder } from '../../db/sql-helpers';
import { notFound } from '../../http/errors';
import { etiquetas } from './etiquetas.table';

export const ETIQUETA_NOME_DUPLICADO = 'Já existe uma etiqueta com este nome.';

/** The template's columns, named as the payload names them. */
const modeloColumns = Object.fromEntries(
  Object.keys(ETIQUETA_CAMPOS).map((campo) => [campo, etiquetas[campo as keyof EtiquetaModelo]]),
) as { [K in keyof EtiquetaModelo]: (typeof etiquetas)[K] };

const selectColumns = {
  id: etiquetas.id,
  ...modeloColumns,
  createdAt: etiquetas.createdAt,
  updatedAt: etiquetas.updatedAt,
};

type Row = EtiquetaModelo & { id: number; createdAt: Date; updatedAt: Date };

function toEtiqueta({ id, createdAt, updatedAt, ...modelo }: Row): Etiqueta {
  return etiquetaParaResposta(modelo, {
    id,
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  });
}

/**
 * GET /api/etiquetas: by name the pt-BR way; `q` searches the name. Without `limit`, every
 * template (the spec's array); with it, one page and the filter's total.
 */
export async function listEtiquetas(
  db: Executor,
  query: EtiquetaListQuery = {},
): Promise<{ items: Etiqueta[]; total: number | undefined }> {
  const where = query.q ? containsSearch(query.q, etiquetas.nome) : undefined;
  const rows = db
    .select(selectColumns)
    .from(etiquetas)
    .where(where)
    .orderBy(
      ...sortOrder({ nome: ptBrKey(etiquetas.nome) }, query, {
        sort: 'nome',
        order: 'asc',
        id: etiquetas.id,
      }),
    );
  const page = await pageOf(
    rows,
    () => db.select({ total: count() }).from(etiquetas).where(where),
    query,
  );
  return { items: page.items.map(toEtiqueta), total: page.total };
}

export async function getEtiqueta(db: Executor, id: number): Promise<Etiqueta | undefined> {
  const [row] = await db.select(selectColumns).from(etiquetas).where(eq(etiquetas.id, id));
  return row && toEtiqueta(row);
}

/** The template in payload form, for printing. */
export async function getModeloEtiqueta(
  db: Executor,
  id: number,
): Promise<EtiquetaModelo | undefined> {
  const [row] = await db.select(modeloColumns).from(etiquetas).where(eq(etiquetas.id, id));
  return row;
}

export async function createEtiqueta(db: Executor, data: EtiquetaData): Promise<Etiqueta> {
  try {
    const [row] = await db.insert(etiquetas).values(data).returning(selectColumns);
    return toEtiqueta(row!);
  } catch (error) {
    rethrowUnique(error, ETIQUETA_NOME_DUPLICADO, 'nome');
  }
}

export async function updateEtiqueta(
  db: Executor,
  id: number,
  data: EtiquetaData,
): Promise<Etiqueta> {
  let rows: Row[];
  try {
    rows = await db
      .update(etiquetas)
      .set({ ...data, updatedAt: sql`now()` })
      .where(eq(etiquetas.id, id))
      .returning(selectColumns);
  } catch (error) {
    rethrowUnique(error, ETIQUETA_NOME_DUPLICADO, 'nome');
  }
  if (rows.length === 0) throw notFound(ETIQUETA_MESSAGES.naoEncontrada);
  return toEtiqueta(rows[0]!);
}

export async function deleteEtiqueta(db: Executor, id: number): Promise<void> {
  const deleted = await db
    .delete(etiquetas)
    .where(eq(etiquetas.id, id))
    .returning({ id: etiquetas.id });
  if (deleted.length === 0) throw notFound(ETIQUETA_MESSAGES.naoEncontrada);
}
