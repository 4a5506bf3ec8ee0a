import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agendaDaAssinatura,
  mensalCentavos,
  periodosDevidos,
  prorrateio,
  type Assinatura,
  type AssinaturaResumo,
  type MetricasAssinaturas,
  type MudancaPlanoPrevia,
  type Plano,
  type RenovacaoResultado,
} from '@prumo/shared/contratos';
import { addDaysISO, addMonthsISO, todayISO } from '@prumo/shared/dates';
import { toCentavos } from '@prumo/shared/money';
import { selectRows } from '../../db/sql-helpers';
import { clienteDemo } from '../../test/fiscal';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { executarTarefa } from '../tarefas/tarefas.repository';
import { renovarDevidas, RENOVACAO_AUTOMATICA } from './assinaturas.repository';
import { tarefaDeRenovacao } from './renovacao.tarefa';

/*
 * Subscriptions (issue 31): plans with a trial, a subscription's renewals billed once per period
 * by "Renovar agora", the daily job and both at once (on both databases) with their receivables
 * in Financeiro, the change of plan with its proration, cancellation at the period's end and at
 * once, dunning with its reminders (once each) and a payment that brings it back, and the MRR.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
const HOJE = todayISO();
const EMPRESA = { nome: 'Prumo', telefone: null, email: null };

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
});
afterAll(() => ctx?.close());

async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json, status = 200) {
  const response = await ctx.request({ method, url, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

let planos = 0;
const plano = (dados: Json = {}) =>
  ok<Plano>(
    'POST',
    '/api/assinaturas/planos',
    { nome: `Plano de teste ${++planos}`, preco: 99.9, ciclo: 'mensal', dias_teste: 0, ...dados },
    201,
  );
const assinar = (planoId: number, dados: Json = {}) =>
  ok<Assinatura>(
    'POST',
    '/api/assinaturas',
    { cliente_id: clienteId, plano_id: planoId, inicio: HOJE, forma_pagamento: 'boleto', ...dados },
    201,
  );
const ler = (id: number) => ok<Assinatura>('GET', `/api/assinaturas/${id}`);
const renovar = () => ok<RenovacaoResultado>('POST', '/api/assinaturas/renovar');
const contexto = () => ({ usuario: RENOVACAO_AUTOMATICA, timeZone: ctx.config.timeZone });

/** The subscription's receivables in Financeiro, by period start, with their bill's value. */
async function titulosDaAssinatura(id: number) {
  const rows = await selectRows<{ periodo_inicio: string; valor: string; titulo_valor: string }>(
    ctx.database.db,
    sql`SELECT f.periodo_inicio::text, f.valor, t.valor AS titulo_valor
      FROM titulos t JOIN assinatura_faturas f ON f.titulo_id = t.id
      WHERE t.documento_tipo = 'assinatura' AND t.documento_id = ${id} ORDER BY f.periodo_inicio`,
  );
  return rows.map((r) => ({ ...r, valor: Number(r.valor), titulo_valor: Number(r.titulo_valor) }));
}

