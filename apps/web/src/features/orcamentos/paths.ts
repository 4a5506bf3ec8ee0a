/** The quote screens' addresses (spec 2.1). */
export const LISTA_PATH = '/orcamentos';
export const NOVO_PATH = '/orcamentos/adicionar-orcamento';
export const visualizarPath = (id: number) => `/orcamentos/visualizar/${id}`;
export const editarPath = (id: number) => `/orcamentos/editar/${id}`;
/** The service order a quote became (the order form). */
export const ordemServicoPath = (id: number) => `/servicos/editar-os/${id}`;
/** The sale a quote became: the sales screen opens it from ?venda= (its view is a modal). */
export const vendaPath = (id: number) => `/vendas?venda=${id}`;
