import { STATUS_PARCELA_VALUES, type Natureza, type StatusParcela } from '@prumo/shared/financeiro';
import type { TitulosFiltro } from '../../api/financeiro';
import { periodoDaUrl } from '../../components/list/PeriodoFiltro';

/**
 * The /financeiro tabs, kept in the address (?aba=receber) with the list's search and Filtros,
 * so a filtered list can be bookmarked and come back to from a title (?titulo=id).
 */
export const ABAS_FINANCEIRO = [
  'pagar',
  'receber',
  'dre',
  'fluxo',
  'boletos',
  'contas',
  'configuracoes',
] as const;
export type AbaFinanceiro = (typeof ABAS_FINANCEIRO)[number];

export function abaDaUrl(params: URLSearchParams): AbaFinanceiro {
  const aba = params.get('aba');
  return (ABAS_FINANCEIRO as readonly string[]).includes(aba ?? '')
    ? (aba as AbaFinanceiro)
    : 'pagar';
}

export interface FiltrosTitulo {
  status: StatusParcela | '';
  /** Due-day period of the installments, aaaa-mm-dd. */
  de: string;
  ate: string;
  categoria: string;
  q: string;
}

const CAMPOS = ['status', 'de', 'ate', 'categoria', 'q'] as const;

export function filtrosDaUrl(params: URLSearchParams): FiltrosTitulo {
  const status = params.get('status') ?? '';
  const categoria = params.get('categoria') ?? '';
  return {
    status: (STATUS_PARCELA_VALUES as readonly string[]).includes(status)
      ? (status as StatusParcela)
      : '',
    ...periodoDaUrl(params),
    categoria: /^\d+$/.test(categoria) ? categoria : '',
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The address with these filters (the other parameters, like the tab, kept). */
export function filtrosParaUrl(params: URLSearchParams, filtros: FiltrosTitulo): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const campo of CAMPOS) {
    if (filtros[campo]) next.set(campo, filtros[campo]);
    else next.delete(campo);
  }
  return next;
}

/** How many filters of the Filtros panel are on (the period counts once). */
export function contarFiltros(filtros: FiltrosTitulo): number {
  return (
    (filtros.status ? 1 : 0) + (filtros.de || filtros.ate ? 1 : 0) + (filtros.categoria ? 1 : 0)
  );
}

/** What the list asks the server (GET /api/financeiro/titulos?...). */
export function filtroDaApi(natureza: Natureza, filtros: FiltrosTitulo): TitulosFiltro {
  return {
    natureza,
    status: filtros.status || undefined,
    de: filtros.de || undefined,
    ate: filtros.ate || undefined,
    categoria_id: filtros.categoria ? Number(filtros.categoria) : undefined,
    q: filtros.q.trim() || undefined,
  };
}
