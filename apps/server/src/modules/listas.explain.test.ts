import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CadastroListQuery } from '@prumo/shared/cadastros';
import type { MovimentacaoListQuery } from '@prumo/shared/estoque';
import type { TituloListQuery } from '@prumo/shared/financeiro';
import type { OrcamentoListQuery } from '@prumo/shared/orcamentos';
import type { OrdemServicoListQuery } from '@prumo/shared/ordens-servico';
import type { VendaListQuery } from '@prumo/shared/vendas';
import { selectRows } from '../db/sql-helpers';
import { createTestContext, type TestContext } from '../test/test-app';
import { listCadastrosSql } from './cadastros/cadastros.repository';
import { listMovimentacoesSql } from './estoque/estoque.repository';
import { listTitulosSql } from './financeiro/financeiro.repository';
import { listOrcamentosSql } from './orcamentos/orcamentos.repository';
import { listOrdensSql } from './ordens-servico/ordens-servico.repository';
import { listVendasSql } from './vendas/vendas.repository';

/*
 * Issue 17: every search, filter and sort of the big lists is served by an index. Each list's
 * table gets a shop's worth of rows (set-based, audit triggers off), then the plan of the very
 * statement the API runs (the repositories' …Sql builders) is read with EXPLAIN, on PGlite and
 * on PostgreSQL. GET /api/produtos has its own such test (produtos.lista.test.ts).
 *
 * Where the planner rightly prefers another plan (a filter that matches most rows, an order by
 * a computed value no index can hold), the case says so and asserts nothing about it.
 */

let ctx: TestContext;

const VENDAS = 20_000;
const CADASTROS = 10_000;
const ORDENS = 10_000;
const ORCAMENTOS = 10_000;
const MOVIMENTACOES = 10_000;
const TITULOS = 5_000;

