// The Estoque reports, read from the stock ledger (estoque_movimentacoes): a product's
// quantity at a day is its balance today less what moved after that day.
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_MANAGER, ALL_ROLES } from '@prumo/shared/auth';
import { addDaysISO } from '@prumo/shared/dates';
import type { DefinicaoRelatorio, FiltrosLidos } from './relatorios.repository';

/** The products a stock report reads: active ones, of the chosen group. */
const produtosDoFiltro = (f: FiltrosLidos): SQL =>
  sql`p.ativo ${f.categoria_id ? sql`AND p.categoria_id = ${f.categoria_id}` : sql``}`;

/** A movement's quantity with its sign: entradas add, saídas take away. */
const assinada = sql`CASE m.tipo WHEN 'entrada' THEN m.quantidade ELSE -m.quantidade END`;

const posicaoValorizada: DefinicaoRelatorio = {
  id: 'estoque-posicao',
  grupo: 'Estoque',
  titulo: 'Posição e valorização do estoque',
  definicao:
    'Quantidade de cada produto no fim do dia escolhido (o saldo de hoje menos o que se movimentou depois), valorizada pelo custo atual do produto.',
  filtros: ['data', 'categoria_id'],
  colunas: [
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
    { chave: 'unidade', titulo: 'Unidade', tipo: 'texto' },
    { chave: 'quantidade', titulo: 'Quantidade', tipo: 'numero', somar: true },
    { chave: 'custo', titulo: 'Custo unitário', tipo: 'dinheiro' },
    { chave: 'valor', titulo: 'Valor em estoque', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'produto', direcao: 'asc' },
  consulta: (f) => sql`
    SELECT x.produto, x.grupo, x.unidade, x.quantidade, x.custo,
      round(x.quantidade * x.custo, 2) AS valor, x."__ordem"
    FROM (
      SELECT p.nome AS produto, coalesce(g.nome, 'Sem grupo') AS grupo,
        p.unidade_medida AS unidade, p.custo,
        p.estoque - coalesce((SELECT sum(${assinada}) FROM estoque_movimentacoes m
          WHERE m.produto_id = p.id AND m.data > ${f.ate}), 0) AS quantidade,
        lpad(p.id::text, 10, '0') AS "__ordem"
      FROM produtos p LEFT JOIN categorias g ON g.id = p.categoria_id
      WHERE ${produtosDoFiltro(f)}) x
    WHERE x.quantidade <> 0`,
};

const semGiro: DefinicaoRelatorio = {
  id: 'estoque-sem-giro',
  grupo: 'Estoque',
  titulo: 'Produtos sem giro',
  definicao:
    'Produtos com saldo e sem nenhuma saída nos últimos N dias até a data escolhida; "Última saída" em branco: nunca saiu.',
  filtros: ['data', 'dias', 'categoria_id'],
  colunas: [
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
    { chave: 'estoque', titulo: 'Estoque', tipo: 'numero', somar: true },
    { chave: 'ultima_saida', titulo: 'Última saída', tipo: 'data' },
    { chave: 'dias_parado', titulo: 'Dias sem saída', tipo: 'inteiro' },
    { chave: 'valor', titulo: 'Valor parado (custo)', tipo: 'dinheiro', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'valor', direcao: 'desc' },
  consulta: (f) => sql`
    SELECT p.nome AS produto, coalesce(g.nome, 'Sem grupo') AS grupo, p.estoque,
      u.dia::text AS ultima_saida,
      coalesce(${f.ate}::date - u.dia, ${f.ate}::date - (p.created_at AT TIME ZONE 'UTC')::date) AS dias_parado,
      round(p.estoque * p.custo, 2) AS valor, lpad(p.id::text, 10, '0') AS "__ordem"
    FROM produtos p
    LEFT JOIN categorias g ON g.id = p.categoria_id
    LEFT JOIN LATERAL (
      SELECT max(m.data) AS dia FROM estoque_movimentacoes m
      WHERE m.produto_id = p.id AND m.tipo = 'saida' AND m.data <= ${f.ate}) u ON true
    WHERE ${produtosDoFiltro(f)} AND p.estoque > 0
      AND (u.dia IS NULL OR u.dia <= ${addDaysISO(f.ate, -f.dias)})`,
};

const abaixoDoMinimo: DefinicaoRelatorio = {
  id: 'estoque-abaixo-minimo',
  grupo: 'Estoque',
  titulo: 'Produtos abaixo do mínimo',
  definicao:
    'Produtos cujo saldo de hoje está abaixo do estoque mínimo cadastrado; reposição = o que falta × custo atual.',
  filtros: ['categoria_id'],
  colunas: [
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
    { chave: 'estoque', titulo: 'Estoque', tipo: 'numero' },
    { chave: 'minimo', titulo: 'Mínimo', tipo: 'numero' },
    { chave: 'falta', titulo: 'Falta', tipo: 'numero', somar: true },
    { chave: 'reposicao', titulo: 'Custo da reposição', tipo: 'dinheiro', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'falta', direcao: 'desc' },
  consulta: (f) => sql`
    SELECT p.nome AS produto, coalesce(g.nome, 'Sem grupo') AS grupo, p.estoque,
      p.estoque_minimo AS minimo, p.estoque_minimo - p.estoque AS falta,
      round((p.estoque_minimo - p.estoque) * p.custo, 2) AS reposicao,
      lpad(p.id::text, 10, '0') AS "__ordem"
    FROM produtos p LEFT JOIN categorias g ON g.id = p.categoria_id
    WHERE ${produtosDoFiltro(f)} AND p.estoque < p.estoque_minimo`,
};

const movimentacoes: DefinicaoRelatorio = {
  id: 'estoque-movimentacoes',
  grupo: 'Estoque',
  titulo: 'Movimentações por produto',
  definicao:
    'Cada entrada e saída do período no livro de estoque, com sua origem (venda, ordem de serviço, compra, devolução ou lançamento manual).',
  filtros: ['periodo', 'categoria_id'],
  colunas: [
    { chave: 'data', titulo: 'Data', tipo: 'data' },
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'tipo', titulo: 'Tipo', tipo: 'texto' },
    { chave: 'entrada', titulo: 'Entrada', tipo: 'numero', somar: true },
    { chave: 'saida', titulo: 'Saída', tipo: 'numero', somar: true },
    { chave: 'origem', titulo: 'Origem', tipo: 'texto' },
    { chave: 'motivo', titulo: 'Motivo', tipo: 'texto' },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'data', direcao: 'asc' },
  consulta: (f) => sql`
    SELECT m.data::text AS data, p.nome AS produto,
      CASE m.tipo WHEN 'entrada' THEN 'Entrada' ELSE 'Saída' END AS tipo,
      CASE m.tipo WHEN 'entrada' THEN m.quantidade ELSE 0 END AS entrada,
      CASE m.tipo WHEN 'saida' THEN m.quantidade ELSE 0 END AS saida,
      CASE
        WHEN m.venda_id IS NOT NULL THEN 'Venda Nº ' || lpad(v.numero::text, 6, '0')
        WHEN m.ordem_servico_id IS NOT NULL THEN 'Ordem de serviço'
        WHEN m.entrada_nfe_id IS NOT NULL THEN 'Compra (XML)'
        WHEN m.devolucao_id IS NOT NULL THEN 'Devolução'
        ELSE 'Manual' END AS origem,
      m.motivo, lpad(m.id::text, 12, '0') AS "__ordem"
    FROM estoque_movimentacoes m
    JOIN produtos p ON p.id = m.produto_id
    LEFT JOIN vendas v ON v.id = m.venda_id
    WHERE m.data BETWEEN ${f.de} AND ${f.ate}
      ${f.categoria_id ? sql`AND p.categoria_id = ${f.categoria_id}` : sql``}`,
};

export const RELATORIOS_DE_ESTOQUE: readonly DefinicaoRelatorio[] = [
  posicaoValorizada,
  semGiro,
  abaixoDoMinimo,
  movimentacoes,
];
