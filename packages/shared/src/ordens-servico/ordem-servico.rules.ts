// Service orders (spec part 2, sections 2.10, 3.8, 4 and 9, and issue 12): the situação flow of a
// repair shop, priorities, deadlines and the totals in integer centavos, free of zod so the
// screens and the server share the same rules and texts.
import { fromCentavos, toCentavos } from '../money';
import { transicaoExiste } from '../transicoes';
import { calcularTotaisVenda } from '../vendas/venda.rules';

/** Section 3.8's four plus the waiting states and the hand-back a repair shop lives by. */
export const SITUACOES_OS = [
  { value: 'em-aberto', label: 'Em aberto', cor: 'blue' },
  { value: 'aguardando-aprovacao', label: 'Aguardando aprovação', cor: 'yellow' },
  { value: 'em-andamento', label: 'Em andamento', cor: 'indigo' },
  { value: 'aguardando-pecas', label: 'Aguardando peças', cor: 'orange' },
  { value: 'concluida', label: 'Concluída', cor: 'green' },
  { value: 'entregue', label: 'Entregue', cor: 'teal' },
  { value: 'cancelada', label: 'Cancelada', cor: 'red' },
] as const;
export type SituacaoOS = (typeof SITUACOES_OS)[number]['value'];
export const SITUACAO_OS_VALUES = SITUACOES_OS.map((s) => s.value) as [SituacaoOS, ...SituacaoOS[]];

/** The queue: orders still to be worked (the panel counts these). */
export const SITUACOES_OS_ABERTAS: readonly SituacaoOS[] = [
  'em-aberto',
  'aguardando-aprovacao',
  'em-andamento',
  'aguardando-pecas',
];

/**
 * The one transition table of an order: em aberto → em andamento → concluída → entregue, the
 * waiting states between, and cancelada from anything not yet concluded.
 */
export const OS_TRANSICOES: Record<SituacaoOS, readonly SituacaoOS[]> = {
  'em-aberto': ['aguardando-aprovacao', 'em-andamento', 'cancelada'],
  'aguardando-aprovacao': ['em-andamento', 'em-aberto', 'cancelada'],
  'em-andamento': ['aguardando-pecas', 'aguardando-aprovacao', 'concluida', 'cancelada'],
  'aguardando-pecas': ['em-andamento', 'concluida', 'cancelada'],
  concluida: ['entregue'],
  entregue: [],
  cancelada: [],
};

export function podeMudarSituacao(de: SituacaoOS, para: SituacaoOS): boolean {
  return transicaoExiste(OS_TRANSICOES, de, para);
}

/** The button text of each move, for the screens. */
export const ACAO_SITUACAO_OS: Record<SituacaoOS, string> = {
  'em-aberto': 'Reabrir',
  'aguardando-aprovacao': 'Enviar para aprovação',
  'em-andamento': 'Iniciar',
  'aguardando-pecas': 'Aguardar peças',
  concluida: 'Concluir',
  entregue: 'Registrar entrega',
  cancelada: 'Cancelar O.S.',
};

export function situacaoOsLabel(value: string): string {
  return SITUACOES_OS.find((s) => s.value === value)?.label ?? value;
}

/** Section 3.8's priorities plus the dashboard's "Muito urgente". */
export const PRIORIDADES_OS = [
  { value: 'muito-urgente', label: 'Muito urgente', cor: 'red' },
  { value: 'urgente', label: 'Urgente', cor: 'orange' },
  { value: 'alta', label: 'Alta', cor: 'yellow' },
  { value: 'media', label: 'Média', cor: 'blue' },
  { value: 'baixa', label: 'Baixa', cor: 'gray' },
] as const;
export type PrioridadeOS = (typeof PRIORIDADES_OS)[number]['value'];
export const PRIORIDADE_OS_VALUES = PRIORIDADES_OS.map((p) => p.value) as [
  PrioridadeOS,
  ...PrioridadeOS[],
];
export function prioridadeOsLabel(value: string): string {
  return PRIORIDADES_OS.find((p) => p.value === value)?.label ?? value;
}

export const CANAIS_VENDA_OS = [
  { value: 'presencial', label: 'Presencial' },
  { value: 'online', label: 'Online' },
  { value: 'telefone', label: 'Telefone' },
] as const;
export type CanalVendaOS = (typeof CANAIS_VENDA_OS)[number]['value'];
export const CANAL_VENDA_OS_VALUES = CANAIS_VENDA_OS.map((c) => c.value) as [
  CanalVendaOS,
  ...CanalVendaOS[],
];

/** The panel's deadline buckets (section 3.8), "today" in the company's time zone. */
export const PRAZOS_OS = [
  { value: 'vencidas', label: 'Vencidas' },
  { value: 'hoje', label: 'Hoje' },
  { value: 'amanha', label: 'Amanhã' },
  { value: 'futuras', label: 'Futuras' },
  { value: 'sem-prazo', label: 'Sem prazo' },
] as const;
export type PrazoOS = (typeof PRAZOS_OS)[number]['value'];
export const PRAZO_OS_VALUES = PRAZOS_OS.map((p) => p.value) as [PrazoOS, ...PrazoOS[]];

