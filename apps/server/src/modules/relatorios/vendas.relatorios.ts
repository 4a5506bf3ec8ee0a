// The Vendas reports. A sale counts when it is a product sale (pedido or balcão) Finalizada,
// on the day it was finalized in the company's time zone; a cancelled one leaves every report.
import { sql, type SQL } from 'drizzle-orm';
import { ALL_ROLES, ADMIN_MANAGER } from '@prumo/shared/auth';
import { addDaysISO } from '@prumo/shared/dates';
import { FORMAS_PAGAMENTO } from '@prumo/shared/vendas';
import { inicioDoDia } from '../../db/sql-helpers';
import type { ContextoRelatorio, DefinicaoRelatorio, FiltrosLidos } from './relatorios.repository';
import { inicioDoPeriodo, participacao, periodos, rotuloDe } from './relatorios.sql';

const VENDA_CONTA =
  'Vendas de produtos (pedido e balcão) finalizadas no período, pela data de finalização';

/** The sales a report reads: finalized product sales of the period and the sale-level filters. */
function vendasDoPeriodo(f: FiltrosLidos, { timeZone }: ContextoRelatorio): SQL {
  return sql`SELECT v.* FROM vendas v
    WHERE v.tipo IN ('produto', 'balcao') AND v.status = 'Finalizada'
      AND v.finalizada_em >= ${inicioDoDia(f.de, timeZone)}
      AND v.finalizada_em < ${inicioDoDia(addDaysISO(f.ate, 1), timeZone)}
      ${f.vendedor_id ? sql`AND v.vendedor_id = ${f.vendedor_id}` : sql``}
      ${f.cliente_id ? sql`AND v.cliente_id = ${f.cliente_id}` : sql``}
      ${
        f.forma_pagamento
          ? sql`AND EXISTS (SELECT 1 FROM venda_pagamentos p WHERE p.venda_id = v.id AND p.forma = ${f.forma_pagamento})`
          : sql``
      }`;
}

/** The lines of those sales, with their product's group (the group filter applies here). */
function linhasDoPeriodo(f: FiltrosLidos, contexto: ContextoRelatorio): SQL {
  return sql`SELECT i.*, v.cliente_id, v.cliente_nome, pr.categoria_id, pr.nome AS produto_atual
    FROM (${vendasDoPeriodo(f, contexto)}) v
    JOIN venda_itens i ON i.venda_id = v.id
    LEFT JOIN produtos pr ON pr.id = i.produto_id
    ${f.categoria_id ? sql`WHERE pr.categoria_id = ${f.categoria_id}` : sql``}`;
}

/** A payment method's label ("Cartão de Crédito") from its stored value. */
const rotuloDaForma = (forma: SQL) => rotuloDe(FORMAS_PAGAMENTO, forma);

