import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MANAGER, ALL_ROLES, type Role } from '@prumo/shared/auth';
import { addDaysISO, todayISO } from '@prumo/shared/dates';
import type { ParcelaResumo, TituloDetalhe } from '@prumo/shared/financeiro';
import { fromCentavos, toCentavos } from '@prumo/shared/money';
import {
  notificacoesSchema,
  type Notificacoes,
  type TipoNotificacao,
} from '@prumo/shared/notificacoes';
import type { Executor } from '../../db/database';
import {
  ADMIN_EMAIL,
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import { listNotificacoes } from './notificacoes.repository';

let ctx: TestContext;
let hoje: string;

type Json = Record<string, unknown>;
const EMAIL_OF: Record<Role, string> = {
  admin: ADMIN_EMAIL,
  manager: MANAGER_EMAIL,
  user: USER_EMAIL,
};
const FINANCEIRO: TipoNotificacao[] = [
  'receber_vencida',
  'pagar_vencida',
  'receber_hoje',
  'pagar_hoje',
];

beforeAll(async () => {
  ctx = await createTestContext();
  hoje = todayISO(ctx.config.timeZone);
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** GET /api/notificacoes as a demo user, checked against the shared contract. */
async function notificacoes(as = ADMIN_EMAIL): Promise<Notificacoes> {
  const response = await ctx.request({ method: 'GET', url: '/api/notificacoes', as });
  expect(response.statusCode, response.body).toBe(200);
  const body = notificacoesSchema.strict().parse(response.json());
  expect(body.total).toBe(body.itens.reduce((soma, item) => soma + item.quantidade, 0));
  return body;
}
const item = (n: Notificacoes, tipo: TipoNotificacao) => n.itens.find((i) => i.tipo === tipo);
const quantidade = (n: Notificacoes, tipo: TipoNotificacao) => item(n, tipo)?.quantidade ?? 0;
const valor = (n: Notificacoes, tipo: TipoNotificacao) => item(n, tipo)?.valor ?? 0;
/** What changed in each group from one answer to the next: [quantidade, valor]. */
const delta = (antes: Notificacoes, depois: Notificacoes, tipo: TipoNotificacao) => [
  quantidade(depois, tipo) - quantidade(antes, tipo),
  fromCentavos(toCentavos(valor(depois, tipo)) - toCentavos(valor(antes, tipo))),
];

async function ok<T>(
  method: 'POST' | 'PUT',
  url: string,
  payload?: Json,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await ctx.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}
const novoTitulo = (extra: Json) =>
  ok<TituloDetalhe>('POST', '/api/financeiro/titulos', {
    natureza: 'receber',
    descricao: 'Título das notificações',
    valor: 100,
    vencimento: hoje,
    ...extra,
  });

/** Switches the company's due alerts, keeping every other preference as it is. */
async function alertasVencimento(ligados: boolean) {
  const atual = await ctx.request({ method: 'GET', url: '/api/configuracoes/preferencias' });
  const { tema: _tema, ...preferencias } = atual.json<Json>();
  await ok('PUT', '/api/configuracoes/preferencias', {
    ...preferencias,
    alertas_vencimento: ligados,
  });
}

/** The installments the finance list shows for a filter, and what is still owed on them. */
async function parcelasListadas(query: string) {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/financeiro/parcelas?${query}&limit=500`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const lista = response.json<ParcelaResumo[]>();
  expect(Number(response.headers['x-total-count'])).toBe(lista.length);
  return {
    quantidade: lista.length,
    valor: fromCentavos(lista.reduce((soma, p) => soma + toCentavos(p.saldo), 0)),
  };
}

let produtoSeq = 0;
async function novoProduto(extra: Json): Promise<{ id: number; nome: string }> {
  const nome = `Produto notificação ${++produtoSeq}`;
  const criado = await ok<{ id: number }>('POST', '/api/produtos', { nome, ...extra });
  return { id: criado.id, nome };
}

describe('GET /api/notificacoes by role', () => {
  it('shows finance groups to admins and managers, and the stock group to every role', async () => {
    for (const role of ALL_ROLES) {
      const resposta = await notificacoes(EMAIL_OF[role]);
      const financeiro = resposta.itens.filter((i) => FINANCEIRO.includes(i.tipo));
      if (ADMIN_MANAGER.includes(role)) {
        // The demo data has overdue receivables.
        expect(item(resposta, 'receber_vencida'), role).toBeDefined();
      } else {
        expect(financeiro, role).toEqual([]);
      }
      // Demo: Arroz 8/10, Água Sanitária 5/12 and Suco 0/6 are below; Óleo 15/15 is not.
      expect(item(resposta, 'estoque_minimo'), role).toEqual({
        tipo: 'estoque_minimo',
        titulo: '3 produtos abaixo do estoque mínimo',
        descricao: 'Suco de Uva Integral 1L, Água Sanitária 1L, Arroz Branco Tipo 1 5kg',
        quantidade: 3,
        link: '/estoque?situacao=baixo',
      });
    }
    const anonimo = await ctx.app.inject({ method: 'GET', url: '/api/notificacoes' });
    expect(anonimo.statusCode).toBe(401);
  });

  it('counts the same installments and amounts the finance lists show, one item per group', async () => {
    const resposta = await notificacoes(MANAGER_EMAIL);
    for (const natureza of ['receber', 'pagar'] as const) {
      const vencidas = await parcelasListadas(`natureza=${natureza}&status=vencido`);
      const [abertas, parciais] = await Promise.all(
        ['aberto', 'parcial'].map((status) =>
          parcelasListadas(`natureza=${natureza}&status=${status}&de=${hoje}&ate=${hoje}`),
        ),
      );
      expect([
        quantidade(resposta, `${natureza}_vencida`),
        valor(resposta, `${natureza}_vencida`),
      ]).toEqual([vencidas.quantidade, vencidas.valor]);
      expect([
        quantidade(resposta, `${natureza}_hoje`),
        valor(resposta, `${natureza}_hoje`),
      ]).toEqual([abertas!.quantidade + parciais!.quantidade, abertas!.valor + parciais!.valor]);
    }
    const vencidas = item(resposta, 'receber_vencida')!;
    expect(vencidas.link).toBe('/financeiro?aba=receber&status=vencido');
    expect(vencidas.titulo).toMatch(/^\d+ contas? a receber vencidas?$/);
    expect(vencidas.descricao).toMatch(/^R\$\s[\d.]+,\d{2} em aberto desde \d{2}\/\d{2}\/\d{4}$/);
    expect(new Set(resposta.itens.map((i) => i.tipo)).size).toBe(resposta.itens.length);
  });

  it('hides the due alerts from every role while alertas_vencimento is off, and keeps stock', async () => {
    await novoTitulo({ natureza: 'pagar', descricao: 'Vence hoje, alertas' });
    try {
      await alertasVencimento(false);
      for (const role of ALL_ROLES) {
        const resposta = await notificacoes(EMAIL_OF[role]);
        expect(
          resposta.itens.map((i) => i.tipo),
          role,
        ).toEqual(['estoque_minimo']);
        expect(resposta.total, role).toBe(3);
      }
    } finally {
      await alertasVencimento(true);
    }
    for (const role of ADMIN_MANAGER) {
      expect(quantidade(await notificacoes(EMAIL_OF[role]), 'pagar_hoje'), role).toBeGreaterThan(0);
    }
  });
});

describe('due today and overdue', () => {
  it('leaves out paid and cancelled installments and counts what is still owed on partial ones', async () => {
    const antes = await notificacoes();
    const paga = await novoTitulo({ valor: 100 });
    const cancelada = await novoTitulo({ valor: 50 });
    const parcial = await novoTitulo({ valor: 80 });
    const aPagar = await novoTitulo({ natureza: 'pagar', valor: 40.1 });
    const criadas = await notificacoes();
    expect(delta(antes, criadas, 'receber_hoje')).toEqual([3, 230]);
    expect(delta(antes, criadas, 'pagar_hoje')).toEqual([1, 40.1]);
    expect(item(criadas, 'receber_hoje')!.link).toBe(
      `/financeiro?aba=receber&de=${hoje}&ate=${hoje}`,
    );
    expect(item(criadas, 'pagar_hoje')!.descricao).toMatch(/^R\$\s[\d.]+,\d{2} em aberto$/);

    const baixa = (titulo: TituloDetalhe, valorBaixa: number) =>
      ok('POST', `/api/financeiro/parcelas/${titulo.parcelas[0]!.id}/baixas`, {
        conta_id: 1,
        valor: valorBaixa,
      });
    await baixa(paga, 100);
    await baixa(parcial, 30);
    await ok('POST', `/api/financeiro/titulos/${cancelada.id}/cancelar`, undefined, 200);
    await baixa(aPagar, 40.1);
    const depois = await notificacoes();
    expect(delta(antes, depois, 'receber_hoje')).toEqual([1, 50]);
    expect(delta(antes, depois, 'pagar_hoje')).toEqual([0, 0]);
    expect(delta(antes, depois, 'receber_vencida')).toEqual([0, 0]);
  });

  it('turns "vence hoje" into "vencida" at midnight in the company time zone, not in UTC', async () => {
    const tz = ctx.config.timeZone;
    expect(tz).toBe('America/Sao_Paulo');
    const meiaNoiteUtc = Date.parse(`${hoje}T00:00:00Z`);
    // 02:30 and 03:30 UTC: 23:30 and 00:30 in São Paulo, on either side of its midnight.
    const antes = new Date(meiaNoiteUtc + 2.5 * 3_600_000);
    const depois = new Date(meiaNoiteUtc + 3.5 * 3_600_000);
    const dia = todayISO(tz, antes);
    expect(todayISO(tz, depois)).toBe(addDaysISO(dia, 1));
    expect(dia).not.toBe(antes.toISOString().slice(0, 10));

    // Measured at each instant without the title, then with it: the title's own effect.
    const medir = async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: antes });
      const noDia = await notificacoes();
      vi.setSystemTime(depois);
      const noDiaSeguinte = await notificacoes();
      vi.useRealTimers();
      return { noDia, noDiaSeguinte };
    };
    const sem = await medir();
    const titulo = await novoTitulo({ valor: 12.34, vencimento: dia });
    const com = await medir();
    expect(delta(sem.noDia, com.noDia, 'receber_hoje')).toEqual([1, 12.34]);
    expect(delta(sem.noDia, com.noDia, 'receber_vencida')).toEqual([0, 0]);
    expect(item(com.noDia, 'receber_hoje')!.link).toBe(
      `/financeiro?aba=receber&de=${dia}&ate=${dia}`,
    );
    expect(delta(sem.noDiaSeguinte, com.noDiaSeguinte, 'receber_hoje')).toEqual([0, 0]);
    expect(delta(sem.noDiaSeguinte, com.noDiaSeguinte, 'receber_vencida')).toEqual([1, 12.34]);
    await ok('POST', `/api/financeiro/titulos/${titulo.id}/cancelar`, undefined, 200);
  });

  it('counts an installment due yesterday as overdue, linked to the overdue list', async () => {
    const antes = await notificacoes();
    await novoTitulo({ natureza: 'pagar', valor: 7, vencimento: addDaysISO(hoje, -1) });
    const depois = await notificacoes();
    expect(delta(antes, depois, 'pagar_vencida')).toEqual([1, 7]);
    expect(delta(antes, depois, 'pagar_hoje')).toEqual([0, 0]);
    expect(item(depois, 'pagar_vencida')!.link).toBe('/financeiro?aba=pagar&status=vencido');
  });
});

describe('stock below minimum', () => {
  it('counts active products that move stock and hold less than their minimum', async () => {
    const antes = await notificacoes(USER_EMAIL);
    const zerado = await novoProduto({ nome: 'AAA Produto Zerado', estoque: 0, estoque_minimo: 4 });
    await novoProduto({ estoque: 4, estoque_minimo: 4 }); // at the minimum: not below
    await novoProduto({ estoque: 1, estoque_minimo: 4, ativo: false });
    await novoProduto({ estoque: 1, estoque_minimo: 4, movimenta_estoque: false });
    await novoProduto({ estoque: 1 }); // minimum 0
    const depois = await notificacoes(USER_EMAIL);
    expect(delta(antes, depois, 'estoque_minimo')).toEqual([1, 0]);
    expect(item(depois, 'estoque_minimo')).toMatchObject({
      titulo: '4 produtos abaixo do estoque mínimo',
      // The emptiest first: AAA and Suco both at 0, then by name.
      descricao: 'AAA Produto Zerado, Suco de Uva Integral 1L, Água Sanitária 1L e mais 1',
      link: '/estoque?situacao=baixo',
    });

    // Stock coming in through the ledger takes it off the list.
    await ok('POST', '/api/estoque/movimentacoes', {
      produto_id: zerado.id,
      tipo: 'entrada',
      quantidade: 4,
      motivo: 'Compra de mercadoria',
    });
    expect(delta(antes, await notificacoes(USER_EMAIL), 'estoque_minimo')).toEqual([0, 0]);
  });
});

describe('cost', () => {
  it('answers in six queries as admin and two as user, whatever the amount of data', async () => {
    for (let i = 0; i < 12; i++) {
      await novoTitulo({ valor: 10 + i, vencimento: addDaysISO(hoje, -(i % 4)) });
      await novoProduto({ estoque: i % 3, estoque_minimo: 5 });
    }
    const contar = (role: Role) => {
      let consultas = 0;
      const db = ctx.database.db;
      const contador = {
        execute: (query: Parameters<typeof db.execute>[0]) => {
          consultas++;
          return db.execute(query);
        },
      } as unknown as Executor;
      return listNotificacoes(contador, role, ctx.config.timeZone, {
        financeiro: ADMIN_MANAGER,
        estoque: ALL_ROLES,
      }).then(() => consultas);
    };
    // Finance (admins and managers), stock, the fiscal module's alerts, (admins) the e-mails
    // the outbox gave up, (admins and managers) the contract billing's last run and the
    // subscriptions' inadimplentes with their renewal's last run.
    expect(await contar('admin')).toBe(6);
    expect(await contar('user')).toBe(2);
  });

  it('never answers 5xx to junk query strings or a body on the GET', async () => {
    for (const url of [
      '/api/notificacoes?x=1',
      '/api/notificacoes?__proto__[role]=admin',
      `/api/notificacoes?q=${'ã'.repeat(2_000)}`,
      '/api/notificacoes?%E0%A4%A',
    ]) {
      const response = await ctx.request({ method: 'GET', url, as: USER_EMAIL });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    const comCorpo = await ctx.request({
      method: 'GET',
      url: '/api/notificacoes',
      headers: { 'content-type': 'application/json' },
      payload: '{"role":"admin"',
      as: USER_EMAIL,
    });
    expect(comCorpo.statusCode).toBeLessThan(500);
    if (comCorpo.statusCode === 200) {
      expect(comCorpo.json<Notificacoes>().itens.map((i) => i.tipo)).toEqual(['estoque_minimo']);
    }
  });
});
