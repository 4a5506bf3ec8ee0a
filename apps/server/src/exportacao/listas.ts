// The exports of the list screens (issue 33): each list's GET has a sibling /exportar that takes
// the same filters, without the page, and streams every row the filter keeps.
import { todayISO } from '@prumo/shared/dates';
import type { FastifyReply } from 'fastify';
import { escreverBooleanoBr, rotuloDaOpcao, type CampoImportacao } from '@prumo/shared/importacao';
import type { ColunaRelatorio, LinhaRelatorio, TipoColuna } from '@prumo/shared/relatorios';
import { z } from '@prumo/shared/validation';
import { enviarPlanilha, type FormatoPlanilha } from './resposta';

/** Rows read per statement: the memory an export holds, whatever its size. */
export const LOTE_EXPORTACAO = 2_000;

const SEM_PAGINA = 'A exportação traz todas as linhas do filtro: não use limit nem offset';

/**
 * The query of a list's export: the list's own filters and sort, `formato` (csv or xlsx) and no
 * page (limit and offset are refused, so nobody believes a page was exported).
 */
export function exportacaoDaLista<
  Shape extends z.core.$ZodShape,
  Config extends z.core.$ZodObjectConfig,
>(lista: z.ZodObject<Shape, Config>) {
  const exportacao = {
    formato: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: use csv ou xlsx' }),
    limit: z.undefined({ error: SEM_PAGINA }).optional(),
    offset: z.undefined({ error: SEM_PAGINA }).optional(),
  };
  // safeExtend keeps the list's refinements (the period's check); its typing cannot follow a
  // generic shape, hence the cast to what it builds.
  return (lista as z.ZodObject).safeExtend(exportacao) as unknown as z.ZodObject<
    z.core.util.Extend<Shape, typeof exportacao>,
    Config
  >;
}

/**
 * Every row of a list in batches of LOTE_EXPORTACAO, read by the list's own statement (its
 * WHERE and ORDER BY) page after page; the order ends on the id, so pages neither skip nor repeat.
 */
async function* emLotes<Linha>(
  ler: (pagina: { limit: number; offset: number }) => Promise<Linha[]>,
): AsyncGenerator<Linha[]> {
  for (let offset = 0; ; offset += LOTE_EXPORTACAO) {
    const lote = await ler({ limit: LOTE_EXPORTACAO, offset });
    if (lote.length > 0) yield lote;
    if (lote.length < LOTE_EXPORTACAO) return;
  }
}

async function* mapearLotes<Linha>(
  lotes: AsyncIterable<Linha[]>,
  linha: (de: Linha) => LinhaRelatorio,
): AsyncGenerator<LinhaRelatorio[]> {
  for await (const lote of lotes) yield lote.map(linha);
}

export interface ExportacaoDeLista<Filtro, Linha> {
  /** The file's name before the day: "produtos" makes "produtos-2026-11-27.xlsx". */
  arquivo: string;
  /** The sheet's name. */
  titulo: string;
  colunas: readonly ColunaRelatorio[];
  /** One page of the list's rows for the filter: the list's own statement. */
  ler: (filtro: Filtro, pagina: { limit: number; offset: number }) => Promise<Linha[]>;
  /** A list row as the spreadsheet's row (keys of `colunas`). */
  linha: (linha: Linha) => LinhaRelatorio;
}

/**
 * Answers a list's export: every row of the filter, batch by batch, as a download named after
 * the list and today in the company's calendar; the filters are printed on the XLSX's second sheet.
 */
export function enviarLista<Q extends { formato: FormatoPlanilha }, Linha>(
  reply: FastifyReply,
  query: Q,
  timeZone: string,
  e: ExportacaoDeLista<Omit<Q, 'formato'>, Linha>,
) {
  const { formato, ...filtro } = query;
  const descricao = Object.entries(filtro)
    .filter(([, valor]) => valor !== undefined)
    .map(([chave, valor]) => [chave, String(valor)] as const);
  return enviarPlanilha(reply, formato, `${e.arquivo}-${todayISO(timeZone)}.${formato}`, {
    titulo: e.titulo,
    colunas: e.colunas,
    lotes: mapearLotes(
      emLotes((pagina) => e.ler(filtro, pagina)),
      e.linha,
    ),
    filtros: descricao,
  });
}

/** The import's field formats as the spreadsheet's column types. */
const TIPO_DO_FORMATO: Record<string, TipoColuna> = {
  dinheiro: 'dinheiro',
  numero: 'numero',
  inteiro: 'inteiro',
  data: 'data',
};

/**
 * The columns of an export that imports back: one per import field, titled with its label, in
 * the field's type (a money field as money, a yes/no field as the text "Sim"/"Não").
 */
export function colunasDosCampos(campos: readonly CampoImportacao[]): ColunaRelatorio[] {
  return campos.map((c) => ({
    chave: c.chave,
    titulo: c.rotulo,
    tipo: TIPO_DO_FORMATO[c.formato] ?? 'texto',
  }));
}

const NUMERICOS = new Set<CampoImportacao['formato']>(['dinheiro', 'numero', 'inteiro']);

/**
 * A record as the row of an export that imports back: each field written as the import reads it
 * (a closed list's label, "Sim"/"Não", numbers as numbers, days as aaaa-mm-dd for the sheet to
 * write dd/mm/aaaa). `registro` holds the fields by their import key.
 */
export function linhaDosCampos(
  campos: readonly CampoImportacao[],
  registro: Record<string, unknown>,
): LinhaRelatorio {
  return Object.fromEntries(
    campos.map((c) => {
      const valor = registro[c.chave];
      if (valor === null || valor === undefined || valor === '') return [c.chave, null];
      if (c.opcoes) return [c.chave, rotuloDaOpcao(c, String(valor))];
      if (c.formato === 'booleano') return [c.chave, escreverBooleanoBr(Boolean(valor))];
      if (NUMERICOS.has(c.formato)) return [c.chave, Number(valor)];
      return [c.chave, String(valor)];
    }),
  );
}

/** A value's label in a list of { value, label } (status, kinds); the value itself otherwise. */
export function rotuloDe(
  opcoes: ReadonlyArray<{ value: string; label: string }>,
  valor: string | null,
): string | null {
  return valor === null ? null : (opcoes.find((o) => o.value === valor)?.label ?? valor);
}