/** Names with accents, so the searches below go through normalize_search(). */
const NOMES = `ARRAY['João', 'Márcia', 'Zé', 'Ângela', 'Otávio', 'Luís', 'Conceição', 'Érica']`;
const SOBRENOMES = `ARRAY['Silva', 'Araújo', 'Gonçalves', 'Ribeiro', 'Simões']`;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  await db.transaction(async (tx) => {
    // No audit rows (nor any other trigger) for the bulk load.
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(
      sql.raw(`
      INSERT INTO cadastros (tipo, nome, email, telefone)
      SELECT (ARRAY['cliente', 'cliente', 'cliente', 'cliente', 'cliente', 'cliente', 'fornecedor',
                    'fornecedor', 'funcionario', 'transportadora'])[1 + i % 10],
             (${NOMES})[1 + i % 8] || ' ' || (${SOBRENOMES})[1 + i % 5] || ' ' || i,
             'pessoa' || i || '@exemplo.com.br', '11' || lpad(i::text, 8, '0')
      FROM generate_series(1, ${CADASTROS}) AS i`),
    );
    await tx.execute(
      sql.raw(`
      INSERT INTO vendas (tipo, status, cliente_nome, forma_pagamento, valor_total, valor_final,
                          data_venda, finalizada_em)
      SELECT CASE WHEN i % 3 = 0 THEN 'balcao' ELSE 'produto' END,
             CASE WHEN i % 33 = 0 THEN 'Cancelada' WHEN i % 15 = 0 THEN 'Pendente'
                  ELSE 'Finalizada' END,
             (${NOMES})[1 + i % 8] || ' ' || (${SOBRENOMES})[1 + i % 5] || ' ' || i,
             'dinheiro', 10 + i % 1000, 10 + i % 1000,
             now() - i * interval '50 minutes', now() - i * interval '50 minutes'
      FROM generate_series(1, ${VENDAS}) AS i`),
    );
    await tx.execute(
      sql.raw(`
      WITH clientes AS (SELECT array_agg(id ORDER BY id) AS ids FROM cadastros WHERE tipo = 'cliente')
      INSERT INTO ordens_servico (cliente_id, situacao, prioridade, data_entrada, prazo,
                                  equipamento, valor_total)
      SELECT clientes.ids[1 + i % array_length(clientes.ids, 1)],
             (ARRAY['entregue', 'entregue', 'entregue', 'entregue', 'entregue', 'entregue',
                    'concluida', 'em-andamento', 'em-aberto', 'cancelada'])[1 + i % 10],
             (ARRAY['media', 'media', 'media', 'baixa', 'alta', 'urgente', 'muito-urgente'])[1 + i % 7],
             now() - i * interval '2 hours',
             CASE WHEN i % 4 = 0 THEN NULL ELSE (current_date - i / 12 + 7) END,
             (ARRAY['Notebook', 'Impressora', 'Celular', 'Geladeira', 'Máquina de lavar'])[1 + i % 5]
               || ' ' || (ARRAY['Dell', 'Samsung', 'Brastemp', 'Epson'])[1 + i % 4] || ' ' || i,
             i % 2000
      FROM generate_series(1, ${ORDENS}) AS i, clientes`),
    );
    await tx.execute(
      sql.raw(`
      INSERT INTO orcamentos (status, tipo, cliente_nome, responsavel, data, validade_dias,
                              data_vencimento, valor_total)
      SELECT (ARRAY['aprovado', 'aprovado', 'aprovado', 'rejeitado', 'expirado', 'pendente',
                    'rascunho'])[1 + i % 7],
             (ARRAY['produto', 'produto', 'servico', 'misto'])[1 + i % 4],
             (${NOMES})[1 + i % 8] || ' ' || (${SOBRENOMES})[1 + i % 5] || ' ' || i,
             'Vendedor ' || (i % 40),
             current_date - i / 10, 15, current_date - i / 10 + 15, 50 + i % 5000
      FROM generate_series(1, ${ORCAMENTOS}) AS i`),
    );
    await tx.execute(
      sql.raw(`
      WITH produtos_ AS (SELECT array_agg(id ORDER BY id) AS ids FROM produtos)
      INSERT INTO estoque_movimentacoes (produto_id, tipo, quantidade, data, motivo)
      SELECT produtos_.ids[1 + i % array_length(produtos_.ids, 1)],
             CASE WHEN i % 2 = 0 THEN 'entrada' ELSE 'saida' END, 1 + i % 90, current_date - i / 15,
             'Carga ' || i
      FROM generate_series(1, ${MOVIMENTACOES}) AS i, produtos_`),
    );
    await tx.execute(
      sql.raw(`
      WITH pessoas AS (SELECT array_agg(id ORDER BY id) AS ids FROM cadastros)
      INSERT INTO titulos (natureza, descricao, pessoa_id, documento, competencia, valor)
      SELECT CASE WHEN i % 2 = 0 THEN 'receber' ELSE 'pagar' END,
             (ARRAY['Aluguel', 'Energia elétrica', 'Fornecedor', 'Venda a prazo', 'Serviço'])[1 + i % 5]
               || ' ' || i,
             pessoas.ids[1 + i % array_length(pessoas.ids, 1)], 'NF-' || i,
             date_trunc('month', current_date - i / 5)::date, 10 + i % 3000
      FROM generate_series(1, ${TITULOS}) AS i, pessoas`),
    );
    await tx.execute(
      sql.raw(`
      INSERT INTO parcelas (titulo_id, numero, vencimento, valor, valor_pago, status)
      SELECT id, 1, competencia + 10, valor,
             CASE WHEN id % 5 < 3 THEN valor ELSE 0 END,
             CASE WHEN id % 5 < 3 THEN 'pago' ELSE 'aberto' END
      FROM titulos
      WHERE NOT EXISTS (SELECT 1 FROM parcelas WHERE parcelas.titulo_id = titulos.id)`),
    );
  });
  for (const table of [
    'cadastros',
    'vendas',
    'ordens_servico',
    'orcamentos',
    'estoque_movimentacoes',
    'titulos',
    'parcelas',
  ]) {
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/** The plan of a statement, as text. */
async function plan(statement: SQL): Promise<string> {
  const rows = await selectRows<Record<string, string>>(ctx.database.db, sql`EXPLAIN ${statement}`);
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

/** Asserts the plan reads `table` through `index` (when given) and never scans it whole. */
function expectPlan(text: string, table: string, index?: string | RegExp): void {
  expect(text, text).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
  if (index === undefined) return;
  const pattern = typeof index === 'string' ? new RegExp(`\\b${index}\\b`) : index;
  expect(text, text).toMatch(pattern);
}

const page = { limit: 50, offset: 0 } as const;

describe(`GET /api/vendas with ${VENDAS} sales`, () => {
  const tz = () => ctx.config.timeZone;
  const planOf = (query: Partial<VendaListQuery>) =>
    plan(listVendasSql(ctx.database.db, { ...page, ...query } as VendaListQuery, tz()).rows);

  it('reads the first page, newest first, from the date index', async () => {
    expectPlan(await planOf({}), 'vendas', /vendas_(tipo_)?data_idx/);
  });

  it.each([
    ['data', 'vendas_data_idx'],
    ['numero', 'vendas_numero_unique'],
    ['cliente', 'vendas_cliente_nome_idx'],
    ['valor', 'vendas_valor_final_idx'],
  ] as const)('sorts by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ sort, order }), 'vendas', index);
    }
  });

  it('searches a name, and a number, through the indexes', async () => {
    const porNome = listVendasSql(
      ctx.database.db,
      { ...page, q: 'marcia araujo 1234' } as VendaListQuery,
      tz(),
    );
    expectPlan(await plan(porNome.rows), 'vendas', 'vendas_cliente_nome_trgm_idx');
    expectPlan(await plan(porNome.total), 'vendas', 'vendas_cliente_nome_trgm_idx');
    const porNumero = listVendasSql(
      ctx.database.db,
      { ...page, q: '1234' } as VendaListQuery,
      tz(),
    );
    expectPlan(await plan(porNumero.total), 'vendas', 'vendas_numero_unique');
  });

  it('filters by type, status and period through the indexes', async () => {
    expectPlan(await planOf({ tipo: 'balcao' }), 'vendas', 'vendas_tipo_data_idx');
    // A rare status: the (tipo, status) index or the date order, never the whole table.
    expectPlan(await planOf({ status: 'Cancelada' }), 'vendas');
    expectPlan(await planOf({ tipo: 'produto', status: 'Pendente', sort: 'valor' }), 'vendas');
    const de = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const periodo = listVendasSql(
      ctx.database.db,
      { ...page, de, ate: de } as VendaListQuery,
      tz(),
    );
    expectPlan(await plan(periodo.rows), 'vendas', /vendas_(tipo_)?data_idx/);
    expectPlan(await plan(periodo.total), 'vendas', /vendas_(tipo_)?data_idx/);
  });
});

