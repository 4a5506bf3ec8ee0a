/**
 * The benchmark's dataset, written with set-based SQL (INSERT … SELECT generate_series) straight
 * into the tables of a migrated database whose server is stopped: 20,000 products, 10,000
 * customers and 200,000 finalized sales with their lines, payments and history over three years,
 * with the finance the app would have posted for them (a receivable per sale, settled into its
 * account) and two years of a small company's monthly bills (BENCH_SCALE scales the counts).
 * Going through the API would take an hour; this takes seconds on PostgreSQL and a minute or two
 * on PGlite.
 */

import { DEFAULT_TIME_ZONE } from '@prumo/shared/dates';
import { FORMAS_FINANCEIRO_PADRAO } from '@prumo/shared/financeiro';
import { formaPagamentoLabel } from '@prumo/shared/vendas';

/** What both drivers offer: a multi-statement script, and one query's rows. */
export interface SqlTarget {
  exec(script: string): Promise<unknown>;
  rows<T>(query: string): Promise<T[]>;
}

export interface Dataset {
  produtos: { first: number; last: number };
  clientes: { first: number; last: number };
  vendas: number;
  /** Service contracts with one period due today each. */
  contratos: number;
  /** A finalized sale with a customer and four lines, for the receipt PDFs. */
  vendaComprovante: number;
  /** Products with ample stock for the quick sale (rotated so it is not one hot row). */
  produtosVenda: number[];
  /** Terms that find a few hundred products / customers, rotated by the search scenarios. */
  termosProduto: string[];
  termosCliente: string[];
  /** How long each step of the load took, for the log. */
  tempos: string[];
}

export function datasetSize(scale: number) {
  const n = (count: number) => Math.max(20, Math.round(count * scale));
  return { produtos: n(20_000), clientes: n(10_000), vendas: n(200_000), contratos: n(10_000) };
}

/** A SQL string literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL text array literal of pt-BR words. */
const words = (list: string[]) => `ARRAY[${list.map((w) => `'${w}'`).join(', ')}]`;

const TIPOS = words([
  'Parafuso', 'Porca', 'Arruela', 'Prego', 'Cabo', 'Fio', 'Tomada', 'Interruptor', 'Lâmpada',
  'Torneira', 'Registro', 'Válvula', 'Cola', 'Tinta', 'Pincel', 'Rolo', 'Lixa', 'Fita', 'Broca',
  'Serra', 'Martelo', 'Chave', 'Alicate', 'Trena', 'Luva', 'Mangueira', 'Cano', 'Joelho',
  'Conexão', 'Dobradiça',
]); // prettier-ignore
const MATERIAIS = words([
  'Aço', 'Inox', 'Latão', 'PVC', 'Madeira', 'Alumínio', 'Cobre', 'Nylon', 'Borracha', 'Ferro',
]); // prettier-ignore
const MEDIDAS = words([
  '6 mm',
  '8 mm',
  '10 mm',
  '12 mm',
  '1/2"',
  '3/4"',
  '1 m',
  '2,5 m',
  '5 m',
  '10 m',
]);
const MARCAS = words([
  'Tramontina', 'Vonder', 'Tigre', 'Fortlev', 'Pial', 'Docol', 'Suvinil', 'Coral', 'Gedore', 'Irwin',
]); // prettier-ignore
const NOMES = words([
  'João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Carlos', 'Paula', 'Luiz', 'Márcia',
  'Paulo', 'Adriana', 'Pedro', 'Juliana', 'Lucas', 'Fernanda', 'Marcos', 'Patrícia', 'Rafael',
  'Aline', 'Daniel', 'Camila', 'Bruno', 'Amanda', 'Eduardo', 'Letícia', 'Felipe', 'Beatriz',
  'Gabriel', 'Larissa', 'Rodrigo', 'Vanessa', 'Ricardo', 'Cláudia', 'Sérgio', 'Renata',
  'André', 'Simone', 'Fábio', 'Débora',
]); // prettier-ignore
const SOBRENOMES = words([
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima',
  'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes',
  'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques',
  'Machado', 'Mendes', 'Freitas',
]); // prettier-ignore