/** GET /api/ordens-servico answers at most this many rows per call. */
export const OS_LIMIT_PADRAO = 100;
export const OS_LIMIT_MAX = 500;
export const OS_LINHAS_MAX = 200;
/** Attachments an order keeps at most (5 MB each). */
export const OS_ANEXOS_MAX = 10;

export const OS_MESSAGES = {
  titulo: 'Ordens de Serviço',
  gerenciar: 'Gerenciar O.S.',
  painel: 'Painel',
  tituloPainel: 'Painel de Ordens de Serviço',
  adicionar: 'Adicionar OS',
  editar: 'Editar OS',
  salvar: 'Salvar Ordem de Serviço',
  fechar: 'Fechar',
  cancelar: 'Cancelar',
  maisInformacoes: 'Mais informações',
  faturamentoPorTecnico: 'Faturamento por técnico',
  vazioTitulo: 'Nenhuma ordem de serviço encontrada',
  vazioTexto: 'Abra a primeira ordem de serviço com o botão Nova O.S.',
  confirmarExclusao: 'Tem certeza que deseja excluir esta ordem de serviço?',
  criada: 'Ordem de serviço criada com sucesso!',
  atualizada: 'Ordem de serviço atualizada com sucesso!',
  excluida: 'Ordem de serviço excluída com sucesso!',
  situacaoAlterada: 'Situação da ordem de serviço atualizada!',
  erroSalvar: 'Erro ao salvar ordem de serviço',
  erroExcluir: 'Erro ao excluir ordem de serviço',
  erroCarregar: 'Erro ao carregar ordem de serviço',
  naoEncontrada: 'Ordem de serviço não encontrada.',
  clienteObrigatorio: 'Selecione o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado.',
  funcionarioNaoEncontrado: 'Funcionário não encontrado.',
  produtoNaoEncontrado: 'Produto não encontrado.',
  servicoNaoEncontrado: 'Serviço não encontrado.',
  quantidadeInvalida: 'A quantidade deve ser maior que zero',
  naoEditavel: 'Uma ordem de serviço concluída, entregue ou cancelada não pode ser alterada.',
  naoExcluivel:
    'Somente ordens de serviço em aberto podem ser excluídas. As demais podem ser canceladas.',
  dataSaidaAntes: 'A data de saída não pode ser anterior à data de entrada.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final.',
  aprovadoPorObrigatorio: 'Informe quem aprovou o orçamento',
  entregueAObrigatorio: 'Informe a quem o equipamento foi entregue',
  anexoNaoEncontrado: 'Anexo não encontrado.',
  anexosDemais: `Uma ordem de serviço pode ter no máximo ${OS_ANEXOS_MAX} anexos.`,
} as const;

export function transicaoOsInvalidaMessage(de: SituacaoOS, para: SituacaoOS): string {
  if (de === para) return `A ordem de serviço já está ${situacaoOsLabel(de).toLowerCase()}.`;
  return (
    `Uma ordem de serviço ${situacaoOsLabel(de).toLowerCase()} não pode passar para ` +
    `${situacaoOsLabel(para).toLowerCase()}.`
  );
}

/** "OS Nº 000042". */
export function formatNumeroOs(numero: number): string {
  return String(numero).padStart(6, '0');
}

export interface LinhaOS {
  quantidade: number;
  valor: number;
  desconto: number;
}

export interface TotaisOS {
  produtos: number[];
  servicos: number[];
  /** Σ of the service lines. */
  mao_de_obra: number;
  /** Σ of the product lines. */
  pecas: number;
  /** mão de obra + peças + frete + outros − desconto. */
  valor_total: number;
  /** Per field ("produtos.0.desconto", "desconto"): what is wrong. Empty when valid. */
  erros: Record<string, string>;
}

/** The order's totals in centavos: each line as a sale line, then freight, others and discount. */
export function calcularTotaisOS(
  produtos: readonly LinhaOS[],
  servicos: readonly LinhaOS[],
  extras: { frete: number; outros: number; desconto: number },
): TotaisOS {
  const comoVenda = (linhas: readonly LinhaOS[]) =>
    calcularTotaisVenda(
      linhas.map((l) => ({
        quantidade: l.quantidade,
        preco_unitario: l.valor,
        desconto_item: l.desconto,
      })),
      0,
    );
  const p = comoVenda(produtos);
  const s = comoVenda(servicos);
  const erros: Record<string, string> = {};
  for (const [campo, mensagem] of Object.entries(p.erros)) {
    erros[campo.replace('itens.', 'produtos.').replace('desconto_item', 'desconto')] = mensagem;
  }
  for (const [campo, mensagem] of Object.entries(s.erros)) {
    erros[campo.replace('itens.', 'servicos.').replace('desconto_item', 'desconto')] = mensagem;
  }
  const bruto =
    toCentavos(p.valor_total) +
    toCentavos(s.valor_total) +
    toCentavos(extras.frete) +
    toCentavos(extras.outros);
  const desconto = toCentavos(extras.desconto);
  if (desconto > bruto && Object.keys(erros).length === 0) {
    erros.desconto = 'O desconto não pode ser maior que o total da ordem de serviço';
  }
  return {
    produtos: p.itens.map((i) => i.subtotal),
    servicos: s.itens.map((i) => i.subtotal),
    mao_de_obra: s.valor_total,
    pecas: p.valor_total,
    valor_total: fromCentavos(bruto - desconto),
    erros,
  };
}
