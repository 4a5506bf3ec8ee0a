import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Calendario,
  type ItemLocavel,
  type Locacao,
  type LocacaoResumo,
  type LocacoesContagem,
} from '@prumo/shared/contratos';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import { selectRows } from '../../db/sql-helpers';
import { textoDoPdf } from '../../pdf/pdf-teste';
import { productsOutOfBalance } from '../../test/estoque-ledger';
import { clienteDemo } from '../../test/fiscal';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';

/*
 * Equipment rentals (issue 31, Locações): rentable items and their units, the cheapest price of
 * a period, units never booked twice (20 simultaneous bookings of one unit: one wins, on both
 * databases), check-out and check-in through the stock ledger and Financeiro, each bill once,
 * the late fee at the day rate, the caução returned less damages, Atrasadas, the calendar and
 * the printed contract.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
const HOJE = todayISO();
let produtos = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
});
afterAll(() => ctx?.close());

async function produto(dados: Json = {}): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/produtos',
    payload: {
      nome: `Máquina de teste ${++produtos}`,
      custo: 100,
      preco: 200,
      estoque: 5,
      ...dados,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function item(dados: Json = {}, produtoDados: Json = {}): Promise<ItemLocavel> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/locacoes/itens',
    payload: {
      produto_id: await produto(produtoDados),
      preco_diaria: 50,
      preco_semanal: 250,
      preco_mensal: 800,
      unidades: [{ identificacao: 'PAT-1' }],
      ...dados,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ItemLocavel>();
}

const novaLocacao = (dados: Json) =>
  ctx.request({
    method: 'POST',
    url: '/api/locacoes',
    payload: {
      cliente_id: clienteId,
      retirada: addDaysISO(HOJE, 1),
      devolucao_prevista: addDaysISO(HOJE, 9),
      forma_pagamento: 'pix',
      ...dados,
    },
  });

async function locacao(dados: Json): Promise<Locacao> {
  const response = await novaLocacao(dados);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Locacao>();
}

const situacao = (id: number, body: Json, idempotencyKey?: string) =>
  ctx.request({
    method: 'PATCH',
    url: `/api/locacoes/${id}/status`,
    payload: body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });

async function mover(id: number, body: Json): Promise<Locacao> {
  const response = await situacao(id, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Locacao>();
}

const estoque = async (produtoId: number) =>
  (await ctx.request({ method: 'GET', url: `/api/produtos/${produtoId}` })).json<{
    estoque: number;
  }>().estoque;

/** A count the database answers. */
async function contar(consulta: ReturnType<typeof sql>): Promise<number> {
  const [linha] = await selectRows<{ n: number }>(ctx.database.db, consulta);
  return Number(linha?.n);
}

