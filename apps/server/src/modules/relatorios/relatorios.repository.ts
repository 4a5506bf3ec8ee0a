import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@prumo/shared/auth';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import {
  RELATORIO_MESSAGES as M,
  type ColunaRelatorio,
  type FiltroRelatorio,
  type GrupoRelatorio,
  type LinhaRelatorio,
  type RelatorioQuery,
  type RelatorioResposta,
  type RelatorioResumo,
} from '@prumo/shared/relatorios';
import type { Executor } from '../../db/database';
import { selectRows } from '../../db/sql-helpers';
import { badRequest } from '../../http/errors';

/** The filters of a report after the defaults: the period is always set. */
export type FiltrosLidos = RelatorioQuery & { de: string; ate: string };

export interface ContextoRelatorio {
  timeZone: string;
}

/**
 * One report of the catalogue. `consulta` is one SELECT whose column aliases are the columns'
 * keys, plus "__ordem": a unique text that breaks ties, so a page or an export batch never
 * repeats or skips a row. A sortable column is never NULL (the query coalesces it).
 */
export interface DefinicaoRelatorio {
  id: string;
  grupo: GrupoRelatorio;
  titulo: string;
  definicao: string;
  filtros: readonly FiltroRelatorio[];
  colunas: readonly ColunaRelatorio[];
  /** Columns whose titles follow the filters (the aging's buckets), same keys as `colunas`. */
  colunasPara?: (filtros: FiltrosLidos) => readonly ColunaRelatorio[];
  papeis: readonly Role[];
  /** The sort when the user picks none; `ordem` names the alias a column sorts by. */
  ordemPadrao: { chave: string; direcao: 'asc' | 'desc' };
  /** A column sorted by another alias (a period shown as text, sorted by its first day). */
  ordenarPor?: Readonly<Record<string, string>>;
  consulta: (filtros: FiltrosLidos, contexto: ContextoRelatorio) => SQL;
}

/** The longest period a report reads (five years of daily rows is already 1,826). */
const DIAS_MAX = 5 * 366;

/**
 * The filters a report reads, with the period's default (the current month to today in the
 * company's zone), checked. The screen keeps one set of filters across reports: the ones this
 * report does not read are dropped here, so they never narrow it unseen.
 */
export function lerFiltros(
  r: DefinicaoRelatorio,
  query: RelatorioQuery,
  contexto: ContextoRelatorio,
): FiltrosLidos {
  const hoje = todayISO(contexto.timeZone);
  const de = query.de ?? `${(query.ate ?? hoje).slice(0, 7)}-01`;
  const ate = query.ate ?? hoje;
  if (de > ate) throw badRequest(M.periodoInvalido, { ate: M.periodoInvalido });
  if (addDaysISO(de, DIAS_MAX) < ate) throw badRequest(M.periodoLongo, { de: M.periodoLongo });
  const le = (filtro: FiltroRelatorio) => r.filtros.includes(filtro);
  return {
    ...query,
    de,
    ate,
    vendedor_id: le('vendedor_id') ? query.vendedor_id : undefined,
    cliente_id: le('cliente_id') ? query.cliente_id : undefined,
    categoria_id: le('categoria_id') ? query.categoria_id : undefined,
    forma_pagamento: le('forma_pagamento') ? query.forma_pagamento : undefined,
    natureza: le('natureza') ? query.natureza : undefined,
  };
}

export const resumo = (r: DefinicaoRelatorio): RelatorioResumo => ({
  id: r.id,
  grupo: r.grupo,
  titulo: r.titulo,
  definicao: r.definicao,
  filtros: [...r.filtros],
  colunas: [...r.colunas],
});

/** The report's columns for these filters. */
export const colunasDo = (r: DefinicaoRelatorio, filtros: FiltrosLidos) =>
  r.colunasPara?.(filtros) ?? r.colunas;

/** The sort a query asked for, checked against the report's columns. */
function ordenacao(r: DefinicaoRelatorio, filtros: FiltrosLidos) {
  const chave = filtros.sort ?? r.ordemPadrao.chave;
  const coluna = r.colunas.find((c) => c.chave === chave);
  if (!coluna) {
    const mensagem = `Ordenação inválida: use ${r.colunas.map((c) => c.chave).join(', ')}`;
    throw badRequest(mensagem, { sort: mensagem });
  }
  const alias = sql.identifier(r.ordenarPor?.[chave] ?? chave);
  const direcao = filtros.order ?? (filtros.sort ? 'asc' : r.ordemPadrao.direcao);
  // Text sorts the pt-BR way without ICU (accent-free lower case first, as sql-helpers does).
  const chaves =
    coluna.tipo === 'texto' && !r.ordenarPor?.[chave]
      ? [sql`normalize_search(r.${alias})`, sql`r.${alias}`, sql`r."__ordem"`]
      : [sql`r.${alias}`, sql`r."__ordem"`];
  return { chaves, direcao, aliasLido: r.ordenarPor?.[chave] ?? chave, texto: chaves.length === 3 };
}

