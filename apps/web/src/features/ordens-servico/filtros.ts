import {
  PRAZO_OS_VALUES,
  PRIORIDADE_OS_VALUES,
  SITUACAO_OS_VALUES,
  SITUACOES_OS_ABERTAS,
  type PrazoOS,
  type PrioridadeOS,
  type SituacaoOS,
} from '@prumo/shared/ordens-servico';
import type { OrdensServicoFiltro } from '../../api/ordens-servico';
import { periodoDaUrl } from '../../components/list/PeriodoFiltro';

/**
 * The filters of "Gerenciar O.S.", kept in the address (?situacao=&prioridade=&prazo=...) so the
 * panel's "Mais informações" links land on the list already filtered, and a filtered list can be
 * bookmarked or reloaded.
 */
export interface FiltrosOs {
  /** A situação, 'abertas' (the queue the panel counts) or '' for all. */
  situacao: SituacaoOS | 'abertas' | '';
  prioridade: PrioridadeOS | '';
  prazo: PrazoOS | '';
  tecnico_id: number | null;
  /** Period of the entry date, aaaa-mm-dd. */
  de: string;
  ate: string;
  /** Número, cliente or equipamento. */
  q: string;
}

export const FILTROS_OS_VAZIOS: FiltrosOs = {
  situacao: '',
  prioridade: '',
  prazo: '',
  tecnico_id: null,
  de: '',
  ate: '',
  q: '',
};

function umDe<T extends string>(valores: readonly T[], texto: string | null): T | '' {
  return texto !== null && (valores as readonly string[]).includes(texto) ? (texto as T) : '';
}

/** Reads the filters from the address; an unknown or malformed value is left out. */
export function filtrosDaUrl(params: URLSearchParams): FiltrosOs {
  const tecnico = Number(params.get('tecnico_id'));
  return {
    situacao: umDe([...SITUACAO_OS_VALUES, 'abertas'] as const, params.get('situacao')),
    prioridade: umDe(PRIORIDADE_OS_VALUES, params.get('prioridade')),
    prazo: umDe(PRAZO_OS_VALUES, params.get('prazo')),
    tecnico_id: Number.isInteger(tecnico) && tecnico > 0 ? tecnico : null,
    ...periodoDaUrl(params),
    q: (params.get('q') ?? '').slice(0, 100),
  };
}

/** The address of the filters: only the ones that are on. */
export function filtrosParaUrl(filtros: FiltrosOs): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtros)) {
    if (value !== null && value !== '') params.set(key, String(value));
  }
  return params;
}

/** How many filters of the Filtros panel are on (the search box is not one). */
export function contarFiltros(filtros: FiltrosOs): number {
  const { q: _q, de, ate, ...resto } = filtros;
  return (
    Object.values(resto).filter((value) => value !== null && value !== '').length +
    (de || ate ? 1 : 0)
  );
}

/** What the list asks the server (GET /api/ordens-servico?...). */
export function filtroDaApi(filtros: FiltrosOs, q: string): OrdensServicoFiltro {
  return {
    situacao: filtros.situacao || undefined,
    prioridade: filtros.prioridade || undefined,
    prazo: filtros.prazo || undefined,
    tecnico_id: filtros.tecnico_id ?? undefined,
    de: filtros.de || undefined,
    ate: filtros.ate || undefined,
    q: q.trim() || undefined,
  };
}

/** The list's address filtered to one of the panel's cards: the open queue, as the panel counts. */
export function listaFiltradaPath(filtro: { prazo: PrazoOS } | { prioridade: PrioridadeOS }) {
  return `/ordem-servicos?${filtrosParaUrl({ ...FILTROS_OS_VAZIOS, situacao: 'abertas', ...filtro })}`;
}

/**
 * True when an order is late: due before today (in the company's time zone) and still in the
 * queue. A concluded, delivered or cancelled order is never late.
 */
export function prazoVencido(
  ordem: { prazo: string | null; situacao: SituacaoOS },
  hoje: string,
): boolean {
  return (
    ordem.prazo !== null && ordem.prazo < hoje && SITUACOES_OS_ABERTAS.includes(ordem.situacao)
  );
}
