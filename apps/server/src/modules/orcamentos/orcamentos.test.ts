import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import { toCentavos } from '@prumo/shared/money';
import {
  dividirEmParcelas,
  INTRODUCAO_PADRAO,
  ORCAMENTO_MESSAGES,
  type Orcamento,
  type OrcamentoResumo,
} from '@prumo/shared/orcamentos';
import type { OrdemServico } from '@prumo/shared/ordens-servico';
import { VENDA_MESSAGES, type Venda } from '@prumo/shared/vendas';
import { textoDoPdf } from '../../pdf/pdf-teste';
import { ENDERECO, novoProduto, novoServico, postsDe, primeiro } from '../../test/documentos';
import { multipart, PNG } from '../../test/multipart-body';
import { DEMO_PASSWORD } from '../../seed/demo-users';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

let ctx: TestContext;
let clienteId: number;
let vendedorId: number;
let transportadoraId: number;
let servicoId: number;
let hoje: string;

type Json = Record<string, unknown>;

beforeAll(async () => {
  ctx = await createTestContext();
  hoje = todayISO(ctx.config.timeZone);
  clienteId = await primeiro(ctx, 'cliente');
  vendedorId = await primeiro(ctx, 'funcionario');
  transportadoraId = await primeiro(ctx, 'transportadora');
  servicoId = await novoServico(ctx, 'Instalação de teste');
});
afterAll(() => ctx?.close());

let sequence = 0;
const createProduto = (extra: Json = {}) =>
  novoProduto(ctx, { nome: `Item orçado ${++sequence} ${Date.now()}`, estoque: 100, ...extra });

const { post, postOk } = postsDe<Orcamento>(() => ctx, '/api/orcamentos');
const status = (id: number, para: string, extra: Json = {}) =>
  ctx.request({
    method: 'PATCH',
    url: `/api/orcamentos/${id}/status`,
    payload: { status: para, ...extra },
  });
async function aprovado(payload: Json): Promise<Orcamento> {
  const orcamento = await postOk(payload);
  expect((await status(orcamento.id, 'pendente')).statusCode).toBe(200);
  const resposta = await status(orcamento.id, 'aprovado');
  expect(resposta.statusCode, resposta.body).toBe(200);
  return resposta.json();
}
const converter = (id: number, payload: Json = {}, as?: string) =>
  ctx.request({ method: 'POST', url: `/api/orcamentos/${id}/converter`, payload, as });
const get = async <T>(url: string) => (await ctx.request({ method: 'GET', url })).json<T>();

