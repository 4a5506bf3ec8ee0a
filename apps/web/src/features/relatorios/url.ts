import type { RelatorioResumo } from '@prumo/shared/relatorios';
import type { RelatorioParams } from '../../api/relatorios';
import { paramsDoFiltro } from './components/filtros';

/**
 * The screen's state lives in the address, so a link reproduces the view:
 * /relatorios?r=curva-abc-produtos&de=…&ate=…&cliente_id=…&sort=faturamento&order=desc&pagina=2.
 * The filters are one set across reports (a report reads the ones it lists).
 */

/** Rows per page on screen (the server allows up to 500). */
export const POR_PAGINA = 100;

/** What a new report or a new filter starts without: the sort is a report's, the page a list's. */
const DA_LISTA = ['sort', 'order', 'pagina'] as const;

export const relatorioDaUrl = (params: URLSearchParams): string | null => params.get('r') || null;

export function paginaDaUrl(params: URLSearchParams): number {
  const pagina = Number(params.get('pagina'));
  return Number.isInteger(pagina) && pagina > 1 ? pagina : 1;
}

export interface Ordem {
  sort: string;
  order: 'asc' | 'desc';
}

/** The column the user sorted by, if it is one of the report's. */
export function ordemDaUrl(params: URLSearchParams, colunas: readonly { chave: string }[]) {
  const sort = params.get('sort') ?? '';
  if (!colunas.some((c) => c.chave === sort)) return null;
  return { sort, order: params.get('order') === 'desc' ? 'desc' : 'asc' } satisfies Ordem;
}

/** The address of another report: the filters kept, its sort and page from the start. */
export function urlDoRelatorio(params: URLSearchParams, id: string): string {
  const next = new URLSearchParams(params);
  for (const chave of DA_LISTA) next.delete(chave);
  next.set('r', id);
  return `/relatorios?${next}`;
}

/** The address with these parameters set or removed (null); a new filter starts at page 1. */
export function comMudancas(
  params: URLSearchParams,
  mudancas: Record<string, string | null>,
  manterPagina = false,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!manterPagina) next.delete('pagina');
  for (const [chave, valor] of Object.entries(mudancas)) {
    if (valor === null || valor === '') next.delete(chave);
    else next.set(chave, valor);
  }
  return next;
}

/**
 * What the server is asked for the report: the parameters of the filters it reads (others in
 * the address stay out, so they do not change its cache key) and the chosen sort.
 */
export function filtrosDoRelatorio(
  relatorio: RelatorioResumo,
  params: URLSearchParams,
): RelatorioParams {
  const enviados: RelatorioParams = {};
  for (const filtro of relatorio.filtros) {
    for (const chave of paramsDoFiltro(filtro)) {
      const valor = params.get(chave);
      if (valor) enviados[chave] = valor;
    }
  }
  const ordem = ordemDaUrl(params, relatorio.colunas);
  if (ordem) Object.assign(enviados, ordem);
  return enviados;
}

/** One page of it: the filters plus limit and offset. */
export const paramsDaPagina = (filtros: RelatorioParams, pagina: number): RelatorioParams => ({
  ...filtros,
  limit: String(POR_PAGINA),
  offset: String((pagina - 1) * POR_PAGINA),
});