describe(`GET /api/ordens-servico with ${ORDENS} orders`, () => {
  const planOf = (query: Partial<OrdemServicoListQuery>) =>
    plan(
      listOrdensSql(
        ctx.database.db,
        { ...page, ...query } as OrdemServicoListQuery,
        ctx.config.timeZone,
      ).rows,
    );

  it('reads the first page, newest first, from the entry-date index', async () => {
    expectPlan(await planOf({}), 'ordens_servico', 'ordens_servico_data_entrada_idx');
  });

  it.each([
    ['data', 'ordens_servico_data_entrada_idx'],
    ['numero', 'ordens_servico_numero_unique'],
    ['prazo', 'ordens_servico_prazo_idx'],
    ['valor', 'ordens_servico_valor_total_idx'],
  ] as const)('sorts by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ sort, order }), 'ordens_servico', index);
    }
  });

  it('searches the equipment and the customer names through their trigram indexes', async () => {
    const busca = listOrdensSql(
      ctx.database.db,
      { ...page, q: 'geladeira brastemp 1234' } as OrdemServicoListQuery,
      ctx.config.timeZone,
    );
    // q is `equipamento LIKE … OR cliente_id = ANY(ARRAY(SELECT …))`: the customers are read
    // once, so the OR can be a BitmapOr of the two indexes, for the page and for the total.
    for (const statement of [busca.rows, busca.total]) {
      const text = await plan(statement);
      expectPlan(text, 'ordens_servico', /cadastros_nome_busca_trgm_idx/);
      expect(text, text).toMatch(/ordens_servico_\w*equipamento\w*_idx/);
    }
  });

  it('filters by situation, priority, deadline, customer and period through the indexes', async () => {
    expectPlan(await planOf({ situacao: 'em-aberto' }), 'ordens_servico');
    expectPlan(await planOf({ situacao: 'abertas', sort: 'prazo' }), 'ordens_servico');
    expectPlan(await planOf({ prazo: 'vencidas' }), 'ordens_servico');
    expectPlan(await planOf({ prioridade: 'muito-urgente' }), 'ordens_servico');
    const [cliente] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT cliente_id AS id FROM ordens_servico ORDER BY id DESC LIMIT 1`,
    );
    expectPlan(
      await planOf({ cliente_id: cliente!.id }),
      'ordens_servico',
      /ordens_servico_(cliente_id|data_entrada)_idx/,
    );
    const de = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    expectPlan(await planOf({ de, ate: de }), 'ordens_servico', 'ordens_servico_data_entrada_idx');
  });
});

describe(`GET /api/orcamentos with ${ORCAMENTOS} quotes`, () => {
  const planOf = (query: Partial<OrcamentoListQuery>) =>
    plan(
      listOrcamentosSql(
        ctx.database.db,
        { ...page, ...query } as OrcamentoListQuery,
        ctx.config.timeZone,
      ).rows,
    );

  it('reads the first page, newest first, from the date index', async () => {
    expectPlan(await planOf({}), 'orcamentos', 'orcamentos_data_idx');
  });

  it.each([
    ['data', 'orcamentos_data_idx'],
    ['numero', 'orcamentos_numero_unique'],
    ['cliente', 'orcamentos_cliente_nome_idx'],
    ['valor', 'orcamentos_valor_total_idx'],
    ['validade', 'orcamentos_data_vencimento_idx'],
  ] as const)('sorts by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ sort, order }), 'orcamentos', index);
    }
  });

  it('searches the customer and the salesperson through the trigram indexes', async () => {
    const busca = listOrcamentosSql(
      ctx.database.db,
      { ...page, q: 'angela simoes 1234' } as OrcamentoListQuery,
      ctx.config.timeZone,
    );
    expectPlan(await plan(busca.rows), 'orcamentos', 'orcamentos_cliente_nome_trgm_idx');
    expectPlan(await plan(busca.total), 'orcamentos', 'orcamentos_responsavel_trgm_idx');
  });

  it('filters by status and period through the indexes', async () => {
    expectPlan(await planOf({ status: 'pendente' }), 'orcamentos');
    expectPlan(await planOf({ status: 'rascunho', sort: 'cliente' }), 'orcamentos');
    const de = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    expectPlan(await planOf({ de, ate: de }), 'orcamentos', 'orcamentos_data_idx');
    // aba=produtos and tipo=produto match most quotes: the date order with a filter, or a
    // scan, are both right; not asserted.
  });
});

describe(`GET /api/cadastros with ${CADASTROS} records`, () => {
  const planOf = (query: CadastroListQuery) =>
    plan(listCadastrosSql(ctx.database.db, { ...page, ...query }).rows);

  // The screens always ask for one tipo (a tab, a picker); the indexes lead with it.
  it('reads a tab first page in name order from the (tipo, name) index', async () => {
    expectPlan(await planOf({ tipo: 'cliente' }), 'cadastros', 'cadastros_tipo_nome_idx');
  });

  it.each([
    ['nome', 'cadastros_tipo_nome_idx'],
    ['email', 'cadastros_tipo_email_idx'],
  ] as const)('sorts a tab by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ tipo: 'cliente', sort, order }), 'cadastros', index);
      expectPlan(await planOf({ tipo: 'transportadora', sort, order }), 'cadastros', index);
    }
  });

  it('searches name and e-mail through the trigram index', async () => {
    const busca = listCadastrosSql(ctx.database.db, {
      ...page,
      tipo: 'cliente',
      q: 'conceicao ribeiro 1234',
    });
    expectPlan(await plan(busca.rows), 'cadastros', 'cadastros_nome_busca_trgm_idx');
    expectPlan(await plan(busca.total), 'cadastros', 'cadastros_nome_busca_trgm_idx');
  });
});

describe(`GET /api/estoque/movimentacoes with ${MOVIMENTACOES} movements`, () => {
  const planOf = (query: Partial<MovimentacaoListQuery>) =>
    plan(
      listMovimentacoesSql(ctx.database.db, { ...page, ...query } as MovimentacaoListQuery).rows,
    );

  it('reads the first page, newest first, from the date index', async () => {
    expectPlan(await planOf({}), 'estoque_movimentacoes', 'estoque_movimentacoes_data_idx');
  });

  it.each([
    ['data', 'estoque_movimentacoes_data_idx'],
    ['quantidade', 'estoque_movimentacoes_quantidade_idx'],
  ] as const)('sorts by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ sort, order }), 'estoque_movimentacoes', index);
    }
  });

  it("filters by product and period through the indexes (tipo: half the rows, the date order's filter)", async () => {
    const [produto] = await selectRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT produto_id AS id FROM estoque_movimentacoes ORDER BY id DESC LIMIT 1`,
    );
    expectPlan(
      await planOf({ produto_id: produto!.id }),
      'estoque_movimentacoes',
      'estoque_movimentacoes_produto_data_idx',
    );
    const de = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    expectPlan(
      await planOf({ de, ate: de }),
      'estoque_movimentacoes',
      'estoque_movimentacoes_data_idx',
    );
    expectPlan(await planOf({ tipo: 'saida' }), 'estoque_movimentacoes');
  });
});

