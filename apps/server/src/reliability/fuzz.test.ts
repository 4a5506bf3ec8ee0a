import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../modules/usuarios/sessoes.repository';
import type { ApiRoute } from '../plugins/auth';
import { GIF, multipart, PNG, type TestFile } from '../test/multipart-body';
import { createTestContext, type TestContext } from '../test/test-app';

/**
 * Bad input as a permanent test. Every POST, PUT and PATCH route the server registers (read
 * from its route table, so a new route is fuzzed from its first commit) gets FUZZ_RUNS generated
 * bodies (300 by default; raise it for a heavy local run): wrong types, extreme numbers, 1e309,
 * NaN text, huge and invisible strings, deep nesting, unknown and prototype keys, arrays for
 * objects, invalid JSON, wrong content types, and mutations of a valid body. Every route with
 * path parameters gets bad ids. It fails on any 5xx, any answer slower than 2 s, and any change
 * in the row counts of the tables after a refused request, and on an accepted write that reaches
 * the audit trail without its author.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const SLOW_MS = 2_000;
/**
 * Routes slow by nature: a backup copies the whole database (the next ones reuse it); the first
 * fiscal call starts the simulated SEFAZ, makes the demo's certificate and loads the schemas.
 */
const SLOW_ALLOWED = new Set([
  'POST /api/configuracoes/backups',
  'POST /api/notas-fiscais',
  'POST /api/fiscal/status/consultar',
  'PUT /api/fiscal/simulacao',
]);

type Body = Record<string, unknown>;
/**
 * A body each route accepts, so that mutations get past the first field check; a route that
 * takes a list gets a one-item list, whose item is mutated.
 */
