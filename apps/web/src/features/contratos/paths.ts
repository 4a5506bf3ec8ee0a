/** The Contratos screens' addresses. */
export const LISTA_PATH = '/contratos';
export const NOVO_PATH = '/contratos/novo';
export const contratoPath = (id: number) => `/contratos/${id}`;
export const editarPath = (id: number) => `/contratos/${id}/editar`;
/** The contract's page with the "Novo preço" dialog open. */
export const novoPrecoPath = (id: number) => `/contratos/${id}?novo-preco=1`;
/** A bill's receivable: Financeiro opens it from ?titulo= on its Contas a Receber tab. */
export const tituloPath = (id: number) => `/financeiro?aba=receber&titulo=${id}`;
