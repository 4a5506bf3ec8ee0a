import { compareText, matchesSearch } from '@prumo/shared/search';
import type { ServicoListItem } from '@prumo/shared/servicos';
import { passaSituacao, type SituacaoFiltro } from '../../components/list/situacao';

export interface FiltrosServicos {
  categoria: string | null;
  situacao: SituacaoFiltro;
}

export const FILTROS_VAZIOS: FiltrosServicos = { categoria: null, situacao: 'todos' };

export function contarFiltros(filtros: FiltrosServicos): number {
  return (filtros.categoria != null ? 1 : 0) + (filtros.situacao !== 'todos' ? 1 : 0);
}

/**
 * The services whose name or category contains the typed term (case and accents ignored) and
 * that pass the Filtros choices, in list order.
 */
export function filtrarServicos(
  servicos: readonly ServicoListItem[],
  termo: string,
  filtros: FiltrosServicos,
): ServicoListItem[] {
  return servicos.filter(
    (servico) =>
      matchesSearch(termo, servico.nome, servico.categoria) &&
      (filtros.categoria == null || servico.categoria === filtros.categoria) &&
      passaSituacao(filtros.situacao, servico.ativo),
  );
}

/** The categories in use, once each, sorted the pt-BR way (the filter's and the form's options). */
export function categoriasDe(servicos: readonly Pick<ServicoListItem, 'categoria'>[]): string[] {
  return [...new Set(servicos.map((servico) => servico.categoria))].sort(compareText);
}