/** A sale's line j (1..4) sells this product: spread over the catalogue, distinct within a sale. */
const produtoDaLinha = (p0: number, produtos: number) =>
  `${p0} + 1 + ((i * 31 + j * 17) % ${produtos})`;
const quantidadeDaLinha = '(1 + (i + j) % 3)';

const TABELAS = `'produtos', 'cadastros', 'vendas', 'venda_itens', 'venda_pagamentos', 'venda_historico',
  'titulos', 'parcelas', 'baixas'`;

/**
 * A small company's monthly bills: description, category of the chart of accounts (looked up by
 * name, as the migration seeds it), day due (0: the day of the month today is, so one bill falls
 * due today), amount and whether it changes a little from month to month.
 */
const CONTAS_DO_MES: ReadonlyArray<[string, string, number, number, boolean]> = [
  ['Aluguel da loja', 'Aluguel', 5, 4800, false],
  ['Folha de pagamento', 'Salários e encargos', 5, 18_500, true],
  ['Pró-labore', 'Pró-labore', 5, 6000, false],
  ['Energia elétrica', 'Energia elétrica', 12, 1340.5, true],
  ['Água e esgoto', 'Água e esgoto', 14, 286.9, true],
  ['Internet e telefone', 'Telefone e internet', 15, 219.9, false],
  ['DAS Simples Nacional', 'Impostos (Simples Nacional)', 20, 9870.35, true],
  ['Tarifas bancárias', 'Tarifas bancárias', 25, 189.4, true],
  ['Material de limpeza', 'Material de escritório e limpeza', 18, 412.75, true],
  ['Manutenção e reparos', 'Manutenção', 0, 650, true],
];
/** Months of bills: the 23 before this one, this one and the next (these two still open). */
const MESES_DE_CONTAS = { de: -23, ate: 1 };

/** How the app posts a sale's payment method (formas_financeiras and the account it uses). */
interface RegraForma {
  forma: string;
  prazo_dias: number;
  baixa_automatica: boolean;
  conta_id: number;
}