const VALID: Record<string, Body | [Body]> = {
  'POST /api/auth/login': { email: 'vendedor@empresa.com.br', password: 'senha-errada' },
  'POST /api/auth/login/dois-fatores': { desafio: 'desafio-inexistente', codigo: '123456' },
  'POST /api/usuarios': {
    nome: 'Usuário Fuzz',
    email: 'fuzz-usuario@empresa.com.br',
    role: 'user',
    senha: 'senha-fuzz-1',
  },
  // Path ids become 1, the signed-in admin: the valid body keeps it an active admin, its own
  // password reset is refused (409), and its current password is never guessed.
  'PUT /api/usuarios/:id': {
    nome: 'Ana Administradora',
    email: 'admin@empresa.com.br',
    role: 'admin',
    ativo: true,
  },
  'POST /api/usuarios/:id/senha': { senha: 'senha-fuzz-1' },
  'PUT /api/perfil': { nome: 'Ana Administradora', email: 'admin@empresa.com.br' },
  'POST /api/perfil/senha': { senha_atual: 'senha-errada', nova_senha: 'senha-fuzz-1' },
  'POST /api/perfil/dois-fatores/ativar': { codigo: '123456' },
  'POST /api/perfil/dois-fatores/desativar': { senha_atual: 'senha-errada' },
  'POST /api/cadastros': {
    tipo: 'cliente',
    tipo_cliente: 'pessoa-fisica',
    nome: 'Cliente Fuzz',
    email: 'fuzz@exemplo.com.br',
    limite_credito: 100,
    cep: '01310-100',
    uf: 'SP',
  },
  'PUT /api/cadastros/:id': { tipo: 'cliente', nome: 'Cliente Fuzz', limite_credito: 50 },
  'POST /api/categorias': { nome: 'Grupo Fuzz', descricao: 'x' },
  'PUT /api/categorias/:id': { nome: 'Grupo Fuzz', descricao: 'x' },
  'POST /api/produtos': { nome: 'Produto Fuzz', custo: 1.5, preco: 3, estoque: 2, peso: 0.5 },
  'PUT /api/produtos/:id': { nome: 'Produto Fuzz', custo: 1.5, preco: 3, estoque_minimo: 1 },
  'POST /api/produtos/:id/precos': { tabela_preco_id: 1, margem: 10, ativo: true },
  'POST /api/tabelas-precos': { nome: 'Tabela Fuzz', margem_padrao: 10 },
  'PUT /api/tabelas-precos/:id': { nome: 'Tabela Fuzz', margem_padrao: 10 },
  'POST /api/tabelas-precos/:id/produtos': { produto_ids: [1, 2], margem: 5 },
  'POST /api/custos-adicionais': { nome: 'Custo Fuzz', valor_percentual: 2 },
  'PUT /api/custos-adicionais/:id': { nome: 'Custo Fuzz', valor_percentual: 2 },
  'POST /api/etiquetas': { nome: 'Etiqueta Fuzz', colunasPagina: 3 },
  'PUT /api/etiquetas/:id': { nome: 'Etiqueta Fuzz', colunasPagina: 3 },
  'POST /api/etiquetas/imprimir': {
    modelo: 'pimaco-6180',
    itens: [{ produto_id: 1, quantidade: 2 }],
  },
  'POST /api/estoque/movimentacoes': {
    tipo: 'entrada',
    produto_id: 1,
    quantidade: 1,
    motivo: 'Compra',
  },
  'PUT /api/estoque/movimentacoes/:id': {
    tipo: 'entrada',
    produto_id: 1,
    quantidade: 1,
    motivo: 'Compra',
  },
  'POST /api/servicos': {
    nome: 'Serviço Fuzz',
    preco: 50,
    duracao: 90,
    comissao: 10,
    ncm: '84713012',
    aliquotaIcms: 18,
    codigoTributacaoNacional: '14.01.01',
    codigoNbs: '120012500',
    aliquotaIss: 2.5,
    localIncidenciaIss: 'tomador',
    issRetido: true,
  },
  'PUT /api/servicos/:id': {
    nome: 'Serviço Fuzz',
    valorVenda: 60,
    duracao: '1 hora',
    codigoTributacaoNacional: '140201',
    aliquotaIss: 5,
  },
  'POST /api/vendas': {
    tipo: 'produto',
    cliente_id: 1,
    forma_pagamento: 'pix',
    desconto: 1,
    itens: [{ produto_id: 1, quantidade: 1, preco_unitario: 10, desconto_item: 0.5 }],
  },
  'PUT /api/vendas/:id': {
    tipo: 'produto',
    cliente_id: 1,
    forma_pagamento: 'boleto',
    itens: [{ produto_id: 2, quantidade: 2 }],
  },
  'PATCH /api/vendas/:id/status': { status: 'Finalizada', motivo: 'Fuzz' },
  'POST /api/caixas': { valor_inicial: 100 },
  'POST /api/ordens-servico': {
    cliente_id: 1,
    prazo: '2026-12-01',
    prioridade: 'alta',
    equipamento: 'Notebook',
    produtos: [{ produto_id: 1, quantidade: 1, valor: 10, desconto: 1 }],
    servicos: [{ servico_id: 1, quantidade: 1 }],
    uf: 'SP',
    frete: 5,
  },
  'PUT /api/ordens-servico/:id': {
    cliente_id: 1,
    equipamento: 'Impressora',
    servicos: [{ servico_id: 2, quantidade: 2, valor: 30 }],
  },
  'PATCH /api/ordens-servico/:id/status': { situacao: 'aguardando-aprovacao', observacao: 'Fuzz' },
  'POST /api/orcamentos': {
    cliente_id: 1,
    validade_dias: 15,
    produtos: [{ produto_id: 1, quantidade: 1, valor: 10, desconto: 1 }],
    servicos: [{ servico_id: 1 }, { nome: 'Visita', valor: 20 }],
    frete: 5,
    uf: 'SP',
    condicao_pagamento: 'a-vista',
  },
  'PUT /api/orcamentos/:id': {
    cliente_nome: 'Fuzz Ltda',
    servicos: [{ servico_id: 2, quantidade: 2, valor: 30 }],
  },
  'PATCH /api/orcamentos/:id/status': { status: 'aprovado', observacao: 'Fuzz' },
  'POST /api/orcamentos/:id/converter': { cliente_id: 1, forma_pagamento: 'pix' },
  'POST /api/financeiro/contas': {
    nome: 'Banco Fuzz',
    tipo: 'corrente',
    banco: 'Banco',
    agencia: '0001',
    conta: '12345-6',
    saldo_inicial: 10,
    data_saldo_inicial: '2026-01-01',
  },
  'PUT /api/financeiro/contas/:id': { nome: 'Caixa', tipo: 'caixa', saldo_inicial: 0 },
  'POST /api/financeiro/transferencias': { origem_id: 1, destino_id: 2, valor: 1.5 },
  'POST /api/financeiro/categorias': { nome: 'Categoria Fuzz', tipo: 'despesa' },
  'PUT /api/financeiro/categorias/:id': { nome: 'Venda de produtos', tipo: 'receita' },
  'PUT /api/financeiro/formas': [
    { forma: 'pix', conta_id: 1, prazo_dias: 0, baixa_automatica: true },
  ],
  'POST /api/financeiro/titulos': {
    natureza: 'pagar',
    descricao: 'Título Fuzz',
    categoria_id: 6,
    valor: 100,
    parcelas: 2,
    vencimento: '2026-12-10',
  },
  'PUT /api/financeiro/titulos/:id': {
    natureza: 'receber',
    descricao: 'Título Fuzz',
    valor: 10,
    parcelas: [{ vencimento: '2026-12-10', valor: 10 }],
  },
  'POST /api/financeiro/parcelas/:id/baixas': { conta_id: 1, valor: 1, juros: 0.5 },
  // Multipart only (the supplier's XML in `xml`, the decisions as JSON in `dados`): JSON bodies
  // are refused whole; the uploads' own cases are below.
  'POST /api/entradas-nfe/previa': {},
  'POST /api/entradas-nfe': { itens: [{ n_item: 1, produto_id: 1, fator: 1 }] },
  'POST /api/nfse': { ordem_servico_id: 1 },
  'POST /api/nfse/:id/cancelar': { motivo: 1, justificativa: 'Erro na emissão da nota de serviço' },
  'POST /api/devolucoes': {
    tipo: 'cliente',
    nota_id: 1,
    motivo: 'Produto com defeito',
    acerto: 'credito',
    itens: [{ n_item: 1, quantidade: 1 }],
  },
  // Tests reach only the simulated SEFAZ (FISCAL_SOMENTE_SIMULACAO), whatever the fuzz saves.
  'PUT /api/fiscal/configuracao': {
    crt: 1,
    ambiente: 'simulacao',
    codigo_municipio: 3550308,
    nfe_serie: 1,
    nfe_proximo_numero: 900,
    cfop_dentro_uf: '5102',
    inscricao_municipal: '12345678',
    nfse_op_simples_nacional: 3,
    nfse_regime_especial: 0,
    nfse_serie: 1,
    nfse_proximo_numero: 900,
  },
  'PUT /api/fiscal/simulacao': { cenario: 'normal' },
  'POST /api/notas-fiscais': { venda_id: 1, modelo: 65, cpf_consumidor: '529.982.247-25' },
  'POST /api/notas-fiscais/:id/cancelar': {
    justificativa: 'Cliente desistiu da compra',
    cancelar_venda: false,
  },
  'POST /api/notas-fiscais/:id/correcoes': { correcao: 'Onde se lê Rua A, leia-se Rua B' },
  'POST /api/notas-fiscais/:id/inutilizar': { justificativa: 'Venda refeita em outra nota' },
  'POST /api/fiscal/inutilizacoes': {
    modelo: 55,
    serie: 1,
    numero_inicial: 1,
    numero_final: 1,
    justificativa: 'Numeração pulada por falha',
  },
  'PUT /api/configuracoes/empresa': {
    razao_social: 'Empresa Fuzz Ltda',
    documento: '11.222.333/0001-81',
    uf: 'SP',
    pix_tipo: 'email',
    pix_chave: 'pix@empresa.com.br',
    pix_nome: 'Empresa Fuzz',
    pix_cidade: 'Sao Paulo',
  },
  'PUT /api/configuracoes/preferencias': {
    notificacoes_email: true,
    alertas_vencimento: true,
    relatorios_automaticos: false,
    inatividade_minutos: 480,
    dois_fatores_obrigatorio: false,
    backup_automatico: true,
    backup_hora: 2,
  },
  'PUT /api/configuracoes/tema': { tema: 'dark' },
  'POST /api/caixas/:id/movimentos': { tipo: 'suprimento', valor: 5, motivo: 'Fuzz' },
  'POST /api/caixas/:id/fechamento': { contado: { dinheiro: 10, pix: 2 } },
  // E-mails go only to a mail server on this machine (EMAIL_SOMENTE_LOCAL); port 9 refuses at
  // once. The outbox's worker is off in tests: nothing is sent during a request.
  'PUT /api/configuracoes/email': {
    host: '127.0.0.1',
    porta: 9,
    seguranca: 'nenhuma',
    usuario: 'fuzz',
    senha: 'senha-fuzz',
    remetente_nome: 'Empresa Fuzz',
    remetente_email: 'fuzz@empresa.com.br',
    enviar_nota_automaticamente: false,
  },
  'POST /api/configuracoes/email/teste': { para: 'fuzz@exemplo.com.br' },
  'POST /api/orcamentos/:id/email': { para: 'fuzz@exemplo.com.br', mensagem: 'Fuzz' },
  'POST /api/ordens-servico/:id/email': { para: 'fuzz@exemplo.com.br', mensagem: 'Fuzz' },
  'POST /api/nfse/:id/email': { para: 'fuzz@exemplo.com.br', mensagem: 'Fuzz' },
  'POST /api/contratos': {
    cliente_id: 1,
    itens: [{ servico_id: 1, quantidade: 1, valor: 100 }],
    inicio: '2026-01-31',
    periodicidade: 'mensal',
    dia_faturamento: 31,
    forma_pagamento: 'pix',
    fidelidade_meses: 12,
    multa_fidelidade: 20,
    reajuste_indice: 'IPCA',
  },
  'PUT /api/contratos/:id': {
    cliente_id: 1,
    inicio: '2026-01-31',
    periodicidade: 'mensal',
    dia_faturamento: 31,
    forma_pagamento: 'pix',
  },
  'POST /api/contratos/:id/precos': {
    vigente_de: '2030-01-01',
    itens: [{ servico_id: 1, quantidade: 2, valor: 50 }],
  },
  'PATCH /api/contratos/:id/status': { situacao: 'Suspenso' },
  'POST /api/contratos/faturar': { contrato_ids: [1] },
  'PUT /api/contratos/indices': { indice: 'IPCA', mes: '2026-10', percentual: 0.45 },
  'POST /api/assinaturas/planos': {
    nome: 'Plano Fuzz',
    preco: 49.9,
    ciclo: 'mensal',
    dias_teste: 7,
  },
  'PUT /api/assinaturas/planos/:id': {
    nome: 'Essencial',
    preco: 89.9,
    ciclo: 'mensal',
    dias_teste: 14,
  },
  'POST /api/assinaturas': {
    cliente_id: 1,
    plano_id: 1,
    inicio: '2030-01-01',
    forma_pagamento: 'pix',
    dias_vencimento: 5,
  },
  'POST /api/assinaturas/:id/mudanca-de-plano': { plano_id: 2 },
  'POST /api/assinaturas/:id/cancelamento': { quando: 'fim_do_periodo', motivo: 'Fuzz' },
  'PUT /api/assinaturas/configuracao': { dias_carencia: 5, dias_suspensao: 15 },
  'POST /api/locacoes/itens': {
    produto_id: 1,
    preco_diaria: 60,
    preco_semanal: 300,
    preco_mensal: 900,
    unidades: [{ identificacao: 'PAT-FUZZ' }],
  },
  'PUT /api/locacoes/itens/:id': { preco_diaria: 60, unidades: [{ id: 1 }, {}] },
  'POST /api/locacoes': {
    cliente_id: 1,
    retirada: '2030-01-10',
    devolucao_prevista: '2030-01-18',
    forma_pagamento: 'pix',
    caucao: 500,
    itens: [{ item_id: 1, quantidade: 1 }],
  },
  'PUT /api/locacoes/:id': {
    cliente_id: 1,
    retirada: '2030-02-10',
    devolucao_prevista: '2030-02-18',
    forma_pagamento: 'pix',
    itens: [{ item_id: 1 }],
  },
  'PATCH /api/locacoes/:id/status': { situacao: 'Devolvida', danos: 10 },
  'POST /api/notas-fiscais/:id/email': { para: 'fuzz@exemplo.com.br', mensagem: 'Fuzz' },
  'POST /api/importacoes/mapeamentos': {
    nome: 'Fuzz',
    tipo: 'produtos',
    mapeamento: { nome: 'Descrição', preco: 'Preço' },
  },
  'POST /api/importacoes/:id/folha': { folha: 'Planilha1' },
  'POST /api/importacoes/:id/simular': {
    mapeamento: { nome: 'Nome' },
    chave: 'nome',
    existentes: 'atualizar',
    modo: 'validas',
  },
  'POST /api/importacoes/:id/executar': {
    mapeamento: { nome: 'Nome' },
    chave: 'nome',
    existentes: 'atualizar',
    modo: 'tudo',
  },
};