const vendasPorPeriodo: DefinicaoRelatorio = {
  id: 'vendas-por-periodo',
  grupo: 'Vendas',
  titulo: 'Vendas por período',
  definicao: `${VENDA_CONTA}, por dia, semana (segunda a domingo) ou mês; períodos sem vendas aparecem zerados. Margem bruta: o valor bruto menos o custo das linhas gravado na venda.`,
  filtros: ['periodo', 'agrupar', 'vendedor_id', 'cliente_id', 'forma_pagamento'],
  colunas: [
    { chave: 'periodo', titulo: 'Período', tipo: 'texto' },
    { chave: 'vendas', titulo: 'Vendas', tipo: 'inteiro', somar: true },
    { chave: 'bruto', titulo: 'Valor bruto', tipo: 'dinheiro', somar: true },
    { chave: 'descontos', titulo: 'Descontos', tipo: 'dinheiro', somar: true },
    { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
    { chave: 'ticket_medio', titulo: 'Ticket médio', tipo: 'dinheiro' },
    { chave: 'custo', titulo: 'Custo', tipo: 'dinheiro', somar: true },
    { chave: 'margem', titulo: 'Margem bruta', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'periodo', direcao: 'asc' },
  ordenarPor: { periodo: '__ordem' },
  consulta: (f, contexto) => sql`
    WITH b AS (
      SELECT ${inicioDoPeriodo(f, sql`v.finalizada_em AT TIME ZONE ${contexto.timeZone}`)} AS inicio,
        count(*) AS vendas, sum(v.valor_total) AS bruto, sum(v.desconto) AS descontos,
        sum(v.valor_final) AS faturamento, sum(v.custo_total) AS custo
      FROM (${vendasDoPeriodo(f, contexto)}) v GROUP BY 1)
    SELECT p.periodo, coalesce(b.vendas, 0) AS vendas, coalesce(b.bruto, 0) AS bruto,
      coalesce(b.descontos, 0) AS descontos, coalesce(b.faturamento, 0) AS faturamento,
      coalesce(round(b.faturamento / nullif(b.vendas, 0), 2), 0) AS ticket_medio,
      coalesce(b.custo, 0) AS custo, coalesce(b.bruto - b.custo, 0) AS margem, p."__ordem"
    FROM (${periodos(f)}) p LEFT JOIN b ON b.inicio = p.s`,
};

/** A report of the sales grouped by one key (seller, customer): count, revenue, ticket, share. */
function vendasAgrupadas(
  f: FiltrosLidos,
  contexto: ContextoRelatorio,
  chave: SQL,
  nome: SQL,
  juncao: SQL,
): SQL {
  return sql`SELECT ${nome} AS nome, count(*) AS vendas, sum(v.valor_final) AS faturamento,
      round(sum(v.valor_final) / count(*), 2) AS ticket_medio,
      ${participacao(sql`sum(v.valor_final)`)} AS participacao,
      max(v.finalizada_em AT TIME ZONE ${contexto.timeZone})::date::text AS ultima_venda,
      lpad(${chave}::text, 10, '0') AS "__ordem"
    FROM (${vendasDoPeriodo(f, contexto)}) v ${juncao}
    GROUP BY ${chave}, ${nome}`;
}

const colunasAgrupadas = (nome: string): DefinicaoRelatorio['colunas'] => [
  { chave: 'nome', titulo: nome, tipo: 'texto' },
  { chave: 'vendas', titulo: 'Vendas', tipo: 'inteiro', somar: true },
  { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
  { chave: 'ticket_medio', titulo: 'Ticket médio', tipo: 'dinheiro' },
  { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
  { chave: 'ultima_venda', titulo: 'Última venda', tipo: 'data' },
];

const vendasPorVendedor: DefinicaoRelatorio = {
  id: 'vendas-por-vendedor',
  grupo: 'Vendas',
  titulo: 'Vendas por vendedor',
  definicao: `${VENDA_CONTA}, pelo vendedor de cada venda; participação no faturamento do filtro.`,
  filtros: ['periodo', 'cliente_id', 'forma_pagamento'],
  colunas: colunasAgrupadas('Vendedor'),
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'faturamento', direcao: 'desc' },
  consulta: (f, contexto) =>
    vendasAgrupadas(
      f,
      contexto,
      sql`coalesce(v.vendedor_id, 0)`,
      sql`coalesce(u.nome, 'Sem vendedor')`,
      sql`LEFT JOIN usuarios u ON u.id = v.vendedor_id`,
    ),
};

const vendasPorCliente: DefinicaoRelatorio = {
  id: 'vendas-por-cliente',
  grupo: 'Vendas',
  titulo: 'Vendas por cliente',
  definicao: `${VENDA_CONTA}, pelo cliente de cada venda (sem cadastro: consumidor não identificado).`,
  filtros: ['periodo', 'vendedor_id', 'forma_pagamento'],
  colunas: colunasAgrupadas('Cliente'),
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'faturamento', direcao: 'desc' },
  consulta: (f, contexto) =>
    vendasAgrupadas(
      f,
      contexto,
      sql`coalesce(v.cliente_id, 0)`,
      sql`coalesce(c.nome, 'Consumidor não identificado')`,
      sql`LEFT JOIN cadastros c ON c.id = v.cliente_id`,
    ),
};

const vendasPorProduto: DefinicaoRelatorio = {
  id: 'vendas-por-produto',
  grupo: 'Vendas',
  titulo: 'Vendas por produto',
  definicao: `${VENDA_CONTA}; faturamento pelo subtotal das linhas (antes do desconto da venda), custo pela quantidade × custo gravado em cada linha da venda, ao centavo.`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id', 'categoria_id', 'forma_pagamento'],
  colunas: [
    { chave: 'produto', titulo: 'Produto', tipo: 'texto' },
    { chave: 'grupo', titulo: 'Grupo', tipo: 'texto' },
    { chave: 'quantidade', titulo: 'Quantidade', tipo: 'numero', somar: true },
    { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
    { chave: 'custo', titulo: 'Custo', tipo: 'dinheiro', somar: true },
    { chave: 'margem', titulo: 'Margem bruta', tipo: 'dinheiro', somar: true },
    { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'faturamento', direcao: 'desc' },
  consulta: (f, contexto) => sql`
    SELECT coalesce(max(l.produto_atual), max(l.produto_nome)) AS produto,
      coalesce(max(g.nome), 'Sem grupo') AS grupo, sum(l.quantidade) AS quantidade,
      sum(l.subtotal) AS faturamento, sum(round(l.quantidade * l.custo_unitario, 2)) AS custo,
      sum(l.subtotal) - sum(round(l.quantidade * l.custo_unitario, 2)) AS margem,
      ${participacao(sql`sum(l.subtotal)`)} AS participacao,
      lpad(l.produto_id::text, 10, '0') AS "__ordem"
    FROM (${linhasDoPeriodo(f, contexto)}) l LEFT JOIN categorias g ON g.id = l.categoria_id
    GROUP BY l.produto_id`,
};

const vendasPorFormaPagamento: DefinicaoRelatorio = {
  id: 'vendas-por-forma-pagamento',
  grupo: 'Vendas',
  titulo: 'Vendas por forma de pagamento',
  definicao: `${VENDA_CONTA}; o valor de cada forma é o que ela pagou, menos o troco no dinheiro.`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id'],
  colunas: [
    { chave: 'forma', titulo: 'Forma de pagamento', tipo: 'texto' },
    { chave: 'vendas', titulo: 'Vendas', tipo: 'inteiro' },
    { chave: 'valor', titulo: 'Valor', tipo: 'dinheiro', somar: true },
    { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'valor', direcao: 'desc' },
  consulta: (f, contexto) => sql`
    WITH pagos AS (
      SELECT p.forma, v.id AS venda_id,
        sum(p.valor) - CASE WHEN p.forma = 'dinheiro' THEN max(v.troco) ELSE 0 END AS valor
      FROM (${vendasDoPeriodo({ ...f, forma_pagamento: undefined }, contexto)}) v
      JOIN venda_pagamentos p ON p.venda_id = v.id
      GROUP BY p.forma, v.id)
    SELECT ${rotuloDaForma(sql`pagos.forma`)} AS forma, count(*) AS vendas,
      sum(pagos.valor) AS valor, ${participacao(sql`sum(pagos.valor)`)} AS participacao,
      pagos.forma AS "__ordem"
    FROM pagos GROUP BY pagos.forma`,
};

/**
 * Curva ABC by share of revenue: items in descending revenue; class A while the revenue before
 * an item is under abc_a % of the whole (the item that crosses the limit stays in A), B under
 * abc_b %, C the rest.
 */
function curvaAbc(base: SQL, f: FiltrosLidos): SQL {
  return sql`WITH base AS (${base}),
    acumulada AS (
      SELECT base.*, sum(valor) OVER () AS total,
        sum(valor) OVER (ORDER BY valor DESC, chave ROWS UNBOUNDED PRECEDING) AS acumulado,
        row_number() OVER (ORDER BY valor DESC, chave) AS posicao
      FROM base)
    SELECT posicao, nome, valor AS faturamento,
      coalesce(round(100 * valor / nullif(total, 0), 2), 0) AS participacao,
      coalesce(round(100 * acumulado / nullif(total, 0), 2), 0) AS acumulado,
      CASE WHEN (acumulado - valor) * 100 < total * ${f.abc_a} THEN 'A'
        WHEN (acumulado - valor) * 100 < total * ${f.abc_b} THEN 'B' ELSE 'C' END AS classe,
      lpad(posicao::text, 10, '0') AS "__ordem"
    FROM acumulada`;
}

const colunasAbc = (nome: string): DefinicaoRelatorio['colunas'] => [
  { chave: 'posicao', titulo: 'Posição', tipo: 'inteiro' },
  { chave: 'nome', titulo: nome, tipo: 'texto' },
  { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
  { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
  { chave: 'acumulado', titulo: 'Acumulado', tipo: 'percentual' },
  { chave: 'classe', titulo: 'Classe', tipo: 'texto' },
];

const DEFINICAO_ABC =
  'classe A: os primeiros itens até o limite A do faturamento (o item que cruza o limite fica em A); B até o limite B; C o restante.';

const curvaAbcProdutos: DefinicaoRelatorio = {
  id: 'curva-abc-produtos',
  grupo: 'Vendas',
  titulo: 'Curva ABC de produtos',
  definicao: `${VENDA_CONTA}, pelo subtotal das linhas; ${DEFINICAO_ABC}`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id', 'categoria_id', 'limites_abc'],
  colunas: colunasAbc('Produto'),
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'posicao', direcao: 'asc' },
  consulta: (f, contexto) =>
    curvaAbc(
      sql`SELECT l.produto_id AS chave, coalesce(max(l.produto_atual), max(l.produto_nome)) AS nome,
        sum(l.subtotal) AS valor
      FROM (${linhasDoPeriodo(f, contexto)}) l GROUP BY l.produto_id`,
      f,
    ),
};

const curvaAbcClientes: DefinicaoRelatorio = {
  id: 'curva-abc-clientes',
  grupo: 'Vendas',
  titulo: 'Curva ABC de clientes',
  definicao: `${VENDA_CONTA}, pelo valor final de cada venda; ${DEFINICAO_ABC}`,
  filtros: ['periodo', 'vendedor_id', 'forma_pagamento', 'limites_abc'],
  colunas: colunasAbc('Cliente'),
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'posicao', direcao: 'asc' },
  consulta: (f, contexto) =>
    curvaAbc(
      sql`SELECT coalesce(v.cliente_id, 0) AS chave,
        coalesce(max(c.nome), 'Consumidor não identificado') AS nome, sum(v.valor_final) AS valor
      FROM (${vendasDoPeriodo(f, contexto)}) v LEFT JOIN cadastros c ON c.id = v.cliente_id
      GROUP BY coalesce(v.cliente_id, 0)`,
      f,
    ),
};

const vendasLista: DefinicaoRelatorio = {
  id: 'vendas-lista',
  grupo: 'Vendas',
  titulo: 'Vendas do período (lista)',
  definicao: `${VENDA_CONTA}, uma linha por venda.`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id', 'forma_pagamento'],
  colunas: [
    { chave: 'numero', titulo: 'Nº', tipo: 'inteiro' },
    { chave: 'data', titulo: 'Data', tipo: 'data' },
    { chave: 'cliente', titulo: 'Cliente', tipo: 'texto' },
    { chave: 'vendedor', titulo: 'Vendedor', tipo: 'texto' },
    { chave: 'forma', titulo: 'Forma de pagamento', tipo: 'texto' },
    { chave: 'bruto', titulo: 'Valor bruto', tipo: 'dinheiro', somar: true },
    { chave: 'desconto', titulo: 'Desconto', tipo: 'dinheiro', somar: true },
    { chave: 'faturamento', titulo: 'Valor final', tipo: 'dinheiro', somar: true },
  ],
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'data', direcao: 'asc' },
  ordenarPor: { data: 'finalizada_em' },
  consulta: (f, contexto) => sql`
    SELECT v.numero, (v.finalizada_em AT TIME ZONE ${contexto.timeZone})::date::text AS data,
      v.finalizada_em, coalesce(c.nome, v.cliente_nome, 'Consumidor não identificado') AS cliente,
      coalesce(u.nome, 'Sem vendedor') AS vendedor, ${rotuloDaForma(sql`v.forma_pagamento`)} AS forma,
      v.valor_total AS bruto, v.desconto, v.valor_final AS faturamento,
      lpad(v.id::text, 10, '0') AS "__ordem"
    FROM (${vendasDoPeriodo(f, contexto)}) v
    LEFT JOIN cadastros c ON c.id = v.cliente_id
    LEFT JOIN usuarios u ON u.id = v.vendedor_id`,
};

const DIAS_DA_SEMANA = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'];

/** Sales counted by a part of their local time (weekday 1–7, hour 0–23), every value listed. */
function vendasPorParte(
  f: FiltrosLidos,
  contexto: ContextoRelatorio,
  parte: 'isodow' | 'hour',
  valores: SQL,
  rotulo: SQL,
): SQL {
  return sql`
    WITH b AS (
      SELECT extract(${sql.raw(parte)} FROM v.finalizada_em AT TIME ZONE ${contexto.timeZone})::int AS parte,
        count(*) AS vendas, sum(v.valor_final) AS faturamento
      FROM (${vendasDoPeriodo(f, contexto)}) v GROUP BY 1)
    SELECT ${rotulo} AS rotulo, coalesce(b.vendas, 0) AS vendas, coalesce(b.faturamento, 0) AS faturamento,
      coalesce(round(b.faturamento / nullif(b.vendas, 0), 2), 0) AS ticket_medio,
      ${participacao(sql`coalesce(b.faturamento, 0)`)} AS participacao, lpad(x::text, 2, '0') AS "__ordem"
    FROM ${valores} x LEFT JOIN b ON b.parte = x`;
}

const colunasPorParte = (rotulo: string): DefinicaoRelatorio['colunas'] => [
  { chave: 'rotulo', titulo: rotulo, tipo: 'texto' },
  { chave: 'vendas', titulo: 'Vendas', tipo: 'inteiro', somar: true },
  { chave: 'faturamento', titulo: 'Faturamento', tipo: 'dinheiro', somar: true },
  { chave: 'ticket_medio', titulo: 'Ticket médio', tipo: 'dinheiro' },
  { chave: 'participacao', titulo: 'Participação', tipo: 'percentual', somar: true },
];

const vendasPorDiaDaSemana: DefinicaoRelatorio = {
  id: 'vendas-por-dia-da-semana',
  grupo: 'Vendas',
  titulo: 'Vendas por dia da semana',
  definicao: `${VENDA_CONTA}, pelo dia da semana da finalização no fuso da empresa.`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id', 'forma_pagamento'],
  colunas: colunasPorParte('Dia da semana'),
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'rotulo', direcao: 'asc' },
  ordenarPor: { rotulo: '__ordem' },
  consulta: (f, contexto) =>
    vendasPorParte(
      f,
      contexto,
      'isodow',
      sql`generate_series(1, 7)`,
      sql`(ARRAY[${sql.join(
        DIAS_DA_SEMANA.map((d) => sql`${d}`),
        sql`, `,
      )}]::text[])[x]`,
    ),
};

const vendasPorHora: DefinicaoRelatorio = {
  id: 'vendas-por-hora',
  grupo: 'Vendas',
  titulo: 'Vendas por hora do dia',
  definicao: `${VENDA_CONTA}, pela hora da finalização no fuso da empresa.`,
  filtros: ['periodo', 'vendedor_id', 'cliente_id', 'forma_pagamento'],
  colunas: colunasPorParte('Hora'),
  papeis: ALL_ROLES,
  ordemPadrao: { chave: 'rotulo', direcao: 'asc' },
  ordenarPor: { rotulo: '__ordem' },
  consulta: (f, contexto) =>
    vendasPorParte(
      f,
      contexto,
      'hour',
      sql`generate_series(0, 23)`,
      sql`lpad(x::text, 2, '0') || 'h'`,
    ),
};

/**
 * Every commissioned line of the period: a product sale's lines (its seller a user), a
 * concluded service order's products and services (its seller an employee) and a concluded
 * appointment (its professional). The rate is the product's or service's when above zero,
 * else the employee's own (a user has none); the base is the line's subtotal.
 */
function linhasComissionadas(f: FiltrosLidos, contexto: ContextoRelatorio): SQL {
  const periodo = (coluna: SQL) =>
    sql`${coluna} >= ${inicioDoDia(f.de, contexto.timeZone)} AND ${coluna} < ${inicioDoDia(addDaysISO(f.ate, 1), contexto.timeZone)}`;
  const taxa = (doItem: SQL, doFuncionario: SQL) =>
    sql`CASE WHEN ${doItem} > 0 THEN ${doItem} ELSE coalesce(${doFuncionario}, 0) END`;
  return sql`
    SELECT 'u' || v.vendedor_id AS vendedor_chave, coalesce(u.nome, 'Sem vendedor') AS vendedor,
      'Venda Nº ' || lpad(v.numero::text, 6, '0') AS documento, v.finalizada_em AS quando,
      i.subtotal AS base, ${taxa(sql`pr.comissao`, sql`NULL::numeric`)} AS taxa, 'v' || i.id AS linha
    FROM (${vendasDoPeriodo(f, contexto)}) v
    JOIN venda_itens i ON i.venda_id = v.id
    JOIN produtos pr ON pr.id = i.produto_id
    LEFT JOIN usuarios u ON u.id = v.vendedor_id
    UNION ALL
    SELECT 'c' || o.vendedor_id, coalesce(fu.nome, 'Sem vendedor'),
      'OS Nº ' || lpad(o.numero::text, 6, '0'), o.concluida_em, l.subtotal,
      ${taxa(sql`l.comissao`, sql`fu.comissao`)}, l.linha
    FROM ordens_servico o
    JOIN (
      SELECT x.ordem_servico_id, x.subtotal, pr.comissao, 'op' || x.id AS linha
      FROM ordem_servico_produtos x JOIN produtos pr ON pr.id = x.produto_id
      UNION ALL
      SELECT x.ordem_servico_id, x.subtotal, sv.comissao, 'os' || x.id
      FROM ordem_servico_servicos x JOIN servicos sv ON sv.id = x.servico_id
    ) l ON l.ordem_servico_id = o.id
    LEFT JOIN cadastros fu ON fu.id = o.vendedor_id
    WHERE o.situacao IN ('concluida', 'entregue') AND ${periodo(sql`o.concluida_em`)}
    UNION ALL
    SELECT 'c' || a.profissional_id, coalesce(fu.nome, 'Sem profissional'),
      'Agendamento Nº ' || lpad(a.numero::text, 6, '0'), a.concluido_em, a.valor_final,
      ${taxa(sql`sv.comissao`, sql`fu.comissao`)}, 'a' || a.id
    FROM vendas a
    JOIN servicos sv ON sv.id = a.servico_id
    LEFT JOIN cadastros fu ON fu.id = a.profissional_id
    WHERE a.tipo = 'servico' AND a.status = 'Concluído' AND ${periodo(sql`a.concluido_em`)}
      ${f.vendedor_id ? sql`AND false` : sql``}`;
}

const DEFINICAO_COMISSAO =
  'Vendas de produtos finalizadas, ordens de serviço e agendamentos concluídos no período; comissão de cada linha = subtotal × a taxa do produto ou serviço, ou, quando ela é zero, a do funcionário.';

const comissoesPorVendedor: DefinicaoRelatorio = {
  id: 'comissoes-por-vendedor',
  grupo: 'Vendas',
  titulo: 'Comissões por vendedor',
  definicao: DEFINICAO_COMISSAO,
  filtros: ['periodo'],
  colunas: [
    { chave: 'vendedor', titulo: 'Vendedor / profissional', tipo: 'texto' },
    { chave: 'documentos', titulo: 'Documentos', tipo: 'inteiro', somar: true },
    { chave: 'base', titulo: 'Base de cálculo', tipo: 'dinheiro', somar: true },
    { chave: 'comissao', titulo: 'Comissão', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'comissao', direcao: 'desc' },
  consulta: (f, contexto) => sql`
    SELECT max(l.vendedor) AS vendedor, count(DISTINCT l.documento) AS documentos,
      sum(l.base) AS base, sum(round(l.base * l.taxa / 100, 2)) AS comissao,
      coalesce(l.vendedor_chave, '') AS "__ordem"
    FROM (${linhasComissionadas(f, contexto)}) l GROUP BY l.vendedor_chave`,
};

const comissoesDetalhadas: DefinicaoRelatorio = {
  id: 'comissoes-detalhadas',
  grupo: 'Vendas',
  titulo: 'Comissões: documentos de cada vendedor',
  definicao: `${DEFINICAO_COMISSAO} Uma linha por documento: as vendas por trás de cada comissão.`,
  filtros: ['periodo'],
  colunas: [
    { chave: 'vendedor', titulo: 'Vendedor / profissional', tipo: 'texto' },
    { chave: 'documento', titulo: 'Documento', tipo: 'texto' },
    { chave: 'data', titulo: 'Data', tipo: 'data' },
    { chave: 'base', titulo: 'Base de cálculo', tipo: 'dinheiro', somar: true },
    { chave: 'comissao', titulo: 'Comissão', tipo: 'dinheiro', somar: true },
  ],
  papeis: ADMIN_MANAGER,
  ordemPadrao: { chave: 'vendedor', direcao: 'asc' },
  consulta: (f, contexto) => sql`
    SELECT max(l.vendedor) AS vendedor, l.documento,
      (max(l.quando) AT TIME ZONE ${contexto.timeZone})::date::text AS data,
      sum(l.base) AS base, sum(round(l.base * l.taxa / 100, 2)) AS comissao,
      coalesce(l.vendedor_chave, '') || '|' || l.documento AS "__ordem"
    FROM (${linhasComissionadas(f, contexto)}) l GROUP BY l.vendedor_chave, l.documento`,
};

export const RELATORIOS_DE_VENDAS: readonly DefinicaoRelatorio[] = [
  vendasPorPeriodo,
  vendasPorVendedor,
  vendasPorProduto,
  vendasPorCliente,
  vendasPorFormaPagamento,
  vendasPorDiaDaSemana,
  vendasPorHora,
  curvaAbcProdutos,
  curvaAbcClientes,
  comissoesPorVendedor,
  comissoesDetalhadas,
  vendasLista,
];
