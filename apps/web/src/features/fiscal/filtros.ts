import { SITUACOES_NFSE, SITUACOES_NOTA, type SituacaoNota } from '@prumo/shared/fiscal';
import type { NfsesFiltro, NotasFiltro } from '../../api/fiscal';
import { periodoDaUrl } from '../../components/list/PeriodoFiltro';

/** The tabs of /nota-fiscal, in the spec's order. */
export const ABAS_NOTA = ['nfe', 'nfse', 'nfce'] as const;
export type AbaNota = (typeof ABAS_NOTA)[number];

/**
 * The tab, search and Filtros of the notes' list, kept in the address (?aba=nfce&situacao=...)
 * so a filtered list can be bookmarked, reloaded, linked from the bell and come back to.
 */
export interface FiltrosNota {
  aba: AbaNota;
  situacao: SituacaoNota | '';
  /** Period of the emission, aaaa-mm-dd. */
  de: string;
  ate: string;
  /** Número, chave or destinatário. */
  q: string;
}

export function filtrosDaUrl(params: URLSearchParams): FiltrosNota {
  const aba = params.get('aba') ?? '';
  const situacao = params.get('situacao') ?? '';
  return {
    aba: (ABAS_NOTA as readonly string[]).includes(aba) ? (aba as AbaNota) : 'nfe',
    situacao: (SITUACOES_NOTA as readonly string[]).includes(situacao)
      ? (situacao as SituacaoNota)
      : '',
    ...periodoDaUrl(params),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The address of the filters: only those that are on (NF-e is the default tab). */
export function filtrosParaUrl(filtros: FiltrosNota): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtros)) {
    if (value !== '' && !(key === 'aba' && value === 'nfe')) params.set(key, value);
  }
  return params;
}

/** How many filters of the Filtros panel are on (the period counts once). */
export function contarFiltros(filtros: FiltrosNota): number {
  return (filtros.situacao ? 1 : 0) + (filtros.de || filtros.ate ? 1 : 0);
}

/** What the list asks the server (GET /api/notas-fiscais?modelo=...). */
export function filtroDaApi(filtros: FiltrosNota): NotasFiltro {
  return {
    modelo: filtros.aba === 'nfce' ? 65 : 55,
    q: filtros.q.trim() || undefined,
    situacao: filtros.situacao || undefined,
    de: filtros.de || undefined,
    ate: filtros.ate || undefined,
  };
}

/**
 * What the NFS-e tab asks the server (GET /api/nfse): a situação the NFS-e does not have (one
 * left in the address by the NF-e tab) is not asked.
 */
export function filtroNfseDaApi(filtros: FiltrosNota): NfsesFiltro {
  const situacao = SITUACOES_NFSE.find((s) => s === filtros.situacao);
  return {
    q: filtros.q.trim() || undefined,
    situacao,
    de: filtros.de || undefined,
    ate: filtros.ate || undefined,
  };
}
