import { formatQuantidade } from '@prumo/shared/estoque';
import {
  DEVOLUCOES_MENSAGENS as M,
  devolucaoCreateSchema,
  type AcertoDevolucao,
  type DevolucaoCreateInput,
  type DevolucaoOrigem,
  type DevolucaoOrigemItem,
  type DevolucaoOrigemQuery,
  type TipoDevolucao,
} from '@prumo/shared/fiscal';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import { errosDoSchema } from '../../lib/form-errors';

/*
 * The returns (issue 29, item 4) as the screens show them: the dialog's texts, the value of what
 * is being returned and the checks made before sending (with the shared messages).
 */

export const DEVOLUCAO_TEXTOS = {
  registrar: 'Registrar devolução',
  titulo: {
    cliente: 'Registrar devolução',
    fornecedor: 'Devolver ao fornecedor',
  } satisfies Record<TipoDevolucao, string>,
  emitir: 'Emitir NF-e de devolução',
  emitindo: 'Emitindo a NF-e...',
  devolverTudo: 'Devolver tudo',
  nadaDisponivel: 'Todos os itens desta nota já foram devolvidos.',
  carregando: 'Carregando a nota de origem...',
  erroOrigem: 'Erro ao carregar a nota de origem',
  erroRegistrar: 'Erro ao registrar a devolução',
  erroListar: 'Erro ao carregar as devoluções',
  erroCarregar: 'Erro ao carregar a devolução',
  motivo: 'Motivo',
  motivoAjuda: 'De 5 a 500 caracteres; vai para as informações complementares da NF-e.',
  acerto: 'Acerto',
  conta: { cliente: 'Conta de onde sai o reembolso', fornecedor: 'Conta onde entra o valor' },
  contaPlaceholder: 'Escolha a conta',
  cliente: 'Cliente que devolve',
  clientePlaceholder: 'Buscar cliente',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  consumidor: 'Consumidor não identificado',
  valor: 'Valor da devolução',
  registrada: (numero: string | null) =>
    numero ? `Devolução registrada: NF-e nº ${numero}` : 'Devolução registrada.',
  notaNaoAutorizada: (situacao: string) =>
    `A NF-e de devolução está "${situacao}": veja na nota o que falta.`,
  painel: 'Devoluções',
  pesquisar: 'Pesquisar por cliente, fornecedor, número ou chave...',
  vazio: 'Nenhuma devolução registrada',
  vazioAjuda:
    'Abra uma nota autorizada e clique em Registrar devolução; a devolução ao fornecedor sai da entrada por XML de compra.',
  vazioFiltrada: 'Nenhuma devolução atende à pesquisa.',
} as const;

/** What the user typed in the dialog. */
export interface DevolucaoValores {
  /** By n_item: the quantity returned (0 or empty: not returned). */
  quantidades: Record<number, number | null>;
  motivo: string;
  acerto: AcertoDevolucao | null;
  contaId: number | null;
  /** Only when the sale had no customer. */
  clienteId: number | null;
}

/** The value of `quantidade` of an item: its net unit value times it, to the centavo. */
export const valorDoItem = (item: DevolucaoOrigemItem, quantidade: number | null) =>
  quantidade ? fromCentavos(toCentavos(quantidade * item.valor_liquido_unitario)) : 0;

/** The value of the return: each item's, summed in centavos. */
export function valorDaDevolucao(origem: DevolucaoOrigem, valores: DevolucaoValores): number {
  return fromCentavos(
    origem.itens.reduce(
      (total, item) =>
        total + toCentavos(valorDoItem(item, valores.quantidades[item.n_item] ?? null)),
      0,
    ),
  );
}

/** "Devolver tudo": every item's quantity still available. */
export const quantidadesDisponiveis = (origem: DevolucaoOrigem): Record<number, number> =>
  Object.fromEntries(origem.itens.map((item) => [item.n_item, item.disponivel]));

/** The item's quantity above what may still be returned, in the shared message; or null. */
export function erroDaQuantidade(
  item: DevolucaoOrigemItem,
  quantidade: number | null,
): string | null {
  if (!quantidade || quantidade <= item.disponivel) return null;
  return M.quantidadeAcimaDoSaldo(item.n_item, formatQuantidade(item.disponivel), item.unidade);
}

/** The origin of the body: the sale's note (customer) or the purchase's entry (supplier). */
const origemDoCorpo = (consulta: DevolucaoOrigemQuery) =>
  consulta.tipo === 'cliente'
    ? { tipo: 'cliente' as const, nota_id: consulta.nota_id }
    : { tipo: 'fornecedor' as const, entrada_id: consulta.entrada_id };

/** The body of POST /api/devolucoes: the items with a quantity, the account only to refund. */
export function corpoDaDevolucao(
  consulta: DevolucaoOrigemQuery,
  origem: DevolucaoOrigem,
  valores: DevolucaoValores,
): DevolucaoCreateInput {
  const semPessoa = consulta.tipo === 'cliente' && origem.pessoa === null;
  return {
    ...origemDoCorpo(consulta),
    ...(semPessoa ? { cliente_id: valores.clienteId } : {}),
    motivo: valores.motivo.trim(),
    acerto: valores.acerto as AcertoDevolucao,
    ...(valores.acerto === 'reembolso' ? { conta_id: valores.contaId } : {}),
    itens: origem.itens
      .filter((item) => (valores.quantidades[item.n_item] ?? 0) > 0)
      .map((item) => ({ n_item: item.n_item, quantidade: valores.quantidades[item.n_item]! })),
  };
}

/**
 * Every problem of what would be sent, by field ("motivo", "acerto", "conta_id", "cliente_id",
 * "itens", "item.<n_item>"), with the shared messages: the schema's, the quantities above what
 * is available and the customer of a sale that had none.
 */
export function errosDaDevolucao(
  consulta: DevolucaoOrigemQuery,
  origem: DevolucaoOrigem,
  valores: DevolucaoValores,
): Record<string, string> {
  const corpo = corpoDaDevolucao(consulta, origem, valores);
  const erros: Record<string, string> = {};
  for (const [campo, mensagem] of Object.entries(errosDoSchema(devolucaoCreateSchema, corpo))) {
    erros[campo.startsWith('itens') ? 'itens' : campo] ??= mensagem;
  }
  for (const item of origem.itens) {
    const erro = erroDaQuantidade(item, valores.quantidades[item.n_item] ?? null);
    if (erro) erros[`item.${item.n_item}`] = erro;
  }
  if (consulta.tipo === 'cliente' && origem.pessoa === null && !valores.clienteId) {
    erros.cliente_id = M.semCliente;
  }
  return erros;
}