describe('Planos', () => {
  it('creates, lists and refuses a duplicate name in pt-BR', async () => {
    const criado = await plano({ nome: 'Plano Ouro Ação', dias_teste: 7 });
    expect(criado).toMatchObject({ preco: 99.9, ciclo: 'mensal', dias_teste: 7, ativo: true });
    const duplicado = await ctx.request({
      method: 'POST',
      url: '/api/assinaturas/planos',
      payload: { nome: 'plano ouro acao', preco: 10, ciclo: 'anual' },
    });
    expect(duplicado.statusCode).toBe(409);
    expect(duplicado.json()).toMatchObject({
      error: 'DUPLICADO',
      fields: { nome: 'Já existe um plano com esse nome' },
    });
    const lista = await ctx.request({
      method: 'GET',
      url: '/api/assinaturas/planos?q=ouro%20acao',
    });
    expect(lista.headers['x-total-count']).toBe('1');
    expect(lista.json<Plano[]>()[0]!.id).toBe(criado.id);
    const semPreco = await ctx.request({
      method: 'POST',
      url: '/api/assinaturas/planos',
      payload: { nome: 'Sem preço', preco: 0, ciclo: 'mensal' },
    });
    expect(semPreco.statusCode).toBe(400);
    expect(semPreco.json()).toMatchObject({ fields: { preco: 'O preço deve ser maior que zero' } });
  });

  it('is for admins and managers only', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/assinaturas/planos',
      as: USER_EMAIL,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('Assinaturas', () => {
  it('starts in a trial and renews the day after it, billing nothing before', async () => {
    const p = await plano({ dias_teste: 14 });
    const a = await assinar(p.id);
    expect(a).toMatchObject({
      situacao: 'Em teste',
      fim_teste: addDaysISO(HOJE, 13),
      proxima_renovacao: addDaysISO(HOJE, 14),
      inicio_cobranca: addDaysISO(HOJE, 14),
      periodo_atual: null,
      faturas: [],
    });
    await renovar();
    expect((await ler(a.id)).faturas).toEqual([]);
    // The day the trial ends, the job bills the first period and the subscription is Ativa.
    await renovarDevidas(ctx.database.db, addDaysISO(HOJE, 14), contexto(), EMPRESA);
    const ativa = await ler(a.id);
    expect(ativa).toMatchObject({
      situacao: 'Ativa',
      periodo_atual: {
        inicio: addDaysISO(HOJE, 14),
        fim: addDaysISO(addMonthsISO(addDaysISO(HOJE, 14), 1), -1),
      },
    });
    expect(ativa.faturas).toHaveLength(1);
  });

  it('bills a past trial and every period since once, with each receivable once in Financeiro', async () => {
    const p = await plano({ dias_teste: 10, preco: 49.9 });
    const inicio = addMonthsISO(HOJE, -4);
    const a = await assinar(p.id, { inicio });
    const esperados = periodosDevidos(
      agendaDaAssinatura({ inicio_cobranca: addDaysISO(inicio, 10), ciclo: 'mensal' }),
      HOJE,
    );
    expect(esperados.length).toBeGreaterThanOrEqual(3);
    // Created with its trial over: what was due is billed at once.
    expect(a.faturas.map((f) => f.periodo_inicio).sort()).toEqual(esperados.map((e) => e.inicio));
    // A click racing the daily job (forced) and another click: nothing is billed twice.
    await Promise.all([
      renovar(),
      renovar(),
      executarTarefa(ctx.database.db, tarefaDeRenovacao(ctx.database.db, ctx.config), {
        forcar: true,
      }),
    ]);
    const titulos = await titulosDaAssinatura(a.id);
    expect(titulos.map((t) => t.periodo_inicio)).toEqual(esperados.map((e) => e.inicio));
    expect(titulos.every((t) => t.valor === 49.9 && t.titulo_valor === 49.9)).toBe(true);
    const financeiro = await ctx.request({
      method: 'GET',
      url: `/api/financeiro/titulos?natureza=receber&q=AS${String(a.numero).padStart(6, '0')}`,
    });
    expect(financeiro.headers['x-total-count']).toBe(String(esperados.length));
  });

  it('changes plan with the proration shown before, as a receivable or a refund', async () => {
    const basico = await plano({ preco: 59.9 });
    const pro = await plano({ preco: 149.9 });
    const anual = await plano({ preco: 999, ciclo: 'anual' });
    const a = await assinar(basico.id, { inicio: addDaysISO(HOJE, -9) });
    expect(a.periodo_atual).not.toBeNull();
    const conta = prorrateio({
      periodo: a.periodo_atual!,
      data: HOJE,
      valorAtualCentavos: 5_990,
      valorNovoCentavos: 14_990,
    });
    const previa = await ok<MudancaPlanoPrevia>(
      'GET',
      `/api/assinaturas/${a.id}/mudanca-de-plano?plano_id=${pro.id}`,
    );
    expect(previa).toMatchObject({
      em_teste: false,
      dias_restantes: conta.dias_restantes,
      credito: conta.credito / 100,
      cobranca: conta.cobranca / 100,
      total: conta.total / 100,
    });
    const outroCiclo = await ctx.request({
      method: 'GET',
      url: `/api/assinaturas/${a.id}/mudanca-de-plano?plano_id=${anual.id}`,
    });
    expect(outroCiclo.statusCode).toBe(400);

    const mudada = await ok<Assinatura>('POST', `/api/assinaturas/${a.id}/mudanca-de-plano`, {
      plano_id: pro.id,
    });
    expect(mudada).toMatchObject({ plano_id: pro.id, valor: 149.9 });
    expect(mudada.mudancas[0]).toMatchObject({ total: conta.total / 100, plano_novo: pro.nome });
    const [receber] = await selectRows<{ natureza: string; valor: string }>(
      ctx.database.db,
      sql`SELECT natureza, valor FROM titulos WHERE id = ${mudada.mudancas[0]!.titulo_id}`,
    );
    expect(receber).toMatchObject({ natureza: 'receber' });
    expect(Number(receber!.valor)).toBe(conta.total / 100);

    // Back down the same day: the credit is larger, a payable refunds it.
    const volta = await ok<Assinatura>('POST', `/api/assinaturas/${a.id}/mudanca-de-plano`, {
      plano_id: basico.id,
    });
    const [pagar] = await selectRows<{ natureza: string }>(
      ctx.database.db,
      sql`SELECT natureza FROM titulos WHERE id = ${volta.mudancas[0]!.titulo_id}`,
    );
    expect(pagar).toMatchObject({ natureza: 'pagar' });
    expect(volta.mudancas[0]!.total).toBeLessThan(0);
  });

  it('cancels at the end of the period (no new bill) or at once', async () => {
    const p = await plano();
    const a = await assinar(p.id, { inicio: addDaysISO(HOJE, -3) });
    const fim = await ok<Assinatura>('POST', `/api/assinaturas/${a.id}/cancelamento`, {
      quando: 'fim_do_periodo',
      motivo: 'Mudou de fornecedor',
    });
    expect(fim).toMatchObject({
      situacao: 'Ativa',
      cancelar_ao_fim: true,
      proxima_renovacao: null,
    });
    const proxima = a.proxima_renovacao!;
    await renovarDevidas(ctx.database.db, proxima, contexto(), EMPRESA);
    const encerrada = await ler(a.id);
    expect(encerrada).toMatchObject({ situacao: 'Cancelada', cancelada_em: proxima });
    expect(encerrada.faturas).toHaveLength(1);

    const b = await assinar(p.id);
    const agora = await ok<Assinatura>('POST', `/api/assinaturas/${b.id}/cancelamento`, {
      quando: 'agora',
      motivo: 'Desistiu',
    });
    expect(agora).toMatchObject({
      situacao: 'Cancelada',
      cancelada_em: HOJE,
      proxima_renovacao: null,
    });
    const outra = await ctx.request({
      method: 'POST',
      url: `/api/assinaturas/${b.id}/cancelamento`,
      payload: { quando: 'agora', motivo: 'De novo' },
    });
    expect(outra.statusCode).toBe(409);
    expect(outra.json()).toMatchObject({ error: 'TRANSICAO_INVALIDA' });
  });

  it('dunning: reminders once each, Inadimplente after the grace, Suspensa after, Ativa once paid', async () => {
    await ok('PUT', '/api/configuracoes/email', {
      host: '127.0.0.1',
      porta: 9,
      seguranca: 'nenhuma',
      usuario: 'teste',
      senha: 'senha-teste',
      remetente_nome: 'Loja',
      remetente_email: 'loja@exemplo.com.br',
      enviar_nota_automaticamente: false,
    });
    await ok('PUT', '/api/assinaturas/configuracao', { dias_carencia: 3, dias_suspensao: 5 });
    const p = await plano({ preco: 80 });
    const a = await assinar(p.id, { inicio: HOJE, dias_vencimento: 0 });
    expect(a.faturas).toHaveLength(1);
    const rodar = (dia: string) => renovarDevidas(ctx.database.db, dia, contexto(), EMPRESA);
    const emails = async () =>
      (
        await selectRows<{ n: number | string }>(
          ctx.database.db,
          sql`SELECT count(*) AS n FROM emails WHERE referencia = ${`assinatura:${a.id}`}`,
        )
      ).map((r) => Number(r.n))[0];

    await rodar(addDaysISO(HOJE, 1));
    expect((await ler(a.id)).situacao).toBe('Ativa');
    expect(await emails()).toBe(1);
    await rodar(addDaysISO(HOJE, 1));
    expect(await emails()).toBe(1);
    await rodar(addDaysISO(HOJE, 4));
    expect(await ler(a.id)).toMatchObject({
      situacao: 'Inadimplente',
      inadimplente_em: addDaysISO(HOJE, 4),
    });
    expect(await emails()).toBe(2);
    const sino = await ok<{ itens: Array<{ tipo: string }> }>('GET', '/api/notificacoes');
    expect(sino.itens.map((i) => i.tipo)).toContain('assinaturas_inadimplentes');
    await rodar(addDaysISO(HOJE, 9));
    expect(await ler(a.id)).toMatchObject({ situacao: 'Suspensa', proxima_renovacao: null });
    expect(await emails()).toBe(3);

    // Paid: back to Ativa on the next run, the periods of the suspension not billed.
    const lida = await ler(a.id);
    const [parcela] = await selectRows<{ id: number; valor: string }>(
      ctx.database.db,
      sql`SELECT id, valor FROM parcelas WHERE titulo_id = ${lida.faturas.at(-1)!.titulo_id}`,
    );
    await ok(
      'POST',
      `/api/financeiro/parcelas/${parcela!.id}/baixas`,
      {
        conta_id: 1,
        valor: Number(parcela!.valor),
      },
      201,
    );
    const retomada = addMonthsISO(HOJE, 2);
    await rodar(retomada);
    const ativa = await ler(a.id);
    expect(ativa.situacao).toBe('Ativa');
    expect(ativa.faturas.map((f) => f.periodo_inicio)).toEqual([ativa.periodo_atual!.inicio, HOJE]);
    expect(ativa.periodo_atual!.inicio <= retomada).toBe(true);
    await ok('PUT', '/api/assinaturas/configuracao', { dias_carencia: 5, dias_suspensao: 15 });
  });
});

describe('Métricas', () => {
  it('MRR is the sum of the paying subscriptions normalised to a month; ARR is 12 × MRR', async () => {
    const ciclos = ['mensal', 'trimestral', 'semestral', 'anual'] as const;
    const criados = await Promise.all(
      ciclos.map((ciclo, i) => plano({ ciclo, preco: [33.33, 100, 99.99, 1000.01][i] })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ plano: fc.integer({ min: 0, max: 3 }), passado: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (novas) => {
          for (const n of novas) {
            await assinar(criados[n.plano]!.id, {
              inicio: n.passado ? addDaysISO(HOJE, -40) : HOJE,
            });
          }
          const todas = await ok<AssinaturaResumo[]>('GET', '/api/assinaturas?limit=200');
          const pagantes = todas.filter(
            (a) => a.situacao === 'Ativa' || a.situacao === 'Inadimplente',
          );
          const esperado = pagantes.reduce(
            (soma, a) => soma + mensalCentavos(toCentavos(a.valor), a.ciclo),
            0,
          );
          const metricas = await ok<MetricasAssinaturas>('GET', '/api/assinaturas/metricas');
          expect(toCentavos(metricas.mrr)).toBe(esperado);
          expect(toCentavos(metricas.arr)).toBe(12 * esperado);
          expect(metricas.assinantes).toBe(pagantes.length);
          expect(metricas.meses).toHaveLength(12);
          expect(metricas.meses.at(-1)!.mes).toBe(HOJE.slice(0, 7));
        },
      ),
      { numRuns: 5 },
    );
  });

  it('counts a cancellation as churn by count and by revenue in its month', async () => {
    const p = await plano({ preco: 300, ciclo: 'trimestral' });
    const a = await assinar(p.id, { inicio: addMonthsISO(HOJE, -2) });
    const antes = (await ok<MetricasAssinaturas>('GET', '/api/assinaturas/metricas')).meses.at(-1)!;
    await ok('POST', `/api/assinaturas/${a.id}/cancelamento`, {
      quando: 'agora',
      motivo: 'Fechou',
    });
    const depois = (await ok<MetricasAssinaturas>('GET', '/api/assinaturas/metricas')).meses.at(
      -1,
    )!;
    expect(depois.cancelados - antes.cancelados).toBe(1);
    expect(toCentavos(depois.mrr_cancelado) - toCentavos(antes.mrr_cancelado)).toBe(10_000);
    expect(depois.churn_contagem).toBeGreaterThan(0);
    expect(depois.churn_receita).toBeGreaterThan(0);
  });
});
