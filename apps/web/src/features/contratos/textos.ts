import {
  formatNumeroContrato,
  INDICES_REAJUSTE,
  PERIODICIDADES,
  SITUACOES_CONTRATO,
  type CancelamentoPrevia,
  type FaturamentoResultado,
} from '@prumo/shared/contratos';
import { formatDate } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';

/** What the Contratos screens say (pt-BR); the rules' own messages are CONTRATO_MESSAGES. */
export const CONTRATO_TEXTOS = {
  titulo: 'Contratos',
  abas: { servicos: 'Serviços', locacoes: 'Locações', assinaturas: 'Assinaturas' },
  novo: 'Novo Contrato',
  editar: 'Editar Contrato',
  vazio: 'Nenhum contrato encontrado',
  vazioDica: 'Cadastre o primeiro contrato de serviço para faturar todo mês sem digitar de novo.',
  vazioFiltrado: 'Nenhum contrato atende à pesquisa e ao filtro.',
  erroCarregar: 'Erro ao carregar os contratos',
  erroCarregarContrato: 'Erro ao carregar o contrato',
  carregando: 'Carregando contrato...',
  criado: 'Contrato cadastrado com sucesso',
  atualizado: 'Contrato atualizado com sucesso',
  erroSalvar: 'Erro ao salvar o contrato',
  salvar: 'Salvar contrato',
  cancelar: 'Cancelar',
  diaFaturamentoDica: 'Em meses sem esse dia, fatura no último dia',
  itensNaEdicao:
    'Serviços e preços mudam a partir de uma data: use “Novo preço” na página do contrato.',
  novoPreco: 'Novo preço',
  novoPrecoDica: 'Os preços atuais valem até o dia anterior; as faturas já emitidas não mudam.',
  novoPrecoSalvo: 'Novo preço registrado',
  erroNovoPreco: 'Erro ao registrar o novo preço',
  suspender: 'Suspender',
  retomar: 'Retomar',
  cancelarContrato: 'Cancelar contrato',
  imprimir: 'Imprimir contrato',
  erroImprimir: 'Erro ao gerar a impressão do contrato',
  suspenso: 'Contrato suspenso',
  retomado: 'Contrato retomado',
  cancelado: 'Contrato cancelado',
  erroSituacao: 'Erro ao alterar a situação do contrato',
  perguntaSuspender: (numero: number) =>
    `Suspender o contrato Nº ${numero}? Ele não fatura enquanto estiver suspenso.`,
  perguntaRetomar: (numero: number) =>
    `Retomar o contrato Nº ${numero}? Ele volta a faturar a partir do próximo faturamento.`,
  motivo: 'Motivo do cancelamento',
  dataCancelamento: 'Data do cancelamento',
  calculandoMulta: 'Calculando a multa de fidelidade...',
  erroMulta: 'Erro ao calcular a multa de fidelidade',
  faturarHoje: 'Faturar hoje',
  faturarTodos: 'Faturar todos',
  faturar: 'Faturar',
  nadaAFaturar: 'Nada a faturar hoje',
  erroFaturar: 'Erro ao faturar os contratos',
  erroAFaturar: 'Erro ao carregar o que há para faturar',
  indices: 'Índices de reajuste',
  indicesDica:
    'O percentual de cada mês, como publicado. No aniversário do contrato, o reajuste acumula os 12 meses anteriores.',
  indiceSalvo: 'Índice salvo',
  erroSalvarIndice: 'Erro ao salvar o índice',
  indiceExcluido: 'Índice excluído',
  erroExcluirIndice: 'Erro ao excluir o índice',
  semIndices: 'Nenhum índice cadastrado',
} as const;

/** "Contrato Nº 000012", as printed on the contract and its bills. */
export const nomeContrato = (numero: number) => `Contrato Nº ${formatNumeroContrato(numero)}`;

export const periodicidadeLabel = (valor: string) =>
  PERIODICIDADES.find((p) => p.value === valor)?.label ?? valor;

export const indiceLabel = (valor: string | null) =>
  valor === null
    ? 'Sem reajuste'
    : (INDICES_REAJUSTE.find((i) => i.value === valor)?.label ?? valor);

export const corDaSituacao = (situacao: string) =>
  SITUACOES_CONTRATO.find((s) => s.value === situacao)?.cor ?? 'gray';

/** "10/02/2027 a 09/03/2027". */
export const periodoTexto = (inicio: string, fim: string) =>
  `${formatDate(inicio)} a ${formatDate(fim)}`;

const percentual4 = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** A rate with up to 4 decimals: "0,5612%". */
export const formatPercentual = (valor: number) => `${percentual4.format(valor)}%`;

/** "1 mês", "8 meses". */
export const meses = (n: number) => (n === 1 ? '1 mês' : `${n} meses`);

/** "N faturas geradas (R$ X)", after a billing run; reajustes applied said too. */
export function faturasGeradas({ faturas, valor, reajustes }: FaturamentoResultado): string {
  const texto =
    faturas === 1
      ? `1 fatura gerada (${formatMoney(valor)})`
      : `${faturas} faturas geradas (${formatMoney(valor)})`;
  if (reajustes === 0) return texto;
  return `${texto}; ${reajustes === 1 ? '1 reajuste aplicado' : `${reajustes} reajustes aplicados`}`;
}

/**
 * What a cancellation on that day would charge: "Multa de fidelidade: R$ 160,00 (8 meses
 * restantes até 30/06/2027)" or "Sem multa: fora da fidelidade".
 */
export function multaTexto(previa: CancelamentoPrevia): string {
  if (previa.multa > 0) {
    const restantes =
      previa.meses_restantes === 1 ? '1 mês restante' : `${previa.meses_restantes} meses restantes`;
    const ate = previa.fim_fidelidade ? ` até ${formatDate(previa.fim_fidelidade)}` : '';
    return `Multa de fidelidade: ${formatMoney(previa.multa)} (${restantes}${ate})`;
  }
  if (previa.meses_restantes > 0) return 'Sem multa: o contrato não prevê multa de fidelidade';
  return 'Sem multa: fora da fidelidade';
}
