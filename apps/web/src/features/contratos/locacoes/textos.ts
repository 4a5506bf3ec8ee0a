import { formatNumeroLocacao, SITUACOES_LOCACAO } from '@prumo/shared/contratos';
import { formatMoney } from '@prumo/shared/money';

/** What the Locações screens say (pt-BR); the rules' own messages are LOCACAO_MESSAGES. */
export const LOCACAO_TEXTOS = {
  titulo: 'Locações',
  nova: 'Nova Locação',
  editar: 'Editar Locação',
  itens: 'Itens para locação',
  novoItem: 'Novo item',
  editarItem: 'Editar item',
  calendario: 'Calendário',
  vazio: 'Nenhuma locação encontrada',
  vazioDica: 'Cadastre os itens para locação e reserve a primeira locação.',
  vazioFiltrado: 'Nenhuma locação atende à pesquisa e ao filtro.',
  semItens: 'Nenhum item para locação',
  semItensDica: 'Escolha um produto, os preços por dia, semana e mês e as unidades.',
  erroCarregar: 'Erro ao carregar as locações',
  erroCarregarLocacao: 'Erro ao carregar a locação',
  erroCarregarItens: 'Erro ao carregar os itens para locação',
  erroCalendario: 'Erro ao carregar o calendário',
  carregando: 'Carregando locação...',
  criada: 'Locação reservada com sucesso',
  atualizada: 'Locação atualizada com sucesso',
  erroSalvar: 'Erro ao salvar a locação',
  itemSalvo: 'Item para locação salvo',
  erroSalvarItem: 'Erro ao salvar o item para locação',
  salvar: 'Salvar locação',
  retirar: 'Registrar retirada',
  devolver: 'Registrar devolução',
  cancelar: 'Cancelar locação',
  imprimir: 'Imprimir contrato',
  erroImprimir: 'Erro ao gerar o contrato de locação',
  retirada: 'Retirada registrada: as unidades saíram do estoque',
  devolvida: 'Devolução registrada',
  cancelada: 'Locação cancelada',
  erroSituacao: 'Erro ao alterar a situação da locação',
  atrasadas: 'Atrasadas',
  motivo: 'Motivo do cancelamento',
} as const;

/** "Locação Nº 000012". */
export const nomeLocacao = (numero: number) => `Locação Nº ${formatNumeroLocacao(numero)}`;

export const corDaSituacaoLocacao = (situacao: string) =>
  SITUACOES_LOCACAO.find((s) => s.value === situacao)?.cor ?? 'gray';

/** "2 dias", "1 dia". */
export const diasTexto = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** "R$ 60,00/dia · R$ 300,00/semana · R$ 900,00/mês". */
export function precosTexto(p: {
  preco_diaria: number;
  preco_semanal: number | null;
  preco_mensal: number | null;
}): string {
  return [
    `${formatMoney(p.preco_diaria)}/dia`,
    p.preco_semanal === null ? null : `${formatMoney(p.preco_semanal)}/semana`,
    p.preco_mensal === null ? null : `${formatMoney(p.preco_mensal)}/mês`,
  ]
    .filter(Boolean)
    .join(' · ');
}