describe('POST /api/orcamentos', () => {
  it('saves every field of the form, prices lines from the catalogues and computes the rest', async () => {
    const produto = await createProduto();
    const orcamento = await postOk({
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      data: hoje,
      validade_dias: 15,
      prazo_entrega: '10 dias úteis',
      aos_cuidados: 'Compras',
      canal_venda: 'online',
      centro_custo: 'Loja 1',
      produtos: [
        { produto_id: produto.id, quantidade: 3, desconto: 5, subtotal: 1 },
        { nome: 'Embalagem especial', detalhes: 'Caixa kraft', quantidade: 2, valor: 4.5 },
      ],
      servicos: [{ servico_id: servicoId, quantidade: 1.5, valor: 100 }],
      frete: 12.34,
      transportadora_id: transportadoraId,
      ...ENDERECO,
      exibir_valor_total: false,
      forma_pagamento: 'boleto',
      condicao_pagamento: 'parcelado',
      parcelas: [
        { vencimento: addDaysISO(hoje, 30), valor: 100 },
        { vencimento: addDaysISO(hoje, 60), valor: 141.34 },
      ],
      observacoes: 'Entrega combinada',
      observacoes_internas: 'Margem apertada',
      valor_total: 1,
      tipo: 'produto',
      usuario_id: 1,
    });
    expect(orcamento).toMatchObject({
      status: 'rascunho',
      tipo: 'misto',
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      data: hoje,
      validade_dias: 15,
      data_vencimento: addDaysISO(hoje, 15),
      canal_venda: 'online',
      introducao: INTRODUCAO_PADRAO,
      total_produtos: 79, // 3 × 25 − 5 + 2 × 4,50
      total_servicos: 150, // 1,5 × 100
      valor_subtotal: 229,
      valor_total: 241.34,
      transportadora_id: transportadoraId,
      condicoes_pagamento: 'Parcelado em 2x',
      exibir_valor_total: false,
      venda_id: null,
      ordem_servico_id: null,
    });
    expect(orcamento.numero).toBeGreaterThan(0);
    expect(orcamento.responsavel).toBe(orcamento.vendedor_nome);
    expect(orcamento.produtos.map((l) => [l.produto_id, l.nome, l.subtotal])).toEqual([
      [produto.id, produto.nome, 70],
      [null, 'Embalagem especial', 9],
    ]);
    expect(orcamento.parcelas.map((p) => p.numero)).toEqual([1, 2]);
    expect(orcamento.historico.map((h) => h.status)).toEqual(['rascunho']);
  });

  it("accepts the spec's save call: a prospect's name and no lines", async () => {
    const orcamento = await postOk({
      cliente_nome: 'Padaria Pão Quente',
      tipo: 'servico',
      valor_subtotal: 10,
      valor_total: 10,
      data_vencimento: '2000-01-01',
      validade_dias: 30,
      observacoes: null,
      condicoes_pagamento: 'À vista',
      prazo_entrega: null,
      responsavel: 'Maria',
      usuario_id: 1,
    });
    expect(orcamento).toMatchObject({
      cliente_id: null,
      cliente_nome: 'Padaria Pão Quente',
      tipo: 'produto',
      valor_total: 0,
      data_vencimento: addDaysISO(hoje, 30),
      condicoes_pagamento: 'À vista',
      responsavel: 'Maria',
    });
  });

  it('refuses in pt-BR per field, and saves nothing', async () => {
    const produto = await createProduto();
    const antes = (await ctx.request({ method: 'GET', url: '/api/orcamentos?limit=1' })).headers[
      'x-total-count'
    ];
    const casos: Array<[Json, string, string]> = [
      [{}, 'cliente_nome', ORCAMENTO_MESSAGES.clienteObrigatorio],
      [{ cliente_id: vendedorId }, 'cliente_id', ORCAMENTO_MESSAGES.clienteNaoEncontrado],
      [
        { cliente_id: clienteId, transportadora_id: clienteId },
        'transportadora_id',
        ORCAMENTO_MESSAGES.transportadoraNaoEncontrada,
      ],
      [
        { cliente_id: clienteId, produtos: [{ produto_id: produto.id, quantidade: 1.5 }] },
        'produtos.0.quantidade',
        'deve ser um número inteiro',
      ],
      [
        { cliente_id: clienteId, produtos: [{ produto_id: produto.id, desconto: 30 }] },
        'produtos.0.desconto',
        'O desconto do item não pode ser maior',
      ],
      [
        {
          cliente_id: clienteId,
          produtos: [{ produto_id: produto.id }],
          condicao_pagamento: 'parcelado',
          parcelas: [
            { vencimento: hoje, valor: 10 },
            { vencimento: hoje, valor: 10 },
          ],
        },
        'parcelas',
        'A soma das parcelas (R$\u00a020,00) deve ser igual ao total do orçamento (R$\u00a025,00).',
      ],
      [
        {
          cliente_id: clienteId,
          data: hoje,
          produtos: [{ produto_id: produto.id }],
          condicao_pagamento: 'parcelado',
          parcelas: [
            { vencimento: addDaysISO(hoje, -1), valor: 10 },
            { vencimento: hoje, valor: 15 },
          ],
        },
        'parcelas.0.vencimento',
        ORCAMENTO_MESSAGES.parcelaAntesDaData,
      ],
      [
        { cliente_nome: 'X', validade_dias: 0 },
        'validade_dias',
        ORCAMENTO_MESSAGES.validadeInvalida,
      ],
    ];
    for (const [payload, campo, mensagem] of casos) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields[campo], campo).toContain(mensagem);
    }
    const depois = (await ctx.request({ method: 'GET', url: '/api/orcamentos?limit=1' })).headers[
      'x-total-count'
    ];
    expect(depois).toBe(antes);
  });

  it('keeps installments equal to the total to the centavo, the rounding on the first (property)', async () => {
    const produto = await createProduto({ preco: 0.07, unidade_medida: 'KG' });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }).map((g) => g / 1000),
        fc.integer({ min: 0, max: 99_999 }).map((c) => c / 100),
        fc.integer({ min: 2, max: 12 }),
        async (quantidade, frete, n) => {
          const rascunho = await postOk({
            cliente_id: clienteId,
            produtos: [{ produto_id: produto.id, quantidade, valor: 33.33 }],
            servicos: [{ servico_id: servicoId, quantidade: 1 }],
            frete,
          });
          const parcelas = dividirEmParcelas(rascunho.valor_total, n, hoje);
          const response = await ctx.request({
            method: 'PUT',
            url: `/api/orcamentos/${rascunho.id}`,
            payload: {
              cliente_id: clienteId,
              produtos: [{ produto_id: produto.id, quantidade, valor: 33.33 }],
              servicos: [{ servico_id: servicoId, quantidade: 1 }],
              frete,
              condicao_pagamento: 'parcelado',
              parcelas,
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          const salvo = response.json<Orcamento>();
          const esperado = Math.round(quantidade * 3333) + toCentavos(80) + toCentavos(frete);
          expect(toCentavos(salvo.valor_total)).toBe(esperado);
          const centavos = salvo.parcelas.map((p) => toCentavos(p.valor));
          expect(centavos.reduce((a, b) => a + b, 0)).toBe(esperado);
          expect(centavos[0]! - centavos[1]!).toBeGreaterThanOrEqual(0);
          expect(centavos[0]! - centavos[1]!).toBeLessThan(n);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('GET /api/orcamentos', () => {
  it('searches número, customer and responsável without accents, filters by tab, status and period', async () => {
    const marca = `Ótica Visão ${Date.now()}`;
    const produto = await createProduto();
    const soProduto = await postOk({ cliente_nome: marca, produtos: [{ produto_id: produto.id }] });
    const soServico = await postOk({
      cliente_nome: marca,
      responsavel: 'Joaquim Araújo',
      servicos: [{ servico_id: servicoId }],
    });
    const misto = await postOk({
      cliente_nome: marca,
      produtos: [{ produto_id: produto.id }],
      servicos: [{ servico_id: servicoId }],
    });
    const ids = async (query: string) =>
      (await get<OrcamentoResumo[]>(`/api/orcamentos?${query}`)).map((o) => o.id).sort();
    const busca = encodeURIComponent(marca.replace('Ó', 'O').toLowerCase());
    expect(await ids(`q=${busca}`)).toEqual([soProduto.id, soServico.id, misto.id].sort());
    expect(await ids(`q=${busca}&aba=produtos`)).toEqual([soProduto.id, misto.id].sort());
    expect(await ids(`q=${busca}&aba=servicos`)).toEqual([soServico.id, misto.id].sort());
    expect(await ids(`q=${busca}&tipo=misto`)).toEqual([misto.id]);
    expect(await ids(`q=joaquim%20araujo`)).toContain(soServico.id);
    expect(await ids(`q=${soServico.numero}`)).toContain(soServico.id);
    expect(await ids(`q=${busca}&de=${addDaysISO(hoje, 1)}`)).toEqual([]);
    expect(await ids(`q=${busca}&status=rascunho&de=${hoje}&ate=${hoje}`)).toHaveLength(3);

    const pagina = await ctx.request({ method: 'GET', url: `/api/orcamentos?q=${busca}&limit=2` });
    expect(pagina.json()).toHaveLength(2);
    expect(pagina.headers['x-total-count']).toBe('3');
    const linha = pagina.json<OrcamentoResumo[]>()[0]!;
    expect(Object.keys(linha)).toEqual(
      expect.arrayContaining([
        'id',
        'numero',
        'cliente_nome',
        'tipo',
        'valor_total',
        'status',
        'data_criacao',
        'data_vencimento',
        'responsavel',
      ]),
    );
    const invalido = await ctx.request({ method: 'GET', url: '/api/orcamentos?status=aberto' });
    expect(invalido.statusCode).toBe(400);
  });
});

describe('status flow', () => {
  it('sends a draft, records the answer, and then keeps the quote read-only', async () => {
    const vazio = await postOk({ cliente_nome: 'Sem linhas' });
    const semLinhas = await status(vazio.id, 'pendente');
    expect(semLinhas.statusCode).toBe(409);
    expect(semLinhas.json().message).toBe(ORCAMENTO_MESSAGES.semLinhas);

    const orcamento = await postOk({
      cliente_id: clienteId,
      servicos: [{ servico_id: servicoId }],
    });
    const pulando = await status(orcamento.id, 'aprovado');
    expect(pulando.statusCode).toBe(409);
    expect(pulando.json().error).toBe('TRANSICAO_INVALIDA');
    expect((await status(orcamento.id, 'pendente')).json().status).toBe('pendente');
    // Still editable while pending.
    const editado = await ctx.request({
      method: 'PUT',
      url: `/api/orcamentos/${orcamento.id}`,
      payload: { cliente_id: clienteId, servicos: [{ servico_id: servicoId, quantidade: 2 }] },
    });
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json().status).toBe('pendente');
    const rejeitado = await status(orcamento.id, 'rejeitado', { observacao: 'Preço alto' });
    expect(rejeitado.json<Orcamento>().historico.map((h) => [h.status, h.observacao])).toEqual([
      ['rascunho', null],
      ['pendente', null],
      ['rejeitado', 'Preço alto'],
    ]);
    const depois = await ctx.request({
      method: 'PUT',
      url: `/api/orcamentos/${orcamento.id}`,
      payload: { cliente_id: clienteId },
    });
    expect(depois.statusCode).toBe(409);
    expect(depois.json().message).toBe(ORCAMENTO_MESSAGES.naoEditavel);
    expect((await status(orcamento.id, 'aprovado')).statusCode).toBe(409);
  });

  it('PUT keeps what it leaves out: new notes keep the lines, the installments and the rest', async () => {
    const produto = await createProduto({ preco: 12 });
    const orcamento = await postOk({
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      produtos: [{ produto_id: produto.id, quantidade: 3 }],
      servicos: [{ servico_id: servicoId, quantidade: 1, valor: 50 }],
      frete: 4.5,
      forma_pagamento: 'PIX',
      cidade: 'Santos',
      observacoes: 'Antes',
    });
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/orcamentos/${orcamento.id}`,
      payload: { observacoes: 'Depois' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const editado = response.json<Orcamento>();
    expect(editado).toMatchObject({
      observacoes: 'Depois',
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      frete: 4.5,
      forma_pagamento: 'pix',
      cidade: 'Santos',
      valor_total: orcamento.valor_total,
    });
    expect(editado.produtos.map((l) => [l.produto_id, l.quantidade, l.valor])).toEqual(
      orcamento.produtos.map((l) => [l.produto_id, l.quantidade, l.valor]),
    );
    expect(editado.servicos).toHaveLength(1);
  });

  it("expires a pending quote the day after its last valid day, in the company's calendar", async () => {
    const linha = { servicos: [{ servico_id: servicoId }] };
    // Last valid day today: still pending. Last valid day yesterday: expired.
    const vale = await postOk({ cliente_id: clienteId, data: addDaysISO(hoje, -30), ...linha });
    const vencido = await postOk({ cliente_id: clienteId, data: addDaysISO(hoje, -31), ...linha });
    const rascunhoAntigo = await postOk({ cliente_id: clienteId, data: '2020-01-01', ...linha });
    await status(vale.id, 'pendente');
    const expirado = await status(vencido.id, 'pendente');
    expect(expirado.json().status).toBe('expirado');
    expect((await get<Orcamento>(`/api/orcamentos/${vale.id}`)).status).toBe('pendente');
    expect((await get<Orcamento>(`/api/orcamentos/${rascunhoAntigo.id}`)).status).toBe('rascunho');
    const expirados = await get<OrcamentoResumo[]>('/api/orcamentos?status=expirado&limit=500');
    expect(expirados.map((o) => o.id)).toContain(vencido.id);
    expect(expirados.map((o) => o.id)).not.toContain(vale.id);
    const pendentes = await get<OrcamentoResumo[]>('/api/orcamentos?status=pendente&limit=500');
    expect(pendentes.map((o) => o.id)).toContain(vale.id);
    expect(pendentes.map((o) => o.id)).not.toContain(vencido.id);

    const aprovar = await status(vencido.id, 'aprovado');
    expect(aprovar.statusCode).toBe(409);
    expect(aprovar.json().message).toBe(ORCAMENTO_MESSAGES.expirado);
    const editar = await ctx.request({
      method: 'PUT',
      url: `/api/orcamentos/${vencido.id}`,
      payload: { cliente_id: clienteId, ...linha },
    });
    expect(editar.json().message).toBe(ORCAMENTO_MESSAGES.expirado);
  });

  it('duplicates any quote into a new draft dated today, installments shifted with it', async () => {
    const antigo = await postOk({
      cliente_id: clienteId,
      data: addDaysISO(hoje, -40),
      servicos: [{ servico_id: servicoId, quantidade: 2, desconto: 10 }],
      condicao_pagamento: 'parcelado',
      parcelas: [
        { vencimento: addDaysISO(hoje, -10), valor: 100 },
        { vencimento: addDaysISO(hoje, 20), valor: 50 },
      ],
    });
    await status(antigo.id, 'pendente');
    const response = await ctx.request({
      method: 'POST',
      url: `/api/orcamentos/${antigo.id}/duplicar`,
    });
    expect(response.statusCode, response.body).toBe(201);
    const copia = response.json<Orcamento>();
    expect(copia.id).not.toBe(antigo.id);
    expect(copia).toMatchObject({
      status: 'rascunho',
      data: hoje,
      data_vencimento: addDaysISO(hoje, 30),
      valor_total: 150,
      servicos: [expect.objectContaining({ servico_id: servicoId, quantidade: 2, desconto: 10 })],
      parcelas: [
        { numero: 1, vencimento: addDaysISO(hoje, 30), valor: 100 },
        { numero: 2, vencimento: addDaysISO(hoje, 60), valor: 50 },
      ],
    });
    expect(copia.historico[0]!.observacao).toContain(
      `Nº ${String(antigo.numero).padStart(6, '0')}`,
    );
  });
});

describe('POST /api/orcamentos/{id}/converter', () => {
  it('turns an approved mixed quote into a pending sale and an open order, linked both ways', async () => {
    const produto = await createProduto({ preco: 40 });
    const estoqueAntes = (await get<{ estoque: number }>(`/api/produtos/${produto.id}`)).estoque;
    const orcamento = await aprovado({
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      produtos: [{ produto_id: produto.id, quantidade: 2, valor: 38, desconto: 1 }],
      servicos: [{ servico_id: servicoId, quantidade: 1, valor: 90 }],
      frete: 15,
      forma_pagamento: 'pix',
      cidade: 'Campinas',
      uf: 'SP',
      observacoes: 'Instalar na sexta',
    });
    const response = await converter(orcamento.id);
    expect(response.statusCode, response.body).toBe(200);
    const { venda_id, ordem_servico_id } = response.json<{
      venda_id: number;
      ordem_servico_id: number;
    }>();

    const venda = await get<Venda>(`/api/vendas/${venda_id}`);
    expect(venda).toMatchObject({
      tipo: 'produto',
      status: 'Pendente',
      cliente_id: clienteId,
      forma_pagamento: 'pix',
      valor_total: 75, // 2 × 38 − 1
      frete: 15,
      valor_final: 90,
      orcamento_id: orcamento.id,
      orcamento_numero: orcamento.numero,
    });
    expect(venda.itens.map((i) => [i.produto_id, i.quantidade, i.preco_unitario])).toEqual([
      [produto.id, 2, 38],
    ]);
    const os = await get<OrdemServico>(`/api/ordens-servico/${ordem_servico_id}`);
    expect(os).toMatchObject({
      situacao: 'em-aberto',
      cliente_id: clienteId,
      vendedor_id: vendedorId,
      mao_de_obra: 90,
      frete: 0,
      valor_total: 90,
      cidade: 'Campinas',
      orcamento_id: orcamento.id,
    });
    const convertido = await get<Orcamento>(`/api/orcamentos/${orcamento.id}`);
    expect(convertido).toMatchObject({
      status: 'aprovado',
      venda_id,
      ordem_servico_id,
      venda_numero: venda.numero,
      ordem_servico_numero: os.numero,
    });
    expect(convertido.convertido_em).not.toBeNull();
    // A pending sale has not moved stock yet.
    expect((await get<{ estoque: number }>(`/api/produtos/${produto.id}`)).estoque).toBe(
      estoqueAntes,
    );

    const denovo = await converter(orcamento.id);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().message).toBe(ORCAMENTO_MESSAGES.jaConvertido);
    const excluir = await ctx.request({ method: 'DELETE', url: `/api/orcamentos/${orcamento.id}` });
    expect(excluir.statusCode).toBe(409);
  });

  it('converts once however many requests arrive together', async () => {
    const orcamento = await aprovado({
      cliente_id: clienteId,
      servicos: [{ servico_id: servicoId }],
    });
    const respostas = await Promise.all(Array.from({ length: 4 }, () => converter(orcamento.id)));
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const result = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ordens_servico WHERE observacoes_internas LIKE ${`Orçamento Nº ${String(orcamento.numero).padStart(6, '0')}%`}`,
    );
    expect((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('asks what it needs, and creates nothing until it has it', async () => {
    const produto = await createProduto();
    const prospect = await aprovado({
      cliente_nome: 'Cliente Novo',
      produtos: [{ produto_id: produto.id }],
    });
    const semCliente = await converter(prospect.id);
    expect(semCliente.statusCode).toBe(400);
    expect(semCliente.json().fields.cliente_id).toBe(ORCAMENTO_MESSAGES.clienteParaConverter);
    const ok = await converter(prospect.id, { cliente_id: clienteId, forma_pagamento: 'Dinheiro' });
    expect(ok.statusCode, ok.body).toBe(200);
    const ligado = await get<Orcamento>(`/api/orcamentos/${prospect.id}`);
    expect(ligado.cliente_id).toBe(clienteId);
    expect((await get<Venda>(`/api/vendas/${ok.json().venda_id}`)).forma_pagamento).toBe(
      'dinheiro',
    );

    const livre = await aprovado({
      cliente_id: clienteId,
      servicos: [{ nome: 'Visita técnica', valor: 50 }],
    });
    const foraDoCatalogo = await converter(livre.id);
    expect(foraDoCatalogo.statusCode).toBe(409);
    expect(foraDoCatalogo.json().message).toContain('Visita técnica');

    const rascunho = await postOk({ cliente_id: clienteId, servicos: [{ servico_id: servicoId }] });
    expect((await converter(rascunho.id)).json().message).toBe(
      ORCAMENTO_MESSAGES.converterSoAprovado,
    );

    // A user's discount above the limit needs a manager, as at the counter; nothing is written.
    const caro = await createProduto({ preco: 100 });
    const desconto = await aprovado({
      cliente_id: clienteId,
      produtos: [{ produto_id: caro.id, valor: 50 }],
      servicos: [{ servico_id: servicoId }],
      forma_pagamento: 'pix',
    });
    const semAutorizacao = await converter(desconto.id, {}, USER_EMAIL);
    expect(semAutorizacao.statusCode).toBe(403);
    expect(semAutorizacao.json().error).toBe('AUTORIZACAO_NECESSARIA');
    const intacto = await get<Orcamento>(`/api/orcamentos/${desconto.id}`);
    expect([intacto.venda_id, intacto.ordem_servico_id]).toEqual([null, null]);
    const autorizado = await converter(
      desconto.id,
      { autorizacao: { email: MANAGER_EMAIL, senha: DEMO_PASSWORD } },
      USER_EMAIL,
    );
    expect(autorizado.statusCode, autorizado.body).toBe(200);
    expect((await get<Venda>(`/api/vendas/${autorizado.json().venda_id}`)).valor_final).toBe(50);
  });
});

describe('POST /api/orcamentos/{id}/converter with an empty body', () => {
  it('converts the quote as it is: a sale without a method stays Pendente until it gets one', async () => {
    const produto = await createProduto({ preco: 30 });
    const orcamento = await aprovado({
      cliente_id: clienteId,
      produtos: [{ produto_id: produto.id, quantidade: 2 }],
    });
    // No body at all, as a new client sends it.
    const response = await ctx.request({
      method: 'POST',
      url: `/api/orcamentos/${orcamento.id}/converter`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const vendaId = response.json<{ venda_id: number }>().venda_id;
    const venda = await get<Venda>(`/api/vendas/${vendaId}`);
    expect(venda).toMatchObject({
      status: 'Pendente',
      forma_pagamento: null,
      pagamentos: [],
      valor_final: 60,
    });

    const finalizar = () =>
      ctx.request({
        method: 'PATCH',
        url: `/api/vendas/${vendaId}/status`,
        payload: { status: 'Finalizada' },
      });
    const semForma = await finalizar();
    expect(semForma.statusCode).toBe(409);
    expect(semForma.json().fields.forma_pagamento).toBe(VENDA_MESSAGES.formaParaFinalizar);
    expect((await get<Venda>(`/api/vendas/${vendaId}`)).status).toBe('Pendente');

    const comForma = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${vendaId}`,
      payload: {
        tipo: 'produto',
        cliente_id: clienteId,
        forma_pagamento: 'PIX',
        itens: [{ produto_id: produto.id, quantidade: 2 }],
      },
    });
    expect(comForma.statusCode, comForma.body).toBe(200);
    expect(comForma.json<Venda>().forma_pagamento).toBe('pix');
    const finalizada = await finalizar();
    expect(finalizada.statusCode, finalizada.body).toBe(200);
    expect(finalizada.json<Venda>().status).toBe('Finalizada');
  });

  it("takes an empty JSON object and the quote's own method", async () => {
    const produto = await createProduto({ preco: 10 });
    const orcamento = await aprovado({
      cliente_id: clienteId,
      produtos: [{ produto_id: produto.id }],
      forma_pagamento: 'Cartão de Débito',
    });
    expect(orcamento.forma_pagamento).toBe('cartao_debito');
    const response = await converter(orcamento.id, {});
    expect(response.statusCode, response.body).toBe(200);
    const venda = await get<Venda>(`/api/vendas/${response.json().venda_id}`);
    expect(venda.forma_pagamento).toBe('cartao_debito');
  });
});

describe('delete, attachments and PDF', () => {
  it('deletes a quote not converted, with its files', async () => {
    const orcamento = await postOk({ cliente_nome: 'Para excluir' });
    const url = `/api/orcamentos/${orcamento.id}`;
    const anexado = await ctx.request({
      method: 'POST',
      url: `${url}/anexos`,
      ...multipart({}, [{ field: 'anexos', name: 'planta.png', type: 'image/png', content: PNG }]),
    });
    expect(anexado.statusCode, anexado.body).toBe(201);
    const [anexo] = anexado.json<Orcamento>().anexos;
    const download = await ctx.request({ method: 'GET', url: `${url}/anexos/${anexo!.id}` });
    expect(download.rawPayload.equals(PNG)).toBe(true);
    const falso = await ctx.request({
      method: 'POST',
      url: `${url}/anexos`,
      ...multipart({}, [
        { field: 'anexos', name: 'x.png', type: 'image/png', content: Buffer.from('<svg>') },
      ]),
    });
    expect(falso.statusCode).toBe(415);
    expect((await ctx.request({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(404);
    const arquivos = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM arquivos WHERE id = ${anexo!.id}`,
    );
    expect((arquivos as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('prints the quote as the customer receives it, never the internal notes', async () => {
    const orcamento = await postOk({
      cliente_nome: 'Construtora Horizonte',
      aos_cuidados: 'Eng. Paula',
      servicos: [{ servico_id: servicoId, quantidade: 3 }],
      condicao_pagamento: 'parcelado',
      forma_pagamento: 'boleto',
      parcelas: dividirEmParcelas(240, 3, addDaysISO(hoje, 30)),
      prazo_entrega: '15 dias',
      observacoes: 'Material por conta do cliente',
      observacoes_internas: 'SEGREDO INTERNO',
    });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/orcamentos/${orcamento.id}/pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(response.rawPayload);
    for (const esperado of [
      String(orcamento.numero).padStart(6, '0'),
      'Construtora Horizonte',
      'Eng. Paula',
      'Válido até',
      'Parcelado em 3x',
      '3/3',
      'R$ 240,00',
      '15 dias',
      'Material por conta do cliente',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).not.toContain('SEGREDO INTERNO');
  });
});