/** The rental's titles in Financeiro: its document number (LC000012), naming it as their origin. */
async function titulosNoFinanceiro(locacao: { id: number; numero: number }) {
  const rows = await selectRows<{ natureza: string; valor: string; descricao: string }>(
    ctx.database.db,
    sql`SELECT natureza, valor, descricao FROM titulos
      WHERE documento = ${`LC${String(locacao.numero).padStart(6, '0')}`}
        AND documento_tipo = 'locacao' AND documento_id = ${locacao.id} ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, valor: Number(r.valor) }));
}

describe('Itens para locação', () => {
  it('makes a product rentable once, with numbered units, and says how many are free', async () => {
    const betoneira = await item({
      unidades: [{ identificacao: 'PAT-1' }, { identificacao: null }, {}],
    });
    expect(betoneira).toMatchObject({
      preco_diaria: 50,
      total_unidades: 3,
      unidades: [
        { numero: 1, identificacao: 'PAT-1', ativo: true },
        { numero: 2, identificacao: null },
        { numero: 3 },
      ],
    });
    const repetido = await ctx.request({
      method: 'POST',
      url: '/api/locacoes/itens',
      payload: { produto_id: betoneira.produto_id, preco_diaria: 10, unidades: [{}] },
    });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toMatchObject({ error: 'DUPLICADO' });

    // A unit left out of a change is retired; a PUT without units keeps the ones in service.
    const alterado = await ctx.request({
      method: 'PUT',
      url: `/api/locacoes/itens/${betoneira.id}`,
      payload: {
        preco_diaria: 55,
        unidades: [
          { id: betoneira.unidades[0]!.id, identificacao: 'PAT-1A' },
          { id: betoneira.unidades[1]!.id },
        ],
      },
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json<ItemLocavel>()).toMatchObject({ preco_diaria: 55, total_unidades: 2 });
    const semUnidades = await ctx.request({
      method: 'PUT',
      url: `/api/locacoes/itens/${betoneira.id}`,
      payload: { preco_semanal: null },
    });
    expect(semUnidades.json<ItemLocavel>()).toMatchObject({
      preco_semanal: null,
      total_unidades: 2,
      unidades: [{ ativo: true }, { ativo: true }, { ativo: false }],
    });

    await locacao({ itens: [{ item_id: betoneira.id }] });
    const lista = await ctx.request({
      method: 'GET',
      url: `/api/locacoes/itens?limit=50&retirada=${addDaysISO(HOJE, 2)}&devolucao=${addDaysISO(HOJE, 4)}`,
    });
    expect(lista.headers['x-total-count']).toBeDefined();
    const linha = lista.json<ItemLocavel[]>().find((i) => i.id === betoneira.id);
    expect(linha).toMatchObject({ total_unidades: 2, livres: 1 });
  });

  it('refuses a bad item with pt-BR messages', async () => {
    const semDiaria = await ctx.request({
      method: 'POST',
      url: '/api/locacoes/itens',
      payload: { produto_id: await produto(), unidades: [{}] },
    });
    expect(semDiaria.statusCode).toBe(400);
    expect(semDiaria.json().fields).toMatchObject({ preco_diaria: 'Informe o preço da diária' });
    const semProduto = await ctx.request({
      method: 'POST',
      url: '/api/locacoes/itens',
      payload: { produto_id: 999_999, preco_diaria: 10, unidades: [{}] },
    });
    expect(semProduto.statusCode).toBe(400);
    expect(semProduto.json().fields).toMatchObject({ produto_id: 'Produto não encontrado' });
  });
});

describe('Locações', () => {
  it('prices the period by the cheapest months, weeks and days', async () => {
    const maquina = await item({ unidades: [{}, {}] });
    const oito = await locacao({ itens: [{ item_id: maquina.id, quantidade: 2 }] });
    expect(oito).toMatchObject({ situacao: 'Reservada', dias: 8, valor: 600 });
    expect(oito.itens[0]).toMatchObject({ semanas: 1, dias: 1, valor: 300, subtotal: 600 });
    expect(oito.itens[0]!.unidades.map((u) => u.numero)).toEqual([1, 2]);
    const trintaEDois = await locacao({
      retirada: addDaysISO(HOJE, 20),
      devolucao_prevista: addDaysISO(HOJE, 52),
      itens: [{ item_id: maquina.id }],
    });
    // 1 month + 2 days (800 + 100) beats 5 weeks (1250) and 32 days (1600).
    expect(trintaEDois.itens[0]).toMatchObject({ meses: 1, semanas: 0, dias: 2, valor: 900 });
  });

  it('books one of 20 simultaneous rentals of one unit for overlapping days; the rest get 409', async () => {
    const unica = await item();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        novaLocacao({
          retirada: addDaysISO(HOJE, 30 + (k % 3)),
          devolucao_prevista: addDaysISO(HOJE, 35 + (k % 4)),
          itens: [{ item_id: unica.id }],
        }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const recusadas = responses.filter((r) => r.statusCode === 409);
    expect(ok.length).toBe(1);
    expect(recusadas.length).toBe(19);
    for (const r of recusadas) {
      expect(r.json()).toMatchObject({
        error: 'UNIDADE_INDISPONIVEL',
        message: expect.stringMatching(
          /^Nenhuma unidade de Máquina de teste \d+ está livre no período$/,
        ),
      });
    }
    expect(
      await contar(sql`SELECT count(*)::int AS n FROM locacao_reservas r
        JOIN unidades_locaveis u ON u.id = r.unidade_id WHERE u.item_id = ${unica.id}`),
    ).toBe(1);

    // The return day is free for the next rental; the chosen unit itself is refused on a busy day.
    const vencedora = ok[0]!.json<Locacao>();
    const seguinte = await locacao({
      retirada: vencedora.devolucao_prevista,
      devolucao_prevista: addDaysISO(vencedora.devolucao_prevista, 2),
      itens: [{ item_id: unica.id, unidade_id: unica.unidades[0]!.id }],
    });
    expect(seguinte.itens[0]!.unidades[0]!.id).toBe(unica.unidades[0]!.id);
    const ocupada = await novaLocacao({
      retirada: addDaysISO(vencedora.devolucao_prevista, -1),
      devolucao_prevista: vencedora.devolucao_prevista,
      itens: [{ item_id: unica.id, unidade_id: unica.unidades[0]!.id }],
    });
    expect(ocupada.statusCode).toBe(409);
    expect(ocupada.json().fields).toMatchObject({
      'itens.0.unidade_id': expect.stringContaining('nº 1 (PAT-1) já está reservada no período'),
    });

    // Cancelling frees the unit.
    await mover(vencedora.id, { situacao: 'Cancelada', motivo: 'Cliente desistiu' });
    await locacao({
      retirada: vencedora.retirada,
      devolucao_prevista: vencedora.devolucao_prevista,
      itens: [{ item_id: unica.id }],
    });
  });

  it('rents for 8 days, returns 2 days late: stock out and back, each bill once in Financeiro', async () => {
    const maquina = await item({ preco_diaria: 60.5, preco_semanal: 301.25, preco_mensal: null });
    const antes = await estoque(maquina.produto_id);
    const criada = await locacao({
      retirada: addDaysISO(HOJE, -10),
      devolucao_prevista: addDaysISO(HOJE, -2),
      caucao: 500,
      itens: [{ item_id: maquina.id }],
    });
    // 1 week + 1 day: 301,25 + 60,50.
    expect(criada).toMatchObject({ dias: 8, valor: 361.75, caucao: 500 });

    const retirada = await mover(criada.id, { situacao: 'Retirada', data: addDaysISO(HOJE, -10) });
    expect(retirada).toMatchObject({
      situacao: 'Retirada',
      retirada_em: addDaysISO(HOJE, -10),
      atrasada: true,
      dias_atraso: 2,
    });
    expect(await estoque(maquina.produto_id)).toBe(antes - 1);
    expect(retirada.titulos.map((t) => [t.tipo, t.natureza, t.valor])).toEqual([
      ['locacao', 'receber', 361.75],
      ['caucao', 'receber', 500],
    ]);

    // Atrasadas: on the list's filter and in the count.
    const atrasadas = await ctx.request({
      method: 'GET',
      url: '/api/locacoes?atrasadas=true&limit=200',
    });
    expect(atrasadas.json<LocacaoResumo[]>().map((l) => l.id)).toContain(criada.id);
    const contagem = (
      await ctx.request({ method: 'GET', url: '/api/locacoes/resumo' })
    ).json<LocacoesContagem>();
    expect(contagem.atrasadas).toBe(Number(atrasadas.headers['x-total-count']));

    // The calendar holds the unit from the pickup through today.
    const mes = HOJE.slice(0, 7);
    const calendarioResp = await ctx.request({
      method: 'GET',
      url: `/api/locacoes/calendario?mes=${mes}`,
    });
    expect(calendarioResp.statusCode, calendarioResp.body).toBe(200);
    const unidade = calendarioResp
      .json<Calendario>()
      .unidades.find((u) => u.unidade_id === maquina.unidades[0]!.id);
    const ocupacao = unidade!.ocupacoes.find((o) => o.locacao_id === criada.id)!;
    expect(ocupacao).toMatchObject({ ate: HOJE, atrasada: true });
    const inicio = addDaysISO(HOJE, -10);
    expect(ocupacao.de).toBe(inicio.startsWith(mes) ? inicio : `${mes}-01`);

    // Check-in today, 2 days late, 120,00 of damages kept from the caução; retried with the
    // same key it answers the same, and a second check-in is refused.
    const chave = 'devolucao-atrasada';
    const devolvida = await situacao(criada.id, { situacao: 'Devolvida', danos: 120 }, chave);
    expect(devolvida.statusCode, devolvida.body).toBe(200);
    const de_novo = await situacao(criada.id, { situacao: 'Devolvida', danos: 120 }, chave);
    expect(de_novo.json()).toEqual(devolvida.json());
    const outra = await situacao(criada.id, { situacao: 'Devolvida', danos: 120 });
    expect(outra.statusCode).toBe(409);
    expect(outra.json()).toMatchObject({ error: 'TRANSICAO_INVALIDA' });

    expect(devolvida.json<Locacao>()).toMatchObject({
      situacao: 'Devolvida',
      devolvida_em: HOJE,
      dias_atraso: 2,
      multa_atraso: 121,
      danos: 120,
      caucao_devolvida: 380,
      atrasada: false,
    });
    expect(await estoque(maquina.produto_id)).toBe(antes);
    expect(await productsOutOfBalance(ctx.database.db)).toEqual([]);
    expect(await titulosNoFinanceiro(criada)).toEqual([
      expect.objectContaining({ natureza: 'receber', valor: 361.75 }),
      expect.objectContaining({ natureza: 'receber', valor: 500 }),
      expect.objectContaining({
        natureza: 'receber',
        valor: 121,
        descricao: expect.stringMatching(/^Atraso de 2 dias/),
      }),
      expect.objectContaining({ natureza: 'pagar', valor: 380 }),
    ]);
    expect(
      await contar(
        sql`SELECT count(*)::int AS n FROM locacao_movimentacoes WHERE locacao_id = ${criada.id}`,
      ),
    ).toBe(2);

    const pdf = await ctx.request({ method: 'GET', url: `/api/locacoes/${criada.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain('Contrato de Locação');
    expect(texto).toContain('CNPJ: ');
    expect(texto).toContain('Locatário');
    expect(texto).toContain('1 semana + 1 dia');
    expect(texto).toContain('R$ 361,75');
  });

  it('charges late days and prices exact to the centavo, against a BigInt reference', async () => {
    const cent = (reais: number) => BigInt(Math.round(reais * 100));
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (diariaCentavos, dias, atraso, quantidade) => {
          const diaria = diariaCentavos / 100;
          const maquina = await item({
            preco_diaria: diaria,
            preco_semanal: null,
            preco_mensal: null,
            unidades: Array.from({ length: quantidade }, () => ({})),
          });
          const retirada = addDaysISO(HOJE, -(dias + atraso));
          const criada = await locacao({
            retirada,
            devolucao_prevista: addDaysISO(retirada, dias),
            itens: [{ item_id: maquina.id, quantidade }],
          });
          expect(cent(criada.valor)).toBe(
            BigInt(diariaCentavos) * BigInt(dias) * BigInt(quantidade),
          );
          await mover(criada.id, { situacao: 'Retirada', data: retirada });
          const devolvida = await mover(criada.id, { situacao: 'Devolvida' });
          expect(cent(devolvida.multa_atraso!)).toBe(
            BigInt(diariaCentavos) * BigInt(atraso) * BigInt(quantidade),
          );
          expect(devolvida.titulos.filter((t) => t.tipo === 'atraso').length).toBe(
            atraso > 0 ? 1 : 0,
          );
        },
      ),
      { numRuns: 8 },
    );
  });

  it('changes only a booking; cancels only a booking; a unit still out is not taken again', async () => {
    const maquina = await item();
    const primeira = await locacao({
      retirada: addDaysISO(HOJE, -5),
      devolucao_prevista: addDaysISO(HOJE, -1),
      itens: [{ item_id: maquina.id }],
    });
    const alterada = await ctx.request({
      method: 'PUT',
      url: `/api/locacoes/${primeira.id}`,
      payload: { devolucao_prevista: HOJE, observacoes: 'Entrega na obra' },
    });
    expect(alterada.statusCode, alterada.body).toBe(200);
    expect(alterada.json<Locacao>()).toMatchObject({
      dias: 5,
      valor: 250,
      observacoes: 'Entrega na obra',
    });
    await mover(primeira.id, { situacao: 'Retirada', data: addDaysISO(HOJE, -5) });
    const depois = await ctx.request({
      method: 'PUT',
      url: `/api/locacoes/${primeira.id}`,
      payload: { observacoes: 'x' },
    });
    expect(depois.statusCode).toBe(409);
    const cancelar = await situacao(primeira.id, { situacao: 'Cancelada', motivo: 'x' });
    expect(cancelar.statusCode).toBe(409);
    expect(cancelar.json()).toMatchObject({ error: 'TRANSICAO_INVALIDA' });

    // The next rental of the same unit starts on the planned return day; the unit is not back.
    const segunda = await locacao({
      retirada: HOJE,
      devolucao_prevista: addDaysISO(HOJE, 2),
      itens: [{ item_id: maquina.id }],
    });
    const fora = await situacao(segunda.id, { situacao: 'Retirada' });
    expect(fora.statusCode).toBe(409);
    expect(fora.json().message).toBe(
      `A unidade ${primeira.itens[0]!.nome} nº 1 (PAT-1) ainda não voltou da locação Nº ${String(primeira.numero).padStart(6, '0')}`,
    );
    await mover(primeira.id, { situacao: 'Devolvida' });
    const retirada = await mover(segunda.id, { situacao: 'Retirada' });
    expect(retirada.situacao).toBe('Retirada');

    const futura = await situacao(segunda.id, { situacao: 'Devolvida', data: addDaysISO(HOJE, 1) });
    expect(futura.statusCode).toBe(400);
    expect(futura.json().fields).toMatchObject({ data: 'A data não pode ser depois de hoje' });
  });

  it('frees the days after an early return; a product without stock control moves no stock', async () => {
    const maquina = await item({}, { movimenta_estoque: false, estoque: 0 });
    const criada = await locacao({
      retirada: addDaysISO(HOJE, -3),
      devolucao_prevista: addDaysISO(HOJE, 5),
      itens: [{ item_id: maquina.id }],
    });
    await mover(criada.id, { situacao: 'Retirada', data: addDaysISO(HOJE, -3) });
    const devolvida = await mover(criada.id, { situacao: 'Devolvida' });
    expect(devolvida).toMatchObject({ dias_atraso: 0, multa_atraso: 0, caucao_devolvida: 0 });
    expect(devolvida.titulos.map((t) => t.tipo)).toEqual(['locacao']);
    await locacao({
      retirada: HOJE,
      devolucao_prevista: addDaysISO(HOJE, 3),
      itens: [{ item_id: maquina.id }],
    });
    expect(
      await contar(
        sql`SELECT count(*)::int AS n FROM locacao_movimentacoes WHERE locacao_id = ${criada.id}`,
      ),
    ).toBe(0);
  });

  it('lists with paging and search; refuses bad input and the user role', async () => {
    const lista = await ctx.request({ method: 'GET', url: '/api/locacoes?limit=2&offset=0' });
    expect(lista.statusCode).toBe(200);
    expect(lista.json<LocacaoResumo[]>().length).toBe(2);
    expect(Number(lista.headers['x-total-count'])).toBeGreaterThan(2);
    const primeira = lista.json<LocacaoResumo[]>()[0]!;
    const busca = await ctx.request({ method: 'GET', url: `/api/locacoes?q=${primeira.numero}` });
    expect(busca.json<LocacaoResumo[]>().map((l) => l.id)).toContain(primeira.id);

    const antes = await novaLocacao({
      devolucao_prevista: addDaysISO(HOJE, 1),
      itens: [{ item_id: 1 }],
    });
    expect(antes.statusCode).toBe(400);
    expect(antes.json().fields).toMatchObject({
      devolucao_prevista: 'A devolução prevista deve ser depois da retirada',
    });
    const semItem = await novaLocacao({ itens: [{ item_id: 999_999 }] });
    expect(semItem.statusCode).toBe(400);
    expect(semItem.json().fields).toMatchObject({
      'itens.0.item_id': 'Item para locação não encontrado',
    });
    const mes = await ctx.request({ method: 'GET', url: '/api/locacoes/calendario?mes=2026-13' });
    expect(mes.statusCode).toBe(400);

    const negado = await ctx.request({ method: 'GET', url: '/api/locacoes', as: USER_EMAIL });
    expect(negado.statusCode).toBe(403);
  });
});