export async function generateDataset(db: SqlTarget, scale: number): Promise<Dataset> {
  const size = datasetSize(scale);
  // Ids follow whatever the demo seed left, set explicitly so lines can point at their sale.
  const [base] = await db.rows<{ p0: number; c0: number; v0: number; n0: number; admin: number }>(`
    SELECT (SELECT coalesce(max(id), 0) FROM produtos)::int AS p0,
           (SELECT coalesce(max(id), 0) FROM cadastros)::int AS c0,
           (SELECT coalesce(max(id), 0) FROM vendas)::int AS v0,
           (SELECT coalesce(max(numero), 0) FROM vendas)::int AS n0,
           (SELECT id FROM usuarios WHERE email = 'admin@empresa.com.br')::int AS admin`);
  const { p0, c0, v0, n0, admin } = base!;
  const { produtos, clientes, vendas, contratos } = size;

  // The finance goes where the app would post it, by lookup (the migration seeds the Caixa, the
  // chart of accounts and formas_financeiras; the demo adds a bank account): each method's
  // account chosen as regrasDeRecebimento does, the sales' category by its slug, the bills'
  // by name, the bills paid from the bank account when there is one (else the first active).
  const [fin] = await db.rows<{
    t0: number;
    pa0: number;
    categoria: number | null;
    banco: number;
  }>(`
    SELECT (SELECT coalesce(max(id), 0) FROM titulos)::int AS t0,
           (SELECT coalesce(max(id), 0) FROM parcelas)::int AS pa0,
           (SELECT id FROM categorias_financeiras WHERE slug = 'venda-produtos')::int AS categoria,
           (SELECT id FROM contas_financeiras WHERE ativo
             ORDER BY tipo = 'corrente' DESC, id LIMIT 1)::int AS banco`);
  const { t0, pa0, categoria, banco } = fin!;
  const tipoUsual = Object.entries(FORMAS_FINANCEIRO_PADRAO)
    .map(([forma, regra]) => `WHEN '${forma}' THEN '${regra.tipoConta}'`)
    .join(' ');
  const regras = await db.rows<RegraForma>(`
    SELECT f.forma, f.prazo_dias::int AS prazo_dias, f.baixa_automatica, (
      SELECT c.id FROM contas_financeiras c WHERE c.ativo
      ORDER BY c.id = f.conta_id DESC NULLS LAST, c.tipo = (CASE f.forma ${tipoUsual} END) DESC, c.id
      LIMIT 1)::int AS conta_id
    FROM formas_financeiras f`);
  const regrasSql = regras
    .map(
      (r) =>
        `(${literal(r.forma)}, ${literal(formaPagamentoLabel(r.forma))}, ${r.prazo_dias}, ` +
        `${r.baixa_automatica}, ${r.conta_id})`,
    )
    .join(', ');
  const categoriasDespesa = new Map(
    (
      await db.rows<{ id: number; nome: string }>(
        `SELECT id, nome FROM categorias_financeiras WHERE tipo = 'despesa' AND ativo`,
      )
    ).map((c) => [c.nome, c.id]),
  );
  const contasSql = CONTAS_DO_MES.map(
    ([descricao, nomeCategoria, dia, valor, varia], k) =>
      `(${k}, ${literal(descricao)}, ${categoriasDespesa.get(nomeCategoria) ?? 'NULL'}::int, ` +
      `${dia}, ${valor}, ${varia})`,
  ).join(', ');
  const tz = literal(DEFAULT_TIME_ZONE);
  const hoje = `(now() AT TIME ZONE ${tz})::date`;
  const meses = MESES_DE_CONTAS.ate - MESES_DE_CONTAS.de + 1;
  const contasDoMes = CONTAS_DO_MES.length;

  // Rows go in with the secondary indexes dropped and rebuilt after (building a GIN trigram
  // index once is far faster than growing it row by row), and with triggers off: the audit
  // trail would write one row per insert and the foreign keys check one lookup per row, and the
  // rows below are consistent by construction (superuser on PostgreSQL, PGlite's single user).
  const indexes = await db.rows<{ name: string; definition: string }>(`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes i
    WHERE schemaname = 'public' AND tablename IN (${TABELAS})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
  // Stock is set directly, without stock-ledger rows: nothing here checks the ledger, and the
  // first 8 products get enough for every quick sale of the run.
  const steps: Array<[string, string]> = [
    ['sem índices', indexes.map((index) => `DROP INDEX "${index.name}"`).join(';\n')],
    [
      'produtos',
      `
    INSERT INTO produtos (id, nome, codigo_interno, codigo_barras, preco, custo, custo_final,
      lucro_utilizado, valor_venda_sugerido, estoque, estoque_minimo, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${p0} + i,
      (${TIPOS})[1 + i % 30] || ' de ' || (${MATERIAIS})[1 + (i / 30) % 10] || ' '
        || (${MEDIDAS})[1 + (i / 300) % 10] || ' ' || (${MARCAS})[1 + (i / 3000) % 10]
        || CASE WHEN i >= 30000 THEN ' ' || i ELSE '' END,
      'BEN-' || i, '2' || lpad(i::text, 12, '0'),
      preco, round(preco * 0.6, 2), round(preco * 0.6, 2), 40, preco,
      CASE WHEN i <= 8 THEN 10000000 ELSE i % 500 END, 5,
      now() - interval '3 years', now() - interval '3 years'
    FROM generate_series(1, ${produtos}) i
    CROSS JOIN LATERAL (SELECT round(1 + (i * 37 % 50000) / 100.0, 2) AS preco) p`,
    ],
    [
      'clientes',
      `
    INSERT INTO cadastros (id, tipo, tipo_cliente, nome, email, telefone, cidade, uf,
      created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${c0} + i, 'cliente', 'pessoa-fisica',
      (${NOMES})[1 + i % 40] || ' ' || (${SOBRENOMES})[1 + (i / 40) % 30] || ' '
        || (${SOBRENOMES})[1 + (i * 7 / 1200) % 30],
      'cliente' || i || '@exemplo.com.br', '(11) 9' || lpad((i % 100000000)::text, 8, '0'),
      'São Paulo', 'SP', now() - interval '3 years', now() - interval '3 years'
    FROM generate_series(1, ${clientes}) i`,
    ],
    [
      'vendas',
      `
    -- One sale in three is for a registered customer; the total is the sum of its lines,
    -- computed from the same formula the lines use below.
    INSERT INTO vendas (id, numero, tipo, status, cliente_id, cliente_nome, forma_pagamento,
      valor_total, desconto, valor_final, custo_total, troco, atendimento_rapido, data_venda,
      vendedor_id, finalizada_em, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${v0} + i, ${n0} + i, CASE WHEN i % 3 = 0 THEN 'produto' ELSE 'balcao' END,
      'Finalizada', c.id, c.nome,
      (ARRAY['dinheiro', 'pix', 'cartao_debito', 'cartao_credito'])[1 + i % 4],
      t.total, 0, t.total, t.custo, 0, i % 3 <> 0, d.quando, ${admin}, d.quando, d.quando, d.quando
    FROM generate_series(1, ${vendas}) i
    CROSS JOIN LATERAL (
      SELECT now() - make_interval(secs => (3 * 365 * 86400) * (1 - i::float8 / ${vendas})) AS quando
    ) d
    LEFT JOIN cadastros c ON i % 3 = 0 AND c.id = ${c0} + 1 + (i * 7) % ${clientes}
    CROSS JOIN LATERAL (
      SELECT sum(round(p.preco * ${quantidadeDaLinha}, 2)) AS total,
        sum(round(p.custo_final * ${quantidadeDaLinha}, 2)) AS custo
      FROM generate_series(1, 1 + i % 4) j
      JOIN produtos p ON p.id = ${produtoDaLinha(p0, produtos)}
    ) t`,
    ],
    [
      'itens',
      `
    INSERT INTO venda_itens (venda_id, ordem, produto_id, produto_nome, unidade_medida,
      quantidade, preco_unitario, desconto_item, subtotal, custo_unitario)
    SELECT ${v0} + i, j - 1, p.id, p.nome, p.unidade_medida, ${quantidadeDaLinha}, p.preco, 0,
      round(p.preco * ${quantidadeDaLinha}, 2), p.custo_final
    FROM generate_series(1, ${vendas}) i
    CROSS JOIN LATERAL generate_series(1, 1 + i % 4) j
    JOIN produtos p ON p.id = ${produtoDaLinha(p0, produtos)}`,
    ],
    [
      'pagamentos e histórico',
      `
    INSERT INTO venda_pagamentos (venda_id, forma, valor)
    SELECT id, forma_pagamento, valor_final FROM vendas WHERE id > ${v0};

    INSERT INTO venda_historico (venda_id, status, usuario_id, created_at)
    SELECT id, 'Finalizada', ${admin}, finalizada_em FROM vendas WHERE id > ${v0};

    -- The explicit ids skipped the sequences: move them past the rows.
    SELECT setval(pg_get_serial_sequence('produtos', 'id'), ${p0 + produtos});
    SELECT setval(pg_get_serial_sequence('cadastros', 'id'), ${c0 + clientes});
    SELECT setval(pg_get_serial_sequence('vendas', 'id'), ${v0 + vendas});
    SELECT setval('vendas_numero_seq', ${n0 + vendas});`,
    ],
    [
      'financeiro das vendas',
      `
    -- One receivable per sale (one payment each, no change given), as lancarRecebiveisDaVenda
    -- posts it: cash, PIX and debit settled at once (automatica) into their method's account on
    -- the sale's day; credit card due the method's days later, and settled on that day into the
    -- same account once it is past (those due from today on stay open).
    CREATE TEMP TABLE bench_regras (forma text, rotulo text, prazo int, automatica boolean,
      conta int) ON COMMIT DROP;
    INSERT INTO bench_regras VALUES ${regrasSql || '(NULL, NULL, 0, false, NULL)'};

    INSERT INTO titulos (id, natureza, descricao, pessoa_id, categoria_id, documento, competencia,
      forma_pagamento, valor, venda_id, usuario_id, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${t0} + (v.id - ${v0}), 'receber',
      'Venda Nº ' || lpad(v.numero::text, 6, '0') || ' – ' || coalesce(r.rotulo, v.forma_pagamento),
      v.cliente_id, ${categoria ?? 'NULL'}, lpad(v.numero::text, 6, '0'),
      (v.finalizada_em AT TIME ZONE ${tz})::date, v.forma_pagamento, v.valor_final, v.id,
      ${admin}, v.finalizada_em, v.finalizada_em
    FROM vendas v LEFT JOIN bench_regras r ON r.forma = v.forma_pagamento
    WHERE v.id > ${v0};

    CREATE TEMP TABLE bench_parcelas ON COMMIT DROP AS
    SELECT ${pa0} + (t.id - ${t0}) AS id, t.id AS titulo_id, t.valor, x.vencimento,
      r.automatica OR x.vencimento < ${hoje} AS paga, r.automatica, r.conta, t.created_at
    FROM titulos t
    JOIN bench_regras r ON r.forma = t.forma_pagamento
    CROSS JOIN LATERAL (
      SELECT CASE WHEN r.automatica THEN t.competencia ELSE t.competencia + r.prazo END AS vencimento
    ) x
    WHERE t.id > ${t0};

    INSERT INTO parcelas (id, titulo_id, numero, vencimento, valor, valor_pago, status,
      created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT id, titulo_id, 1, vencimento, valor, CASE WHEN paga THEN valor ELSE 0 END,
      CASE WHEN paga THEN 'pago' ELSE 'aberto' END, created_at, created_at
    FROM bench_parcelas;

    INSERT INTO baixas (parcela_id, conta_id, data, valor, amortizado, automatica, usuario_id,
      created_at)
    SELECT id, conta, vencimento, valor, valor, automatica, ${admin},
      CASE WHEN automatica THEN created_at
        ELSE (vencimento + time '10:00') AT TIME ZONE ${tz} END
    FROM bench_parcelas WHERE paga AND conta IS NOT NULL;`,
    ],
    [
      'contas a pagar',
      `
    -- ${contasDoMes} bills a month for ${meses} months: those of the months before this one paid
    -- on their due day from the bank, this month's and next month's still open (one due today).
    CREATE TEMP TABLE bench_contas ON COMMIT DROP AS
    SELECT ${t0 + vendas} + (m - ${MESES_DE_CONTAS.de}) * ${contasDoMes} + c.k + 1 AS id,
      c.descricao || ' ' || to_char(x.mes, 'MM/YYYY') AS descricao, c.categoria, x.mes,
      x.mes + least(CASE WHEN c.dia = 0 THEN extract(day FROM ${hoje})::int ELSE c.dia END,
        extract(day FROM x.mes + interval '1 month' - interval '1 day')::int) - 1 AS vencimento,
      CASE WHEN c.varia THEN round(c.valor * (0.94 + ((m * 7 + c.k * 13) % 13) / 100.0), 2)
        ELSE c.valor END AS valor,
      m < 0 AS paga
    FROM generate_series(${MESES_DE_CONTAS.de}, ${MESES_DE_CONTAS.ate}) m
    CROSS JOIN (VALUES ${contasSql}) c(k, descricao, categoria, dia, valor, varia)
    CROSS JOIN LATERAL (
      SELECT (date_trunc('month', ${hoje}::timestamp) + make_interval(months => m))::date AS mes
    ) x;

    INSERT INTO titulos (id, natureza, descricao, categoria_id, competencia, valor, usuario_id,
      created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT id, 'pagar', descricao, categoria, mes, valor, ${admin}, mes, mes FROM bench_contas;

    INSERT INTO parcelas (id, titulo_id, numero, vencimento, valor, valor_pago, status,
      created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT ${pa0 + vendas} + (id - ${t0 + vendas}), id, 1, vencimento, valor,
      CASE WHEN paga THEN valor ELSE 0 END, CASE WHEN paga THEN 'pago' ELSE 'aberto' END, mes, mes
    FROM bench_contas;

    INSERT INTO baixas (parcela_id, conta_id, data, valor, amortizado, usuario_id, created_at)
    SELECT ${pa0 + vendas} + (id - ${t0 + vendas}), ${banco}, vencimento, valor, valor, ${admin},
      (vencimento + time '11:00') AT TIME ZONE ${tz}
    FROM bench_contas WHERE paga;

    SELECT setval(pg_get_serial_sequence('titulos', 'id'), ${t0 + vendas + meses * contasDoMes});
    SELECT setval(pg_get_serial_sequence('parcelas', 'id'), ${pa0 + vendas + meses * contasDoMes});`,
    ],
    [
      'contratos',
      `
    -- Monthly service contracts of the customers, each with one period due today (started
    -- today, billed on today's day): the bench's billing run bills them all (issue 31).
    WITH s AS (
      INSERT INTO servicos (nome, preco) VALUES ('Manutenção mensal (bench)', 120) RETURNING id
    ), c AS (
      INSERT INTO contratos (cliente_id, inicio, periodicidade, dia_faturamento, forma_pagamento,
        usuario_id)
      SELECT ${c0} + 1 + i % ${clientes}, ${hoje}, 'mensal', extract(day FROM ${hoje})::int, 'pix',
        ${admin}
      FROM generate_series(1, ${contratos}) i
      RETURNING id, inicio
    )
    INSERT INTO contrato_itens (contrato_id, servico_id, servico_nome, quantidade, valor, vigente_de)
    SELECT c.id, s.id, 'Manutenção mensal (bench)', 1, 120, c.inicio FROM c, s;`,
    ],
    ['índices recriados', indexes.map((index) => index.definition).join(';\n')],
  ];
  const tempos: string[] = [];
  await db.exec('BEGIN; SET LOCAL session_replication_role = replica');
  for (const [label, script] of steps) {
    const started = performance.now();
    await db.exec(script);
    tempos.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.exec('COMMIT');
  // Fresh statistics, or the planner would not use the indexes (PGlite has no autovacuum).
  const started = performance.now();
  await db.exec('VACUUM ANALYZE');
  // And written to the data files now, not by a checkpoint in the middle of a measurement.
  await db.exec('CHECKPOINT');
  tempos.push(`VACUUM ANALYZE, CHECKPOINT ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return {
    produtos: { first: p0 + 1, last: p0 + produtos },
    clientes: { first: c0 + 1, last: c0 + clientes },
    vendas,
    contratos,
    // Sale i has 1 + i % 4 lines and a customer when i % 3 = 0 (above): i % 12 = 3, mid-history.
    vendaComprovante: v0 + Math.max(3, Math.floor(vendas / 24) * 12 + 3),
    produtosVenda: Array.from({ length: 8 }, (_, k) => p0 + 1 + k),
    termosProduto: ['parafuso', 'lampada de aco', 'inox', 'torneira', 'cabo de cobre 10'],
    termosCliente: ['silva', 'joao', 'oliveira', 'marcia', 'fernanda costa'],
    tempos,
  };
}