/** A row as read: numbers of the numeric columns as numbers (PostgreSQL's numeric is text). */
function linhaLida(
  colunas: readonly ColunaRelatorio[],
  row: Record<string, unknown>,
): LinhaRelatorio {
  const linha: LinhaRelatorio = {};
  for (const c of colunas) {
    const valor = row[c.chave];
    linha[c.chave] =
      valor === null || valor === undefined
        ? null
        : c.tipo === 'texto' || c.tipo === 'data'
          ? String(valor)
          : Number(valor);
  }
  return linha;
}

/**
 * One page of a report with the whole filter's row count and totals, in one statement: the
 * report's rows are read once (a CTE) for the page and for the totals.
 */
export async function paginaDoRelatorio(
  db: Executor,
  r: DefinicaoRelatorio,
  filtros: FiltrosLidos,
  contexto: ContextoRelatorio,
): Promise<RelatorioResposta> {
  const { chaves, direcao } = ordenacao(r, filtros);
  const colunas = colunasDo(r, filtros);
  const somadas = colunas.filter((c) => c.somar);
  const dir = direcao === 'desc' ? sql`DESC` : sql`ASC`;
  const linhas = await selectRows<Record<string, unknown>>(
    db,
    sql`WITH r AS (${r.consulta(filtros, contexto)}),
      t AS (SELECT count(*) AS "__total"${sql.join(
        somadas.map(
          (c) =>
            sql`, coalesce(sum(r.${sql.identifier(c.chave)}), 0) AS ${sql.identifier(`__soma_${c.chave}`)}`,
        ),
        sql``,
      )} FROM r)
    SELECT t.*, p.* FROM t LEFT JOIN LATERAL (
      SELECT r.* FROM r ORDER BY ${sql.join(
        chaves.map((k) => sql`${k} ${dir}`),
        sql`, `,
      )} LIMIT ${filtros.limit} OFFSET ${filtros.offset}
    ) p ON true`,
  );
  const primeira = linhas[0] ?? {};
  const totais: Record<string, number> = {};
  for (const c of somadas) totais[c.chave] = Number(primeira[`__soma_${c.chave}`] ?? 0);
  return {
    ...resumo(r),
    colunas: [...colunas],
    de: filtros.de,
    ate: filtros.ate,
    linhas: linhas.filter((row) => row['__ordem'] != null).map((row) => linhaLida(colunas, row)),
    total: Number(primeira['__total'] ?? 0),
    totais,
  };
}

/** Rows per batch of an export: a few megabytes at most in memory, whatever the report's size. */
export const LOTE_EXPORTACAO = 5_000;

/**
 * The report's rows in the chosen order, batch by batch, each batch one short statement that
 * continues after the last row read (keyset on the sort key and "__ordem"): an export of any
 * size holds one batch at a time and no transaction stays open between batches.
 */
export async function* lotesDoRelatorio(
  db: Executor,
  r: DefinicaoRelatorio,
  filtros: FiltrosLidos,
  contexto: ContextoRelatorio,
  tamanho = LOTE_EXPORTACAO,
): AsyncGenerator<LinhaRelatorio[]> {
  const { chaves, direcao, aliasLido, texto } = ordenacao(r, filtros);
  const colunas = colunasDo(r, filtros);
  const dir = direcao === 'desc' ? sql`DESC` : sql`ASC`;
  const depoisDe = direcao === 'desc' ? sql`<` : sql`>`;
  let ultimo: unknown[] | null = null;
  for (;;) {
    const continuar: SQL = ultimo
      ? sql`WHERE (${sql.join(chaves, sql`, `)}) ${depoisDe} (${sql.join(
          ultimo.map((v) => sql`${v}`),
          sql`, `,
        )})`
      : sql``;
    const rows = await selectRows<Record<string, unknown>>(
      db,
      sql`SELECT r.*${texto ? sql`, normalize_search(r.${sql.identifier(aliasLido)}) AS "__normalizado"` : sql``}
      FROM (${r.consulta(filtros, contexto)}) r ${continuar}
      ORDER BY ${sql.join(
        chaves.map((k) => sql`${k} ${dir}`),
        sql`, `,
      )} LIMIT ${tamanho}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => linhaLida(colunas, row));
    if (rows.length < tamanho) return;
    const fim = rows[rows.length - 1]!;
    ultimo = texto
      ? [fim['__normalizado'], fim[aliasLido], fim['__ordem']]
      : [fim[aliasLido], fim['__ordem']];
  }
}

/** The whole filter's row count and the totals of its summed columns (read before an export). */
export async function totaisDoRelatorio(
  db: Executor,
  r: DefinicaoRelatorio,
  filtros: FiltrosLidos,
  contexto: ContextoRelatorio,
): Promise<{ linhas: number; somas: Record<string, number> }> {
  const somadas = colunasDo(r, filtros).filter((c) => c.somar);
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) AS "__total"${sql.join(
      somadas.map(
        (c) => sql`, coalesce(sum(r.${sql.identifier(c.chave)}), 0) AS ${sql.identifier(c.chave)}`,
      ),
      sql``,
    )} FROM (${r.consulta(filtros, contexto)}) r`,
  );
  return {
    linhas: Number(row?.['__total'] ?? 0),
    somas: Object.fromEntries(somadas.map((c) => [c.chave, Number(row?.[c.chave] ?? 0)])),
  };
}
