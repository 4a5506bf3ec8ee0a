/** The Locações screens' addresses (the list is the Locações tab of /contratos). */
export const LOCACOES_PATH = '/contratos?aba=locacoes';
export const NOVA_LOCACAO_PATH = '/contratos/locacoes/nova';
export const CALENDARIO_PATH = '/contratos/locacoes/calendario';
export const ITENS_PATH = '/contratos/locacoes/itens';
export const locacaoPath = (id: number) => `/contratos/locacoes/${id}`;
export const editarLocacaoPath = (id: number) => `/contratos/locacoes/${id}/editar`;
/** A bill: Financeiro opens it from ?titulo= on its tab (receber or pagar). */
export const tituloPath = (id: number, natureza: 'receber' | 'pagar') =>
  `/financeiro?aba=${natureza}&titulo=${id}`;
