import {
  ABAS_ORCAMENTO,
  STATUS_ORCAMENTO_VALUES,
  type AbaOrcamento,
  type StatusOrcamento,
} from '@prumo/shared/orcamentos';
import type { OrcamentosFiltro } from '../../api/orcamentos';
import { periodoDaUrl } from '../../components/list/PeriodoFiltro';

/**
 * The list's tab, search and Filtros, kept in the address (?aba=servicos&status=...) so a
 * filtered list can be bookmarked, reloaded and come back to from a quote.
 */
export interface FiltrosOrcamento {
  aba: AbaOrcamento;
  status: StatusOrcamento | '';
  /** Period of the quote's date, aaaa-mm-dd. */
  de: string;
  ate: string;
  /** Número, cliente or responsável. */
  q: string;
}

export function filtrosDaUrl(params: URLSearchParams): FiltrosOrcamento {
  const aba = params.get('aba');
  const status = params.get('status');
  return {
    aba: (ABAS_ORCAMENTO as readonly string[]).includes(aba ?? '')
      ? (aba as AbaOrcamento)
      : 'produtos',
    status: (STATUS_ORCAMENTO_VALUES as readonly string[]).includes(status ?? '')
      ? (status as StatusOrcamento)
      : '',
    ...periodoDaUrl(params),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The address of the filters: only the ones that are on (Produtos is the default tab). */
export function filtrosParaUrl(filtros: FiltrosOrcamento): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtros)) {
    if (value !== '' && !(key === 'aba' && value === 'produtos')) params.set(key, value);
  }
  return params;
}

/** How many filters of the Filtros panel are on (the period counts once). */
export function contarFiltros(filtros: FiltrosOrcamento): number {
  return (filtros.status ? 1 : 0) + (filtros.de || filtros.ate ? 1 : 0);
}

/** What the list asks the server (GET /api/orcamentos?...). */
export function filtroDaApi(filtros: FiltrosOrcamento): OrcamentosFiltro {
  return {
    aba: filtros.aba,
    status: filtros.status || undefined,
    de: filtros.de || undefined,
    ate: filtros.ate || undefined,
    q: filtros.q.trim() || undefined,
  };
}
