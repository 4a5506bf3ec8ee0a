import type { ComponentType } from 'react';

/** What each filter field gets: the address's query string and a way to change it. */
export interface CampoFiltroProps {
  /** The address's parameters: a field reads its own (de, ate, cliente_id…). */
  valores: URLSearchParams;
  /** Sets (a text) or removes (null) parameters; the report goes back to its first page. */
  mudar: (mudancas: Record<string, string | null>) => void;
}

/** A filter a report may list (FILTROS_RELATORIO): the parameters it owns and its field. */
export interface DefinicaoFiltro {
  params: readonly string[];
  Campo: ComponentType<CampoFiltroProps>;
}