/** Tables whose rows a refused request may legitimately write: sign-in attempts and sessions. */
const COUNT_EXCLUDED = new Set(['login_limites', 'sessoes', 'idempotencia']);

const nastyNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.001, 1.005, 1e15, -1e15, 1e308, -1e308, 2 ** 31, -(2 ** 31)),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 999_999_999_999.99, 1e11),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const nastyString = fc.oneof(
  fc.constantFrom('', ' ', '\u202E', '\u200B\u00A0', '\u0000', 'NaN', 'Infinity', '1e309'),
  fc.constantFrom('__proto__', "'; DROP TABLE produtos; --", '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ✓', '12.345.678/0001-99'),
  fc.constantFrom('a'.repeat(300), 'ã'.repeat(5_000), '\u202E'.repeat(1_000), '9'.repeat(400)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyNumber },
  { weight: 3, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(nastyNumber, nastyString), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 1, maxKeys: 3 }) },
);
const weirdKey = fc.oneof(
  fc.constantFrom('constructor', 'prototype', 'toString', 'id', 'created_at', 'usuario_id', ''),
  fc.string({ maxLength: 12 }),
);

/** A request as text: the raw body and its content type (undefined: none sent). */
interface Sample {
  body: string | undefined;
  contentType: string | undefined;
}

