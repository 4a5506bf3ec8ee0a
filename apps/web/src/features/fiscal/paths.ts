import type { ModeloFiscal } from '@prumo/shared/fiscal';

/** The Nota Fiscal screens' addresses. */
export const LISTA_PATH = '/nota-fiscal';
export { notaPath } from '../../components/fiscal/nota';
/** The list on the note's own tab. */
export const listaDoModeloPath = (modelo: ModeloFiscal) =>
  modelo === 65 ? `${LISTA_PATH}?aba=nfce` : LISTA_PATH;
/** The sale a note came from: the sales screen opens it from ?venda= (its view is a modal). */
export const vendaPath = (id: number) => `/vendas?venda=${id}`;
/** Configurações → Fiscal; an NFS-e's own screen. */
export { CONFIGURACAO_FISCAL_PATH, nfsePath } from '../../components/fiscal/nfse';
/** The NFS-e tab of the list. */
export const LISTA_NFSE_PATH = `${LISTA_PATH}?aba=nfse`;
/** A service order's screen. */
export const ordemServicoPath = (id: number) => `/servicos/editar-os/${id}`;
/** An appointment: the Serviços tab of Vendas opens its view from ?agendamento=. */
export const agendamentoPath = (id: number) => `/vendas?aba=servicos&agendamento=${id}`;
/** A service contract's page (its bills' NFS-e). */
export const contratoPath = (id: number) => `/contratos/${id}`;
/** The service catalogue (each service's Fiscal (NFS-e) section). */
export const SERVICOS_PATH = '/servicos';
/** A purchase entered by XML: its screen opens it from ?entrada= (its view is a modal). */
export const entradaPath = (id: number) => `/estoque/entradas-xml?entrada=${id}`;
/** A title of Financeiro: its screen opens it from ?titulo=. */
export const tituloPath = (id: number) => `/financeiro?titulo=${id}`;
