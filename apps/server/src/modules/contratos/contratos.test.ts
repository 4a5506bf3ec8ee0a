import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  periodosDevidos,
  type AFaturar,
  type Contrato,
  type FaturamentoResultado,
  type Periodicidade,
} from '@prumo/shared/contratos';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { Titulo } from '@prumo/shared/financeiro';
import { selectRows } from '../../db/sql-helpers';
import { textoDoPdf } from '../../pdf/pdf-teste';
import { clienteDemo } from '../../test/fiscal';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { executarTarefa } from '../tarefas/tarefas.repository';
import { tarefaDeFaturamento, TAREFA_FATURAMENTO } from './faturamento.tarefa';

/*
 * Service contracts (issue 31): created, billed once per period by "Faturar todos", the daily
 * job and both at once (on both databases), day 31 billed on the month's last day, suspended and
 * resumed without billing the pause, cancelled with the fidelidade fee, new prices from a date,
 * reajuste by a fixed rate and by an index from the user's table.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
let servicoId: number;
const HOJE = todayISO();

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
  const servico = await ctx.request({
    method: 'POST',
    url: '/api/servicos',
    payload: { nome: 'Manutenção preventiva mensal', preco: 150 },
  });
  expect(servico.statusCode, servico.body).toBe(201);
  servicoId = servico.json<{ id: number }>().id;
});
afterAll(() => ctx?.close());

async function criar(dados: Json = {}): Promise<Contrato> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/contratos',
    payload: {
      cliente_id: clienteId,
      descricao: 'Manutenção de ar-condicionado',
      itens: [{ servico_id: servicoId, quantidade: 1, valor: 150 }],
      inicio: '2026-01-31',
      periodicidade: 'mensal',
      dia_faturamento: 31,
      dias_vencimento: 5,
      forma_pagamento: 'boleto',
      ...dados,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Contrato>();
}

const ler = async (id: number) =>
  (await ctx.request({ method: 'GET', url: `/api/contratos/${id}` })).json<Contrato>();

const faturar = async (ids?: number[]) => {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/contratos/faturar',
    payload: ids ? { contrato_ids: ids } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FaturamentoResultado>();
};

const aFaturar = async () =>
  (await ctx.request({ method: 'GET', url: '/api/contratos/a-faturar' })).json<AFaturar[]>();

async function faturasNoBanco(contratoId: number) {
  const rows = await selectRows<{ periodo_inicio: string; valor: string; titulo_valor: string }>(
    ctx.database.db,
    sql`SELECT f.periodo_inicio::text, f.valor, t.valor AS titulo_valor
      FROM contrato_faturas f JOIN titulos t ON t.id = f.titulo_id
      WHERE f.contrato_id = ${contratoId} ORDER BY f.periodo_inicio`,
  );
  // numeric comes as text from PostgreSQL and as a number from PGlite.
  return rows.map((r) => ({ ...r, valor: Number(r.valor), titulo_valor: Number(r.titulo_valor) }));
}

const tarefa = () => tarefaDeFaturamento(ctx.database.db, ctx.config);

describe('Contratos de serviço', () => {
  it('bills a day-31 contract on each month last day, once, with its receivables in Financeiro', async () => {
    const contrato = await criar();
    expect(contrato).toMatchObject({
      situacao: 'Ativo',
      primeiro_faturamento: '2026-01-31',
      proximo_faturamento: '2026-01-31',
      valor_ciclo: 150,
    });
    const esperados = periodosDevidos(
      { inicio: '2026-01-31', fim: null, periodicidade: 'mensal', dia_faturamento: 31 },
      HOJE,
    );
    const fila = (await aFaturar()).filter((f) => f.contrato_id === contrato.id);
    expect(fila.map((f) => f.periodo_inicio)).toEqual(esperados.map((p) => p.inicio));
    expect(fila.map((f) => f.periodo_inicio)).toContain('2026-02-28');
    expect(fila.find((f) => f.periodo_inicio === '2026-02-28')).toMatchObject({
      periodo_fim: '2026-03-30',
      valor: 150,
    });

    const feito = await faturar([contrato.id]);
    expect(feito).toMatchObject({ faturas: esperados.length, valor: 150 * esperados.length });
    expect(await faturar([contrato.id])).toMatchObject({ faturas: 0 });
    expect((await aFaturar()).filter((f) => f.contrato_id === contrato.id)).toEqual([]);

    const lido = await ler(contrato.id);
    expect(lido.faturas).toHaveLength(esperados.length);
    const fevereiro = lido.faturas.find((f) => f.periodo_inicio === '2026-02-28')!;
    // 28/02 + 5 days = 05/03/2026, a Thursday.
    expect(fevereiro).toMatchObject({
      vencimento: '2026-03-05',
      valor: 150,
      situacao_titulo: 'aberto',
    });
    // Financeiro names the contract as each bill's origin, one title per bill.
    const titulos = await ctx.request({
      method: 'GET',
      url: `/api/financeiro/titulos?natureza=receber&origem=contrato&limit=100&q=CT${String(contrato.numero).padStart(6, '0')}`,
    });
    expect(titulos.statusCode, titulos.body).toBe(200);
    const lista = titulos.json<Titulo[]>();
    expect(lista).toHaveLength(esperados.length);
    for (const t of lista) {
      expect(t).toMatchObject({
        origem: 'contrato',
        documento_tipo: 'contrato',
        documento_id: contrato.id,
      });
    }
    expect(lido.proximo_faturamento! > HOJE).toBe(true);
  });

  it('never bills a period twice: "Faturar todos" clicked twice while the daily job runs', async () => {
    const contratos = await Promise.all(
      [5, 15, 28, 29, 30].map((dia) => criar({ dia_faturamento: dia, inicio: '2025-12-20' })),
    );
    const ids = contratos.map((c) => c.id);
    const [a, b, job] = await Promise.all([
      faturar(ids),
      faturar(ids),
      executarTarefa(ctx.database.db, tarefa(), { forcar: true }),
    ]);
    expect(job).not.toBeNull();
    for (const c of contratos) {
      const esperados = periodosDevidos(
        {
          inicio: '2025-12-20',
          fim: null,
          periodicidade: 'mensal',
          dia_faturamento: c.dia_faturamento,
        },
        HOJE,
      );
      const faturas = await faturasNoBanco(c.id);
      expect(faturas.map((f) => f.periodo_inicio)).toEqual(esperados.map((p) => p.inicio));
      expect(faturas.every((f) => Number(f.titulo_valor) === 150)).toBe(true);
    }
    expect(a.faturas + b.faturas).toBeLessThanOrEqual(
      contratos.reduce(
        (soma, c) =>
          soma +
          periodosDevidos(
            {
              inicio: '2025-12-20',
              fim: null,
              periodicidade: 'mensal',
              dia_faturamento: c.dia_faturamento,
            },
            HOJE,
          ).length,
        0,
      ),
    );
  });

  it('the daily job catches up what a server that was off missed, records its run, and waits for the next day', async () => {
    const contrato = await criar({
      inicio: addDaysISO(HOJE, -70),
      dia_faturamento: 10,
      periodicidade: 'mensal',
    });
    const primeira = await executarTarefa(ctx.database.db, tarefa(), { forcar: true });
    expect(primeira).toMatch(/faturas? \(R\$/);
    expect((await faturasNoBanco(contrato.id)).length).toBeGreaterThanOrEqual(2);
    // Not due again until tomorrow 00:05 in the company's zone: another instance finds nothing to do.
    expect(await executarTarefa(ctx.database.db, tarefa())).toBeNull();
    const estado = await ctx.request({
      method: 'GET',
      url: '/api/contratos/faturamento-automatico',
    });
    expect(estado.json<Json>()).toMatchObject({ resultado: primeira, erro: null });
    const proximo = new Date(estado.json<{ proximo_em: string }>().proximo_em);
    expect(todayISO(ctx.config.timeZone, proximo)).toBe(addDaysISO(HOJE, 1));
    const rows = await selectRows<{ nome: string }>(
      ctx.database.db,
      sql`SELECT nome FROM tarefas_agendadas WHERE nome = ${TAREFA_FATURAMENTO} AND travada_ate IS NULL`,
    );
    expect(rows).toHaveLength(1);
  });

  it('suspends (billing what was due first) and resumes without billing the pause', async () => {
    const contrato = await criar({ inicio: addDaysISO(HOJE, -40), dia_faturamento: 1 });
    const suspenso = await ctx.request({
      method: 'PATCH',
      url: `/api/contratos/${contrato.id}/status`,
      payload: { situacao: 'Suspenso' },
    });
    expect(suspenso.statusCode, suspenso.body).toBe(200);
    const lido = suspenso.json<Contrato>();
    expect(lido).toMatchObject({
      situacao: 'Suspenso',
      suspenso_em: HOJE,
      proximo_faturamento: null,
    });
    const faturadas = lido.faturas.length;
    expect(faturadas).toBeGreaterThanOrEqual(1);
    expect(await faturar([contrato.id])).toMatchObject({ faturas: 0 });

    const retomado = await ctx.request({
      method: 'PATCH',
      url: `/api/contratos/${contrato.id}/status`,
      payload: { situacao: 'Ativo' },
    });
    expect(retomado.statusCode, retomado.body).toBe(200);
    expect(retomado.json<Contrato>().proximo_faturamento! >= HOJE).toBe(true);
  });

  it('shows the fidelidade fee before cancelling, charges it as a receivable, and bills nothing after', async () => {
    const inicio = addDaysISO(HOJE, -100);
    const contrato = await criar({
      inicio,
      dia_faturamento: Number(inicio.slice(8, 10)),
      fidelidade_meses: 12,
      multa_fidelidade: 20,
    });
    const previa = await ctx.request({
      method: 'GET',
      url: `/api/contratos/${contrato.id}/cancelamento`,
    });
    expect(previa.statusCode, previa.body).toBe(200);
    const { multa, meses_restantes } = previa.json<{ multa: number; meses_restantes: number }>();
    expect(meses_restantes).toBeGreaterThanOrEqual(8);
    expect(multa).toBe(Math.round(150 * meses_restantes * 0.2 * 100) / 100);

    const semMotivo = await ctx.request({
      method: 'PATCH',
      url: `/api/contratos/${contrato.id}/status`,
      payload: { situacao: 'Cancelado' },
    });
    expect(semMotivo.statusCode).toBe(400);
    const cancelado = await ctx.request({
      method: 'PATCH',
      url: `/api/contratos/${contrato.id}/status`,
      payload: { situacao: 'Cancelado', motivo: 'Cliente mudou de endereço' },
    });
    expect(cancelado.statusCode, cancelado.body).toBe(200);
    expect(cancelado.json<Contrato>()).toMatchObject({
      situacao: 'Cancelado',
      cancelado_em: HOJE,
      motivo_cancelamento: 'Cliente mudou de endereço',
      multa_cancelamento: multa,
      proximo_faturamento: null,
    });
    const titulo = await selectRows<{ valor: string }>(
      ctx.database.db,
      sql`SELECT t.valor FROM contratos c JOIN titulos t ON t.id = c.multa_titulo_id WHERE c.id = ${contrato.id}`,
    );
    expect(Number(titulo[0]!.valor)).toBe(multa);
    const origem = await selectRows<{ documento_tipo: string; documento_id: number }>(
      ctx.database.db,
      sql`SELECT t.documento_tipo, t.documento_id FROM contratos c JOIN titulos t ON t.id = c.multa_titulo_id WHERE c.id = ${contrato.id}`,
    );
    expect(origem[0]).toEqual({ documento_tipo: 'contrato', documento_id: contrato.id });
    const denovo = await ctx.request({
      method: 'PATCH',
      url: `/api/contratos/${contrato.id}/status`,
      payload: { situacao: 'Ativo' },
    });
    expect(denovo.statusCode).toBe(409);
  });

  it('changes prices from a date, keeping history; the calendar stays once billed', async () => {
    const contrato = await criar({ inicio: addDaysISO(HOJE, -35), dia_faturamento: 1 });
    await faturar([contrato.id]);
    const antes = await ctx.request({
      method: 'POST',
      url: `/api/contratos/${contrato.id}/precos`,
      payload: {
        vigente_de: addDaysISO(HOJE, -60),
        itens: [{ servico_id: servicoId, valor: 180 }],
      },
    });
    expect(antes.statusCode).toBe(400);
    expect(antes.json<{ message: string }>().message).toMatch(/depois da última fatura/);
    const vigente = addDaysISO(HOJE, 1);
    const novo = await ctx.request({
      method: 'POST',
      url: `/api/contratos/${contrato.id}/precos`,
      payload: {
        vigente_de: vigente,
        itens: [{ servico_id: servicoId, quantidade: 2, valor: 90 }],
      },
    });
    expect(novo.statusCode, novo.body).toBe(200);
    const lido = novo.json<Contrato>();
    // Today's price until tomorrow: the new one is in the history, from its date.
    expect(lido.valor_ciclo).toBe(150);
    expect(lido.itens.map((i) => i.valor)).toEqual([150]);
    expect(lido.historico_precos.map((p) => [p.valor, p.vigente_ate])).toEqual([
      [90, null],
      [150, addDaysISO(vigente, -1)],
    ]);
    const calendario = await ctx.request({
      method: 'PUT',
      url: `/api/contratos/${contrato.id}`,
      payload: { dia_faturamento: 15 },
    });
    expect(calendario.statusCode).toBe(409);
    const descricao = await ctx.request({
      method: 'PUT',
      url: `/api/contratos/${contrato.id}`,
      payload: { descricao: 'Nova descrição' },
    });
    expect(descricao.statusCode, descricao.body).toBe(200);
  });

  it('applies a fixed reajuste on the anniversary, and an index one only when its 12 months are in the table', async () => {
    const inicio = '2025-01-10';
    const fixo = await criar({
      inicio,
      dia_faturamento: 10,
      reajuste_indice: 'fixo',
      reajuste_percentual: 10,
    });
    const resultado = await faturar([fixo.id]);
    expect(resultado.reajustes).toBe(1);
    const faturas = await faturasNoBanco(fixo.id);
    expect(faturas.find((f) => f.periodo_inicio === '2025-12-10')!.valor).toBe(150);
    expect(faturas.find((f) => f.periodo_inicio === '2026-01-10')!.valor).toBe(165);

    const ipca = await criar({ inicio, dia_faturamento: 10, reajuste_indice: 'IPCA' });
    await faturar([ipca.id]);
    const pendente = await ler(ipca.id);
    expect(pendente.reajuste_pendente).toMatch(
      /^Reajuste de 10\/01\/2026 pendente: faltam os índices IPCA de 2025-01/,
    );
    expect((await faturasNoBanco(ipca.id)).every((f) => f.valor === 150)).toBe(true);
    for (let m = 1; m <= 12; m++) {
      const mes = `2025-${String(m).padStart(2, '0')}`;
      const salvo = await ctx.request({
        method: 'PUT',
        url: '/api/contratos/indices',
        payload: { indice: 'IPCA', mes, percentual: 0.5 },
      });
      expect(salvo.statusCode, salvo.body).toBe(200);
    }
    // The next bills carry it: 150 × 1.005¹² = 159.25 (rounded once).
    const novo = await criar({ inicio, dia_faturamento: 10, reajuste_indice: 'IPCA' });
    await faturar([novo.id]);
    const reajustadas = await faturasNoBanco(novo.id);
    expect(reajustadas.find((f) => f.periodo_inicio === '2026-01-10')!.valor).toBe(159.25);
    expect((await ler(novo.id)).reajustes[0]).toMatchObject({
      aniversario: '2026-01-10',
      percentual: 6.1678,
    });
  });

  it('prints the contract, and keeps contracts from a user', async () => {
    const contrato = await criar({ fidelidade_meses: 12, multa_fidelidade: 10 });
    const pdf = await ctx.request({ method: 'GET', url: `/api/contratos/${contrato.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain('Contrato de Serviços');
    expect(texto).toContain('Contratante:');
    expect(texto).toContain('Manutenção preventiva mensal');
    expect(texto).toContain('Fidelidade de 12 meses');
    const negado = await ctx.request({ method: 'GET', url: '/api/contratos', as: USER_EMAIL });
    expect(negado.statusCode).toBe(403);
  });

  it("issues a bill's NFS-e: its services at the period's price, the period as competência, once", async () => {
    const servico = await ctx.request({
      method: 'POST',
      url: '/api/servicos',
      payload: {
        nome: 'Manutenção de computadores (contrato)',
        preco: 200,
        codigoTributacaoNacional: '140101',
        codigoNbs: '120012000',
        aliquotaIss: 2,
      },
    });
    expect(servico.statusCode, servico.body).toBe(201);
    const contrato = await criar({
      itens: [{ servico_id: servico.json<{ id: number }>().id, quantidade: 2, valor: 100 }],
      inicio: addDaysISO(HOJE, -40),
      dia_faturamento: 1,
    });
    await faturar([contrato.id]);
    const [fatura] = (await ler(contrato.id)).faturas;
    const emitir = () =>
      ctx.request({
        method: 'POST',
        url: '/api/nfse',
        payload: { contrato_fatura_id: fatura!.id },
      });
    const emitida = await emitir();
    expect(emitida.statusCode, emitida.body).toBe(201);
    const [nota] = emitida.json<Array<Record<string, unknown>>>();
    expect(nota).toMatchObject({
      situacao: 'Autorizada',
      contrato_fatura_id: fatura!.id,
      contrato_id: contrato.id,
      contrato_numero: contrato.numero,
      valor_servicos: 200,
      competencia: fatura!.periodo_inicio,
    });
    const denovo = await emitir();
    expect(denovo.statusCode).toBe(200);
    expect(denovo.json<Array<{ id: number }>>().map((n) => n.id)).toEqual([nota!.id]);
    expect((await ler(contrato.id)).faturas[0]).toMatchObject({
      nfse_id: nota!.id,
      nfse_situacao: 'Autorizada',
    });
  });

  it('bills random contracts exactly their due periods, on their dates, with two runs racing (property)', async () => {
    const periodicidades: Periodicidade[] = [
      'mensal',
      'bimestral',
      'trimestral',
      'semestral',
      'anual',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 900 }),
        fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
        fc.constantFrom(...periodicidades),
        async (diasAtras, dia, periodicidade) => {
          const inicio = addDaysISO(HOJE, -diasAtras);
          const contrato = await criar({ inicio, dia_faturamento: dia, periodicidade });
          await Promise.all([faturar([contrato.id]), faturar([contrato.id])]);
          const esperados = periodosDevidos(
            { inicio, fim: null, periodicidade, dia_faturamento: dia },
            HOJE,
          );
          const faturas = await faturasNoBanco(contrato.id);
          expect(faturas.map((f) => f.periodo_inicio)).toEqual(esperados.map((p) => p.inicio));
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('Faturamento automático no sino', () => {
  it('puts a failed run on the bell of admins and managers, and leaves it once a run succeeds', async () => {
    await ctx.database.db.execute(
      sql`UPDATE tarefas_agendadas SET erro = 'Conexão perdida com o banco' WHERE nome = ${TAREFA_FATURAMENTO}`,
    );
    const sino = async (as?: string) =>
      (await ctx.request({ method: 'GET', url: '/api/notificacoes', as })).json<{
        itens: Array<{ tipo: string; descricao: string; link: string }>;
      }>().itens;
    expect((await sino()).find((n) => n.tipo === 'faturamento_falhou')).toMatchObject({
      descricao: 'Conexão perdida com o banco',
      link: '/contratos',
    });
    expect((await sino(USER_EMAIL)).some((n) => n.tipo === 'faturamento_falhou')).toBe(false);
    await executarTarefa(ctx.database.db, tarefa(), { forcar: true });
    expect((await sino()).some((n) => n.tipo === 'faturamento_falhou')).toBe(false);
  });
});
