import type { RelatorioResposta, RelatorioResumo } from '@prumo/shared/relatorios';

const simples = (id: string, grupo: RelatorioResumo['grupo'], titulo: string): RelatorioResumo => ({
  id,
  grupo,
  titulo,
  definicao: `Definição de ${titulo}.`,
  filtros: ['periodo'],
  colunas: [{ chave: 'nome', titulo: 'Nome', tipo: 'texto' }],
});

export const VENDAS_POR_PRODUTO: RelatorioResumo = {
  id: 'vendas-por-produto',
  grupo: 'Vendas',
  titulo: 'Vendas por produto',
  definicao: 'Vendas finalizadas no período, pelo subtotal das linhas.',
  filtros: ['periodo', 'categoria_id', 'forma_pagamento'],
  colunas: [
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'quantidade', titulo: 'Quantidade', tipo: 'numero', somar: true },
    { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
    { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
    { chave: 'ultima_venda', titulo: 'Última venda', tipo: 'data' },
  ],
};

/** The catalogue out of the areas' order, as a server could send it. */
export const CATALOGO: RelatorioResumo[] = [
  simples('os-por-tecnico', 'Serviços', 'Ordens de serviço por técnico'),
  VENDAS_POR_PRODUTO,
  simples('posicao-estoque', 'Estoque', 'Posição do estoque'),
  simples('inadimplencia', 'Financeiro', 'Inadimplência por idade'),
  { ...simples('vendas-por-periodo', 'Vendas', 'Vendas por período'), filtros: ['agrupar'] },
];

/** A page of Vendas por produto: 250 rows in all, the totals of them all. */
export function paginaVendasPorProduto(params: URLSearchParams): RelatorioResposta {
  const offset = Number(params.get('offset') ?? 0);
  return {
    ...VENDAS_POR_PRODUTO,
    de: params.get('de') ?? '2026-11-01',
    ate: params.get('ate') ?? '2026-11-27',
    linhas: [
      {
        produto: `Furadeira ${offset + 1}`,
        quantidade: 1.5,
        faturamento: 1234.5,
        participacao: 12.5,
        ultima_venda: '2026-11-20',
      },
      {
        produto: `Broca ${offset + 2}`,
        quantidade: 3,
        faturamento: 10,
        participacao: 0.1,
        ultima_venda: null,
      },
    ],
    total: 250,
    totais: { quantidade: 4.5, faturamento: 98765.4, participacao: 100 },
  };
}
