import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORTACAO_MENSAGENS as M,
  type Importacao,
  type ImportacaoStatus,
  type MapeamentoInput,
  type MapeamentoSalvo,
  type TipoImportacao,
} from '@prumo/shared/importacao';
import type { Database, Executor } from '../../db/database';
import { rethrowUnique } from '../../db/pg-errors';
import { notFound } from '../../http/errors';
import { importacaoMapeamentos, importacoes } from './importacao.table';

export type ImportacaoRow = typeof importacoes.$inferSelect;

/** The columns of the history and of GET /:id (never the file's bytes). */
const colunas = {
  id: importacoes.id,
  tipo: importacoes.tipo,
  arquivoNome: importacoes.arquivoNome,
  status: importacoes.status,
  modo: importacoes.modo,
  existentes: importacoes.existentes,
  chave: importacoes.chave,
  totalLinhas: importacoes.totalLinhas,
  processadas: importacoes.processadas,
  criados: importacoes.criados,
  atualizados: importacoes.atualizados,
  ignorados: importacoes.ignorados,
  recusados: importacoes.recusados,
  erro: importacoes.erro,
  usuarioNome: importacoes.usuarioNome,
  createdAt: importacoes.createdAt,
  concluidaEm: importacoes.concluidaEm,
};
type Resumo = { [K in keyof typeof colunas]: ImportacaoRow[K] };

export function toImportacao(row: Resumo): Importacao {
  return {
    id: row.id,
    tipo: row.tipo,
    arquivo_nome: row.arquivoNome,
    status: row.status,
    modo: row.modo,
    existentes: row.existentes,
    chave: row.chave,
    total_linhas: row.totalLinhas,
    processadas: row.processadas,
    criados: row.criados,
    atualizados: row.atualizados,
    ignorados: row.ignorados,
    recusados: row.recusados,
    erro: row.erro,
    usuario_nome: row.usuarioNome,
    created_at: row.createdAt.toISOString(),
    concluida_em: row.concluidaEm?.toISOString() ?? null,
  };
}

export async function listImportacoes(db: Executor, tipo?: TipoImportacao) {
  const rows = await db
    .select(colunas)
    .from(importacoes)
    .where(tipo ? eq(importacoes.tipo, tipo) : undefined)
    .orderBy(desc(importacoes.id))
    .limit(200);
  return rows;
}

export async function getImportacaoResumo(db: Executor, id: number): Promise<Resumo> {
  const [row] = await db.select(colunas).from(importacoes).where(eq(importacoes.id, id));
  if (!row) throw notFound(M.naoEncontrada);
  return row;
}

/** The whole row, with the file. */
export async function getImportacao(db: Executor, id: number): Promise<ImportacaoRow> {
  const [row] = await db.select().from(importacoes).where(eq(importacoes.id, id));
  if (!row) throw notFound(M.naoEncontrada);
  return row;
}

export async function createImportacao(
  db: Executor,
  values: Pick<
    typeof importacoes.$inferInsert,
    'tipo' | 'arquivoNome' | 'arquivo' | 'folha' | 'totalLinhas' | 'usuarioId' | 'usuarioNome'
  >,
): Promise<number> {
  const [row] = await db.insert(importacoes).values(values).returning({ id: importacoes.id });
  return row!.id;
}

export async function updateImportacao(
  db: Executor,
  id: number,
  values: Partial<typeof importacoes.$inferInsert>,
  somenteSe?: readonly ImportacaoStatus[],
): Promise<boolean> {
  const rows = await db
    .update(importacoes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(importacoes.id, id),
        somenteSe ? inArray(importacoes.status, [...somenteSe]) : undefined,
      ),
    )
    .returning({ id: importacoes.id });
  return rows.length > 0;
}

/** A run's lock: held by the run's transaction for its whole life (pg_advisory_xact_lock). */
export const TRAVA_IMPORTACAO = 33;

/** Takes the run's lock inside its transaction and names the import for the column defaults. */
export async function marcarTransacaoDaImportacao(tx: Executor, id: number) {
  await tx.execute(
    sql`SELECT set_config('prumo.importacao_id', ${String(id)}, true), pg_advisory_xact_lock(${TRAVA_IMPORTACAO}, ${id})`,
  );
}

/**
 * An import left 'Em andamento' whose run's lock nobody holds had its process die mid-run: its
 * transaction never committed, so nothing of it was written. Marked Falhou.
 */
export async function encerrarSeAbandonada(db: Database, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const resultado = (await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${TRAVA_IMPORTACAO}, ${id}) AS livre`,
    )) as unknown as { rows: Array<{ livre: boolean }> };
    if (!resultado.rows[0]?.livre) return false;
    return updateImportacao(tx, id, { status: 'Falhou', erro: M.interrompida, processadas: 0 }, [
      'Em andamento',
    ]);
  });
}

// ---------------------------------------------------------------------------------------------
// Saved mappings.

function toMapeamento(row: typeof importacaoMapeamentos.$inferSelect): MapeamentoSalvo {
  return { id: row.id, nome: row.nome, tipo: row.tipo, mapeamento: row.mapeamento };
}

export async function listMapeamentos(db: Executor, tipo?: TipoImportacao) {
  const rows = await db
    .select()
    .from(importacaoMapeamentos)
    .where(tipo ? eq(importacaoMapeamentos.tipo, tipo) : undefined)
    .orderBy(sql`normalize_search(${importacaoMapeamentos.nome})`, importacaoMapeamentos.id);
  return rows.map(toMapeamento);
}

/** Saves a mapping; one with the same name and kind is replaced. */
export async function salvarMapeamento(
  db: Executor,
  input: MapeamentoInput,
  usuarioId: number,
): Promise<MapeamentoSalvo> {
  const [existente] = await db
    .select({ id: importacaoMapeamentos.id })
    .from(importacaoMapeamentos)
    .where(
      and(
        eq(importacaoMapeamentos.tipo, input.tipo),
        sql`normalize_search(${importacaoMapeamentos.nome}) = normalize_search(${input.nome})`,
      ),
    );
  try {
    const [row] = existente
      ? await db
          .update(importacaoMapeamentos)
          .set({ nome: input.nome, mapeamento: input.mapeamento, updatedAt: sql`now()` })
          .where(eq(importacaoMapeamentos.id, existente.id))
          .returning()
      : await db
          .insert(importacaoMapeamentos)
          .values({ nome: input.nome, tipo: input.tipo, mapeamento: input.mapeamento, usuarioId })
          .returning();
    return toMapeamento(row!);
  } catch (error) {
    rethrowUnique(error, 'Já existe um mapeamento com este nome', 'nome');
  }
}

export async function deleteMapeamento(db: Executor, id: number): Promise<void> {
  const rows = await db
    .delete(importacaoMapeamentos)
    .where(eq(importacaoMapeamentos.id, id))
    .returning({ id: importacaoMapeamentos.id });
  if (rows.length === 0) throw notFound(M.mapeamentoNaoEncontrado);
}
