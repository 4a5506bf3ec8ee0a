import type { Contrato, ContratoResumo } from '@prumo/shared/contratos';

/*
 * The contracts the Contratos screens' tests answer with: rows of the list and one contract in
 * full (Maria Souza's IT support, R$ 300,00 a month from 10/01/2026, 12 months of fidelidade).
 */

/** A row of the list; `numero` is also its id unless told. */
export const resumoContrato = (
  numero: number,
  extra: Partial<ContratoResumo> = {},
): ContratoResumo => ({
  id: numero,
  numero,
  cliente_id: 5,
  cliente_nome: `Cliente ${numero}`,
  descricao: `Suporte ${numero}`,
  situacao: 'Ativo',
  periodicidade: 'mensal',
  dia_faturamento: 10,
  inicio: '2026-01-10',
  fim: null,
  valor_ciclo: 300,
  proximo_faturamento: '2026-12-10',
  ...extra,
});

/** Contract 7 in full: two services, eleven bills, 12 months of fidelidade with a 20 % fee. */
export const contrato = (extra: Partial<Contrato> = {}): Contrato => ({
  ...resumoContrato(7, { cliente_nome: 'Maria Souza', descricao: 'Suporte mensal de TI' }),
  dias_vencimento: 5,
  vencimento_dia_util: true,
  forma_pagamento: 'boleto',
  fidelidade_meses: 12,
  multa_fidelidade: 20,
  reajuste_indice: 'IPCA',
  reajuste_percentual: null,
  observacoes: null,
  primeiro_faturamento: '2026-01-10',
  itens: [
    {
      servico_id: 3,
      servico_nome: 'Suporte de TI',
      quantidade: 1,
      valor: 250,
      subtotal: 250,
      vigente_de: '2026-01-10',
      vigente_ate: null,
    },
    {
      servico_id: 4,
      servico_nome: 'Backup em nuvem',
      quantidade: 2,
      valor: 25,
      subtotal: 50,
      vigente_de: '2026-01-10',
      vigente_ate: null,
    },
  ],
  historico_precos: [],
  faturas: [
    {
      id: 11,
      periodo_inicio: '2026-11-10',
      periodo_fim: '2026-12-09',
      vencimento: '2026-11-16',
      valor: 300,
      titulo_id: 81,
      situacao_titulo: 'aberto',
      nfse_id: null,
      nfse_situacao: null,
      created_at: '2026-11-10T09:00:00Z',
    },
  ],
  reajustes: [],
  reajuste_pendente: null,
  suspenso_em: null,
  cancelado_em: null,
  motivo_cancelamento: null,
  multa_cancelamento: null,
  created_at: '2026-01-05T12:00:00Z',
  ...extra,
});
