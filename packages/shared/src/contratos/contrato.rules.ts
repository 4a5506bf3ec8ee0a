// Service contracts (issue 31): the situação flow, the reajuste indices and the texts the server
// and the screens share.
import type { Role } from '../auth/auth.constants';
import type { Transicoes } from '../transicoes';
import type { Periodicidade } from './agenda';

export const PERIODICIDADES: ReadonlyArray<{ value: Periodicidade; label: string }> = [
  { value: 'mensal', label: 'Mensal' },
  { value: 'bimestral', label: 'Bimestral' },
  { value: 'trimestral', label: 'Trimestral' },
  { value: 'semestral', label: 'Semestral' },
  { value: 'anual', label: 'Anual' },
];
export const PERIODICIDADE_VALUES = PERIODICIDADES.map((p) => p.value) as [
  Periodicidade,
  ...Periodicidade[],
];

export const SITUACOES_CONTRATO = [
  { value: 'Ativo', cor: 'green' },
  { value: 'Suspenso', cor: 'yellow' },
  { value: 'Cancelado', cor: 'red' },
] as const;
export type SituacaoContrato = (typeof SITUACOES_CONTRATO)[number]['value'];
export const SITUACAO_CONTRATO_VALUES = SITUACOES_CONTRATO.map((s) => s.value) as [
  SituacaoContrato,
  ...SituacaoContrato[],
];

const GESTAO: readonly Role[] = ['admin', 'manager'];

/** The one transition table of a contract: suspended and resumed; cancelled once, for good. */
export const CONTRATO_TRANSICOES: Transicoes<SituacaoContrato> = {
  Ativo: { Suspenso: GESTAO, Cancelado: GESTAO },
  Suspenso: { Ativo: GESTAO, Cancelado: GESTAO },
  Cancelado: {},
};

/** The indices a contract's price follows on its anniversary; `fixo` is a percentage of its own. */
export const INDICES_REAJUSTE = [
  { value: 'IPCA', label: 'IPCA (IBGE)' },
  { value: 'IGPM', label: 'IGP-M (FGV)' },
  { value: 'fixo', label: 'Percentual fixo' },
] as const;
export type IndiceReajuste = (typeof INDICES_REAJUSTE)[number]['value'];
export const INDICE_REAJUSTE_VALUES = INDICES_REAJUSTE.map((i) => i.value) as [
  IndiceReajuste,
  ...IndiceReajuste[],
];
/** The indices whose monthly rates the user keeps in the table. */
export const INDICES_PUBLICADOS = ['IPCA', 'IGPM'] as const;
export type IndicePublicado = (typeof INDICES_PUBLICADOS)[number];

/** "000007": the number as printed on a contract and its bills. */
export const formatNumeroContrato = (numero: number) => String(numero).padStart(6, '0');

export const CONTRATO_LIMIT_PADRAO = 50;
export const CONTRATO_LIMIT_MAX = 200;
export const CONTRATO_ITENS_MAX = 50;

export const CONTRATO_MESSAGES = {
  clienteObrigatorio: 'Selecione o cliente',
  clienteNaoEncontrado: 'Cliente não encontrado',
  servicoNaoEncontrado: 'Serviço não encontrado',
  itensObrigatorios: 'Inclua ao menos um serviço',
  itensMaximo: `No máximo ${CONTRATO_ITENS_MAX} serviços por contrato`,
  quantidadeInvalida: 'A quantidade deve ser maior que zero',
  valorPositivo: 'O valor deve ser maior que zero',
  inicioObrigatorio: 'Informe a data de início',
  vigenciaObrigatoria: 'Informe a partir de quando vale o novo preço',
  fimAntesDoInicio: 'O término deve ser depois do início',
  diaFaturamento: 'O dia de faturamento vai de 1 a 31',
  diasVencimento: 'O vencimento vai de 0 a 90 dias depois do faturamento',
  periodicidade: 'Escolha a periodicidade',
  formaPagamento: 'Escolha a forma de pagamento',
  fidelidade: 'A fidelidade vai de 0 a 60 meses',
  reajustePercentual: 'Informe o percentual fixo do reajuste',
  naoEncontrado: 'Contrato não encontrado',
  faturado:
    'O contrato já tem faturas: início, periodicidade e dia de faturamento não mudam (crie um novo contrato)',
  cancelado: 'Um contrato cancelado não muda',
  vigenciaAntesDaUltimaFatura: (dia: string) =>
    `O novo preço vale a partir de uma data depois da última fatura (${dia})`,
  vigenciaAntesDoPreco: (dia: string) => `O novo preço deve valer depois de ${dia}`,
  motivoCancelamento: 'Informe o motivo do cancelamento (até 500 caracteres)',
  dataCancelamento: 'A data do cancelamento não pode ser antes do início nem depois de hoje',
  indice: 'Escolha o índice (IPCA ou IGP-M)',
  mesIndice: 'Informe o mês no formato aaaa-mm',
  percentualIndice: 'O percentual vai de -50 a 100, com até 4 casas decimais',
  indiceNaoEncontrado: 'Índice não encontrado',
} as const;
