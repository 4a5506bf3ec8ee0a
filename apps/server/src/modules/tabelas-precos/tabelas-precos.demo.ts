import { custoAdicionalInputSchema, tabelaPrecoInputSchema } from '@prumo/shared/precos';
import type { Transaction } from '../../db/database';
import { createCustoAdicional } from '../custos-adicionais/custos-adicionais.repository';
import { margensSugeridas } from '../produtos/produtos.repository';
import { createTabelaPreco } from './tabelas-precos.repository';
import { produtoPrecos } from './tabelas-precos.table';

const CUSTOS = [
  {
    nome: 'Taxa do cartão de crédito',
    descricao: 'Média cobrada pelas maquininhas no crédito à vista',
    tipo: 'percentual',
    valor_percentual: 3.49,
  },
  {
    nome: 'Comissão de representante',
    descricao: 'Paga sobre as vendas de atacado',
    tipo: 'percentual',
    valor_percentual: 5,
  },
  { nome: 'Frete médio por unidade', tipo: 'fixo', valor_fixo: 0.8 },
  { nome: 'Embalagem para presente', tipo: 'fixo', valor_fixo: 1.5 },
] as const;

const TABELAS = [
  {
    nome: 'Varejo Loja',
    descricao: 'Preços do balcão e do caixa',
    tipo: 'varejo',
    margem_padrao: 45,
    custos: ['Taxa do cartão de crédito'],
  },
  {
    nome: 'Atacado Distribuidores',
    descricao: 'Pedidos a partir de 10 caixas',
    tipo: 'atacado',
    margem_padrao: 18,
    custos: ['Comissão de representante', 'Frete médio por unidade'],
  },
  {
    nome: 'Promoção de Aniversário',
    descricao: 'Campanha de aniversário da loja',
    tipo: 'promocional',
    margem_padrao: 20,
    custos: [],
  },
  {
    nome: 'Clientes Especiais',
    descricao: null,
    tipo: 'especial',
    margem_padrao: 30,
    custos: ['Taxa do cartão de crédito', 'Embalagem para presente'],
  },
] as const;

/**
 * Demo price tables and additional costs; every demo product priced in the retail table (at its
 * suggested profit), the first half in the wholesale table and a few in the promotion.
 */
export async function seedDemoTabelasPrecos(tx: Transaction): Promise<void> {
  const custos = new Map<string, number>();
  for (const custo of CUSTOS) {
    custos.set(
      custo.nome,
      (await createCustoAdicional(tx, custoAdicionalInputSchema.parse(custo))).id,
    );
  }
  const tabelas: number[] = [];
  for (const { custos: nomes, ...tabela } of TABELAS) {
    const created = await createTabelaPreco(
      tx,
      tabelaPrecoInputSchema.parse({
        ...tabela,
        custos_adicionais: nomes.map((nome) => custos.get(nome)),
      }),
    );
    tabelas.push(created.id);
  }
  const [varejo, atacado, promocao] = tabelas as [number, number, number];
  const catalogo = await margensSugeridas(tx);
  const linhas = catalogo.flatMap((produto, index) => [
    { produtoId: produto.id, tabelaPrecoId: varejo, margem: produto.lucro },
    ...(index < catalogo.length / 2
      ? [{ produtoId: produto.id, tabelaPrecoId: atacado, margem: 15 + (index % 4) * 2.5 }]
      : []),
    ...(index % 4 === 0
      ? [{ produtoId: produto.id, tabelaPrecoId: promocao, margem: 12, ativo: index % 8 === 0 }]
      : []),
  ]);
  if (linhas.length > 0) await tx.insert(produtoPrecos).values(linhas);
}
