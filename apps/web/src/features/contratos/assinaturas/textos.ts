import {
  CICLOS_PLANO,
  formatNumeroAssinatura,
  SITUACOES_ASSINATURA,
  type MudancaPlanoPrevia,
  type RenovacaoResultado,
} from '@prumo/shared/contratos';
import { formatMoney } from '@prumo/shared/money';

/** The Assinaturas screens' addresses. */
export const ASSINATURAS_PATH = '/contratos?aba=assinaturas';
export const NOVA_ASSINATURA_PATH = '/contratos/assinaturas/nova';
export const assinaturaPath = (id: number) => `/contratos/assinaturas/${id}`;

/** What the Assinaturas screens say (pt-BR); the rules' own messages are ASSINATURA_MESSAGES. */
export const ASSINATURA_TEXTOS = {
  titulo: 'Assinaturas',
  nova: 'Nova assinatura',
  planos: 'Planos',
  novoPlano: 'Novo plano',
  editarPlano: 'Editar plano',
  planoSalvo: 'Plano salvo',
  erroSalvarPlano: 'Erro ao salvar o plano',
  erroPlanos: 'Erro ao carregar os planos',
  semPlanos: 'Nenhum plano cadastrado',
  semPlanosDica: 'Cadastre um plano para começar a vender assinaturas.',
  cobranca: 'Cobrança',
  cobrancaDica:
    'Uma fatura não paga vira lembrete por e-mail ao cliente (com o servidor de e-mail configurado) e aviso no sino; depois da carência a assinatura fica inadimplente e, passados mais alguns dias, suspensa (não renova). Paga a fatura, volta a ativa na próxima renovação.',
  cobrancaSalva: 'Regras de cobrança salvas',
  erroCobranca: 'Erro ao salvar as regras de cobrança',
  renovar: 'Renovar agora',
  erroRenovar: 'Erro ao renovar as assinaturas',
  vazio: 'Nenhuma assinatura encontrada',
  vazioDica: 'Assine um plano para um cliente: as renovações viram contas a receber sozinhas.',
  vazioFiltrado: 'Nenhuma assinatura atende à pesquisa e ao filtro.',
  erroCarregar: 'Erro ao carregar as assinaturas',
  erroCarregarAssinatura: 'Erro ao carregar a assinatura',
  carregando: 'Carregando assinatura...',
  criada: 'Assinatura criada com sucesso',
  erroSalvar: 'Erro ao salvar a assinatura',
  salvar: 'Assinar',
  mudarPlano: 'Mudar de plano',
  planoMudado: 'Plano alterado',
  erroMudarPlano: 'Erro ao mudar de plano',
  calculando: 'Calculando a proporcionalidade...',
  cancelar: 'Cancelar assinatura',
  cancelada: 'Assinatura cancelada',
  cancelaAoFim: 'A assinatura será cancelada ao fim do período',
  erroCancelar: 'Erro ao cancelar a assinatura',
  semDevolucao: 'Cancelar agora termina hoje: o que já foi cobrado não é devolvido.',
  metricas: 'Métricas',
  erroMetricas: 'Erro ao carregar as métricas',
  faturas: 'Faturas',
  semFaturas: 'Nenhuma fatura ainda',
  mudancas: 'Mudanças de plano',
} as const;

/** "Assinatura Nº 000007". */
export const nomeAssinatura = (numero: number) => `Assinatura Nº ${formatNumeroAssinatura(numero)}`;

export const cicloLabel = (valor: string) =>
  CICLOS_PLANO.find((c) => c.value === valor)?.label ?? valor;

export const corDaSituacaoAssinatura = (situacao: string) =>
  SITUACOES_ASSINATURA.find((s) => s.value === situacao)?.cor ?? 'gray';

/** "R$ 99,90 / mensal". */
export const precoPorCiclo = (valor: number, ciclo: string) =>
  `${formatMoney(valor)} / ${cicloLabel(ciclo).toLowerCase()}`;

/** "12,5%", or a dash without a base. */
export const percentualTexto = (valor: number | null) =>
  valor === null ? '—' : `${valor.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;

/** What a change of plan does, in a line: charged, refunded or nothing. */
export function totalDaMudanca(previa: MudancaPlanoPrevia): string {
  if (previa.em_teste)
    return 'Em teste: nada é cobrado agora; o novo preço vale desde a primeira renovação.';
  if (previa.total > 0) return `A cobrar agora: ${formatMoney(previa.total)} (conta a receber)`;
  if (previa.total < 0)
    return `A devolver ao cliente: ${formatMoney(-previa.total)} (conta a pagar)`;
  return 'Sem diferença a cobrar ou devolver';
}

/** "2 faturas geradas (R$ 180,00); 1 inadimplente", after "Renovar agora". */
export function renovacaoTexto(r: RenovacaoResultado): string {
  const partes = [
    r.faturas === 1
      ? `1 fatura gerada (${formatMoney(r.valor)})`
      : `${r.faturas} faturas geradas (${formatMoney(r.valor)})`,
    r.canceladas > 0 && `${r.canceladas} cancelada(s) ao fim do período`,
    r.inadimplentes > 0 && `${r.inadimplentes} inadimplente(s)`,
    r.suspensas > 0 && `${r.suspensas} suspensa(s)`,
    r.reativadas > 0 && `${r.reativadas} reativada(s)`,
    r.lembretes > 0 && `${r.lembretes} lembrete(s)`,
  ].filter(Boolean);
  return partes.join('; ');
}