describe(`GET /api/financeiro/titulos with ${TITULOS} titles`, () => {
  const planOf = (query: Partial<TituloListQuery>) =>
    plan(
      listTitulosSql(ctx.database.db, { ...page, ...query } as TituloListQuery, ctx.config.timeZone)
        .rows,
    );

  // The default order (titles still owed first by their next due day, computed from the
  // installments) and sort=vencimento order by a value computed per title: no index can hold it,
  // so those plans read every title of the filter; not asserted.

  it.each([
    ['descricao', 'titulos_descricao_idx'],
    ['valor', 'titulos_valor_idx'],
    ['competencia', 'titulos_natureza_competencia_idx'],
  ] as const)('sorts a nature by %s both ways through %s', async (sort, index) => {
    for (const order of ['asc', 'desc'] as const) {
      expectPlan(await planOf({ natureza: 'pagar', sort, order }), 'titulos', index);
    }
  });

  it('searches the description, the document and the people through their trigram indexes', async () => {
    const busca = listTitulosSql(
      ctx.database.db,
      { ...page, q: 'aluguel 1234' } as TituloListQuery,
      ctx.config.timeZone,
    );
    // `descricao LIKE … OR documento LIKE … OR pessoa_id = ANY(ARRAY(SELECT …))`: the people
    // are read once, so the OR is a BitmapOr of the three indexes, for the page and the total.
    for (const statement of [busca.rows, busca.total]) {
      const text = await plan(statement);
      expectPlan(text, 'titulos', /titulos_descricao_trgm_idx/);
      expect(text, text).toMatch(/titulos_documento_trgm_idx/);
      expect(text, text).toMatch(/cadastros_nome_busca_trgm_idx/);
    }
  });
});
