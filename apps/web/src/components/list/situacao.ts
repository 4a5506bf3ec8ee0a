/** Which records a list shows by their ativo flag (the Situação choice of a Filtros panel). */
export type SituacaoFiltro = 'todos' | 'ativos' | 'inativos';

/** True when a record with this ativo flag passes the filter. */
export function passaSituacao(situacao: SituacaoFiltro, ativo: boolean): boolean {
  return situacao === 'todos' || (situacao === 'ativos') === ativo;
}
