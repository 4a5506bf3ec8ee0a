import type { ModeloFiscal } from '@prumo/shared/fiscal';

/** The Nota Fiscal screens' addresses. */
export const LISTA_PATH = '/nota-fiscal';
export { notaPath } from '../../components/fiscal/nota';
/** The list on the note's own tab. */
export const listaDoModeloPath = (modelo: ModeloFiscal) =>
  modelo === 65 ? `${LISTA_PATH}?aba=nfce` : LISTA_PATH;
/** The sale a note came from: the sales screen opens it from ?venda= (its view is a modal). */
export const vendaPath = (id: number) => `/vendas?venda=${id}`;
/** Configurações → Fiscal. */
export const CONFIGURACAO_FISCAL_PATH = '/configuracoes?aba=fiscal';
/** A purchase entered by XML: its screen opens it from ?entrada= (its view is a modal). */
export const entradaPath = (id: number) => `/estoque/entradas-xml?entrada=${id}`;
/** A title of Financeiro: its screen opens it from ?titulo=. */
export const tituloPath = (id: number) => `/financeiro?titulo=${id}`;