const json = (value: unknown): Sample => ({
  body: JSON.stringify(value),
  contentType: 'application/json',
});

function deepNesting(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Raw texts JSON.stringify cannot make: out-of-range numbers, prototype keys, broken JSON. */
function rawSamples(valid: Body | [Body]): fc.Arbitrary<Sample> {
  const text = JSON.stringify(valid);
  const numberField = /"([a-z_A-Z]+)":(-?\d+(?:\.\d+)?)/;
  const asJson = (body: string): Sample => ({ body, contentType: 'application/json' });
  return fc.oneof(
    fc.constantFrom(
      asJson(text.replace(numberField, '"$1":1e309')),
      asJson(text.replace(numberField, '"$1":-1e309')),
      asJson(text.replace(numberField, '"$1":NaN')),
      asJson(text.replace(/^\{/, '{"__proto__":{"role":"admin","id":1},')),
      asJson(text.replace(/^\{/, '{"constructor":{"prototype":{"x":1}},')),
      asJson(text.slice(0, Math.max(1, text.length - 3))),
      asJson(`${text},`),
      asJson(deepNesting(5_000)),
      asJson(`{"a":${deepNesting(2_000)}}`),
      asJson('"texto"'),
      asJson('null'),
      asJson(''),
      asJson(`{"nome":"${'x'.repeat(1_100_000)}"}`),
      { body: text, contentType: 'text/plain' },
      { body: 'nome=x&custo=1', contentType: 'application/x-www-form-urlencoded' },
      {
        body: '--x\r\nContent-Disposition: form-data; name="dados"\r\n\r\n{}\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      },
      { body: text, contentType: 'multipart/form-data' },
      { body: text, contentType: undefined },
      { body: text, contentType: 'application/json; charset=latin1' },
    ),
    fc.string({ unit: 'binary', maxLength: 200 }).map(asJson),
  );
}

function samples(valid: Body | [Body]): fc.Arbitrary<Sample> {
  const lista = Array.isArray(valid);
  const item = lista ? valid[0] : valid;
  const keys = Object.keys(item);
  const mutated = fc
    .record({
      replace: fc.dictionary(keys.length > 0 ? fc.constantFrom(...keys) : weirdKey, nastyValue, {
        maxKeys: 3,
      }),
      drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      extra: fc.option(fc.dictionary(weirdKey, nastyValue, { maxKeys: 2 }), { freq: 3 }),
    })
    .map(({ replace, drop, extra }) => {
      const body: Body = { ...item, ...replace, ...extra };
      for (const key of drop) delete body[key];
      return json(lista ? [body] : body);
    });
  return fc.oneof(
    { weight: 5, arbitrary: mutated },
    { weight: 2, arbitrary: fc.dictionary(weirdKey, nastyValue, { maxKeys: 6 }).map(json) },
    { weight: 1, arbitrary: nastyValue.map(json) },
    { weight: 1, arbitrary: fc.array(fc.constant(valid), { maxLength: 3 }).map(json) },
    { weight: 2, arbitrary: rawSamples(valid) },
  );
}

let ctx: TestContext;
let token: string;
let countQuery: ReturnType<typeof sql.raw>;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await ctx.login();
  const tables = await ctx.database.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const names = (tables as unknown as { rows: Array<{ tablename: string }> }).rows
    .map((row) => row.tablename)
    .filter((name) => !COUNT_EXCLUDED.has(name));
  countQuery = sql.raw(
    `SELECT ${names.map((name) => `(SELECT count(*) FROM "${name}")::int AS "${name}"`).join(', ')}`,
  );
  await refreshBaseline();
  const last = await ctx.database.db.execute(
    sql`SELECT coalesce(max(id), 0)::int AS id FROM auditoria`,
  );
  auditStart = (last as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
});

afterAll(async () => {
  await ctx?.close();
});

/**
 * Audit entries without an author: a route that writes outside comAuditoria would leave its
 * changes attributed to nobody. Demo seeding is the system's, so only entries made after the
 * suite started count.
 */
let auditStart = 0;
async function unattributedAuditRows(): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`SELECT count(*)::int AS n FROM auditoria WHERE id > ${auditStart} AND usuario_id IS NULL`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

/** Row counts after the last request: what a refused request must leave unchanged. */
let baseline: Record<string, number>;
/** The next transaction id when `baseline` was counted. */
let baselineXid = '';

async function rowCounts(): Promise<Record<string, number>> {
  const result = await ctx.database.db.execute(countQuery);
  return (result as unknown as { rows: Array<Record<string, number>> }).rows[0]!;
}

/**
 * Recounts only when a transaction id was taken since the last count: a write takes one, even
 * when rolled back, so an unchanged id means no row changed. Counting every table after every
 * request was half of this suite's time on the embedded database.
 */
async function refreshBaseline(): Promise<void> {
  const result = await ctx.database.db.execute(
    sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid`,
  );
  const xid = (result as unknown as { rows: Array<{ xid: string }> }).rows[0]!.xid;
  if (xid === baselineXid) return;
  baselineXid = xid;
  baseline = await rowCounts();
}

/** Path parameters of existing demo records, so a body reaches the handler. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

async function send(route: ApiRoute, url: string, sample: Sample, auth = token) {
  const started = performance.now();
  const response: LightMyRequestResponse = await ctx.app.inject({
    method: route.method as 'POST',
    url,
    headers: {
      authorization: `Bearer ${auth}`,
      ...(sample.contentType ? { 'content-type': sample.contentType } : {}),
    },
    ...(sample.body !== undefined ? { payload: sample.body } : {}),
  });
  return { response, ms: performance.now() - started };
}

interface Problem {
  route: string;
  problem: string;
  body: string | undefined;
  answer: string;
}

/** Sends one sample; answers its status and what is wrong with the answer, if anything. */
async function check(
  route: ApiRoute,
  url: string,
  sample: Sample,
): Promise<{ status: number; problem?: Problem }> {
  // Signing out revokes the token it is called with: that route gets a session of its own.
  const auth =
    route.url === '/api/auth/logout' ? await createSession(ctx.database.db, 1, 60_000) : token;
  const { response, ms } = await send(route, url, sample, auth);
  const report = (problem: string): Problem => ({
    route: `${route.method} ${url}`,
    problem,
    body: sample.body?.slice(0, 300),
    answer: `${response.statusCode} ${response.body.slice(0, 300)}`,
  });
  const status = response.statusCode;
  if (status >= 500) return { status, problem: report('5xx') };
  if (status < 300 && (await unattributedAuditRows()) > 0) {
    return { status, problem: report('gravou sem autor na auditoria (use comAuditoria)') };
  }
  if (ms > SLOW_MS && !SLOW_ALLOWED.has(`${route.method} ${route.url}`)) {
    return { status, problem: report(`lento: ${Math.round(ms)} ms`) };
  }
  const before = baseline;
  await refreshBaseline();
  if (status >= 400) {
    const after = baseline;
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0) {
      return { status, problem: report(`recusada mas gravou em: ${changed.join(', ')}`) };
    }
    const body = response.json<{ message?: unknown }>();
    if (typeof body.message !== 'string' || body.message === '') {
      return { status, problem: report('sem mensagem') };
    }
  }
  return { status };
}

describe('bad-input fuzz', () => {
  it(`sends ${RUNS} generated bodies to every POST, PUT and PATCH route, with no 5xx, slow answer or leaked write`, async () => {
    const routes = ctx.app.apiRoutes.filter((route) =>
      ['POST', 'PUT', 'PATCH'].includes(route.method),
    );
    expect(routes.length).toBeGreaterThan(15);
    const problems: Problem[] = [];
    let tried = 0;
    for (const [index, route] of routes.entries()) {
      const valid = VALID[`${route.method} ${route.url}`] ?? {};
      const bodies = fc.sample(samples(valid), { numRuns: RUNS, seed: SEED + index });
      for (const sample of bodies) {
        const { problem } = await check(route, concrete(route.url), sample);
        tried++;
        if (problem) problems.push(problem);
      }
    }
    console.info(`fuzz: ${routes.length} rotas, ${tried} corpos, ${problems.length} problemas`);
    expect(problems.slice(0, 10)).toEqual([]);
  }, 600_000);

  it('answers 4xx to bad path ids on every route with parameters', async () => {
    const badIds = [
      '0',
      '-1',
      '1.5',
      'abc',
      '1e309',
      '2147483648',
      '9'.repeat(40),
      '%00',
      '%E0%A4%A',
    ];
    const problems: Problem[] = [];
    let tried = 0;
    for (const route of ctx.app.apiRoutes.filter((candidate) => candidate.url.includes(':'))) {
      const valid = VALID[`${route.method} ${route.url}`];
      for (const id of badIds) {
        const url = route.url.replace(/:[A-Za-z]+/, id).replace(/:[A-Za-z]+/g, '1');
        const sample = valid ? json(valid) : { body: undefined, contentType: undefined };
        const { status, problem } = await check(route, url, sample);
        tried++;
        if (problem) problems.push(problem);
        else if (status < 400) {
          problems.push({ route: url, problem: 'aceito', body: sample.body, answer: `${status}` });
        }
      }
    }
    console.info(`fuzz: ${tried} ids inválidos`);
    expect(problems).toEqual([]);
  });

  it('answers no 5xx to junk query strings on every GET route without parameters', async () => {
    const junk = [
      'limit=-1&offset=abc',
      'limit=1e309',
      'de=2026-02-30&ate=x',
      `q=${'%C3%A3'.repeat(2_000)}`,
      '__proto__[role]=admin&constructor[prototype][x]=1',
      'status=nope&status=vencido',
      '%E0%A4%A=1',
      'a=%00',
      // Sort whitelists, flags, ids out of range and LIKE wildcards (GET /api/produtos).
      'sort=preco;DROP TABLE produtos&order=sideways',
      'sort=__proto__&order=desc&limit=500&offset=1000000000',
      'categoria_id=2147483648&ativo=talvez&movimenta_estoque=1',
      'abaixo_minimo=true&sem_estoque=true&q=%25_%5C&limit=1',
    ];
    const problems: Problem[] = [];
    let tried = 0;
    const routes = ctx.app.apiRoutes.filter(
      (route) => route.method === 'GET' && !route.url.includes(':'),
    );
    expect(routes.map((route) => route.url)).toContain('/api/notificacoes');
    for (const route of routes) {
      for (const query of junk) {
        const sample = { body: undefined, contentType: undefined };
        const { problem } = await check(route, `${route.url}?${query}`, sample);
        tried++;
        if (problem) problems.push(problem);
      }
    }
    console.info(`fuzz: ${tried} consultas GET inválidas`);
    expect(problems).toEqual([]);
  });

  it('refuses bad uploads with pt-BR messages and stores nothing', async () => {
    const file = (field: string, name: string, content: Buffer): TestFile => ({
      field,
      name,
      type: 'image/jpeg',
      content,
    });
    const oversize = Buffer.concat([GIF, Buffer.alloc(5 * 1024 * 1024)]);
    const cliente = JSON.stringify({ tipo: 'funcionario', nome: 'Com foto', rg: '1', cpf: null });
    const cases: Array<{
      url: string;
      fields: Record<string, string>;
      files: TestFile[];
      status: number;
    }> = [
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: [file('foto', 'grande.jpg', oversize)],
        status: 413,
      },
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: [file('foto', 'foto.jpg', PNG)],
        status: 415,
      },
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: [file('foto', 'texto.jpg', Buffer.from('não sou imagem'))],
        status: 415,
      },
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: [file('foto', 'vazio.jpg', Buffer.alloc(0))],
        status: 400,
      },
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: [file('foto', 'a.gif', GIF), file('foto', 'b.gif', GIF)],
        status: 400,
      },
      {
        url: '/api/cadastros',
        fields: { dados: cliente },
        files: Array.from({ length: 11 }, (_, i) => file('anexos', `${i}.pdf`, GIF)),
        status: 400,
      },
      {
        url: '/api/produtos/1/fotos',
        fields: {},
        files: [file('fotos', 'grande.png', oversize)],
        status: 413,
      },
      {
        url: '/api/produtos/1/fotos',
        fields: {},
        files: [file('fotos', 'script.png', Buffer.from('<script>'))],
        status: 415,
      },
      {
        url: '/api/produtos/1/fotos',
        fields: {},
        files: [file('fotos', 'vazio.png', Buffer.alloc(0))],
        status: 400,
      },
      {
        url: '/api/produtos/1/fotos',
        fields: {},
        files: Array.from({ length: 11 }, (_, i) => file('fotos', `${i}.gif`, GIF)),
        status: 400,
      },
      { url: '/api/produtos', fields: { dados: '{"nome":"x"' }, files: [], status: 400 },
      {
        url: '/api/ordens-servico/1/anexos',
        fields: {},
        files: [file('anexos', 'grande.pdf', oversize)],
        status: 413,
      },
      {
        url: '/api/ordens-servico/1/anexos',
        fields: {},
        files: [file('anexos', 'laudo.pdf', Buffer.from('não sou PDF'))],
        status: 415,
      },
      {
        url: '/api/ordens-servico/1/anexos',
        fields: {},
        files: Array.from({ length: 11 }, (_, i) => file('anexos', `${i}.gif`, GIF)),
        status: 400,
      },
      {
        url: '/api/orcamentos/1/anexos',
        fields: {},
        files: [file('anexos', 'planta.pdf', Buffer.from('não sou PDF'))],
        status: 415,
      },
      {
        url: '/api/orcamentos/1/anexos',
        fields: {},
        files: Array.from({ length: 11 }, (_, i) => file('anexos', `${i}.gif`, GIF)),
        status: 400,
      },
      {
        url: '/api/entradas-nfe/previa',
        fields: {},
        files: [file('xml', 'nota.xml', Buffer.from('não sou XML'))],
        status: 400,
      },
      {
        url: '/api/entradas-nfe/previa',
        fields: {},
        files: [
          file('xml', 'a.xml', Buffer.from('<a/>')),
          file('xml', 'b.xml', Buffer.from('<b/>')),
        ],
        status: 400,
      },
      {
        url: '/api/entradas-nfe',
        fields: { dados: '{"itens":' },
        files: [file('xml', 'nota.xml', Buffer.from('<nfeProc/>'))],
        status: 400,
      },
      {
        url: '/api/entradas-nfe',
        fields: { dados: '{"itens":[]}' },
        files: [file('xml', 'nota.xml', Buffer.from(`<nfeProc>${'x'.repeat(1000)}`))],
        status: 400,
      },
    ];
    for (const { url, fields, files, status } of cases) {
      const before = await rowCounts();
      const response = await ctx.request({ method: 'POST', url, ...multipart(fields, files) });
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      expect(response.json<{ message: string }>().message).toMatch(/[a-zà-ú]{3}/);
      expect(await rowCounts()).toEqual(before);
    }
  });

  it('answers 400 to a multipart body without its boundary', async () => {
    for (const url of ['/api/produtos', '/api/cadastros', '/api/produtos/1/fotos']) {
      const response = await ctx.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'multipart/form-data' },
        payload: '{"nome":"x"}',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(
        'O envio de arquivos está malformado. Envie o formulário novamente.',
      );
    }
  });
});
