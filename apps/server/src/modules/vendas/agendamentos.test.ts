import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import { toCentavos } from '@prumo/shared/money';
import {
  AGENDAMENTO_MESSAGES,
  HORARIOS_PADRAO,
  type Venda,
  type VendaResumo,
} from '@prumo/shared/vendas';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let clienteId: number;
let profissionais: number[];
let servicoHora: number;
let servicoLongo: number;

type Json = Record<string, unknown>;

async function novoServico(nome: string, duracao: number, preco: number): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`INSERT INTO servicos (nome, preco, duracao) VALUES (${nome}, ${preco}, ${duracao}) RETURNING id`,
  );
  return (result as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const lista = async (tipo: string) =>
    (await ctx.request({ method: 'GET', url: `/api/cadastros?tipo=${tipo}` })).json<
      Array<{ id: number }>
    >();
  clienteId = (await lista('cliente'))[0]!.id;
  profissionais = (await lista('funcionario')).map((f) => f.id);
  servicoHora = await novoServico('Corte de cabelo', 60, 45);
  servicoLongo = await novoServico('Coloração completa', 150, 180);
});
afterAll(() => ctx?.close());

/** A day `dias` from today in the company's calendar. */
function dia(dias: number): string {
  const d = new Date(`${todayISO('America/Sao_Paulo')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** Each test books its own future day, so none sees another's appointments. */
let proximoDia = 10;

const agendamento = (extra: Json = {}) => ({
  tipo: 'servico',
  cliente_id: clienteId,
  servico_id: servicoHora,
  data_agendamento: dia(proximoDia),
  hora_inicio: '09:00',
  profissional_id: profissionais[0],
  status: 'Agendado',
  valor_total: 1,
  ...extra,
});

const post = (payload: Json) => ctx.request({ method: 'POST', url: '/api/vendas', payload });
async function postOk(payload: Json): Promise<Venda> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const livres = async (query: string) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/agendamentos/disponibilidade?${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ horariosDisponiveis: string[] }>().horariosDisponiveis;
};
const mover = (id: number, status: string) =>
  ctx.request({ method: 'PATCH', url: `/api/vendas/${id}/status`, payload: { status } });

describe('appointments', () => {
  it("are service sales with the service's price and duration and the professional's name", async () => {
    proximoDia++;
    const venda = await postOk(agendamento({ observacoes: 'Cliente prefere tesoura' }));
    expect(venda).toMatchObject({
      tipo: 'servico',
      status: 'Agendado',
      servico_id: servicoHora,
      servico_nome: 'Corte de cabelo',
      data_agendamento: dia(proximoDia),
      hora_inicio: '09:00',
      duracao_estimada: 60,
      profissional_id: profissionais[0],
      valor_total: 45,
      valor_final: 45,
      observacoes: 'Cliente prefere tesoura',
    });
    expect(venda.profissional).toBeTruthy();
    const lista = await ctx.request({ method: 'GET', url: '/api/vendas?tipo=servico&q=corte' });
    expect(lista.json<VendaResumo[]>().map((v) => v.id)).toContain(venda.id);
  });

  it('take the empty itens the spec lists on every sale, and refuse product lines', async () => {
    proximoDia++;
    const venda = await postOk(agendamento({ itens: [], forma_pagamento: 'Cartão de Crédito' }));
    expect(venda).toMatchObject({ tipo: 'servico', itens: [], forma_pagamento: 'cartao_credito' });
    const editada = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${venda.id}`,
      payload: agendamento({ itens: [], hora_inicio: '10:00' }),
    });
    expect(editada.statusCode, editada.body).toBe(200);
    const comLinhas = await post(
      agendamento({ hora_inicio: '14:00', itens: [{ produto_id: 1, quantidade: 1 }] }),
    );
    expect(comLinhas.statusCode).toBe(400);
    expect(comLinhas.json().fields.itens).toBe(AGENDAMENTO_MESSAGES.semItens);
    const naoLista = await post(agendamento({ hora_inicio: '14:00', itens: 'nenhum' }));
    expect(naoLista.statusCode).toBe(400);
    expect(naoLista.json().fields.itens).toBe(AGENDAMENTO_MESSAGES.semItens);
  });

  it('refuses a past date, a slot off the list, one that ends after closing and unknown records', async () => {
    proximoDia++;
    const cases: Array<[Json, string, string]> = [
      [
        agendamento({ data_agendamento: dia(-1) }),
        'data_agendamento',
        AGENDAMENTO_MESSAGES.dataPassada,
      ],
      [agendamento({ hora_inicio: '09:10' }), 'hora_inicio', AGENDAMENTO_MESSAGES.horarioInvalido],
      [agendamento({ hora_inicio: '25:00' }), 'hora_inicio', AGENDAMENTO_MESSAGES.horarioInvalido],
      [
        agendamento({ servico_id: servicoLongo, hora_inicio: '17:00' }),
        'hora_inicio',
        AGENDAMENTO_MESSAGES.foraDoExpediente,
      ],
      [
        agendamento({ profissional_id: clienteId }),
        'profissional_id',
        AGENDAMENTO_MESSAGES.profissionalNaoEncontrado,
      ],
      [
        agendamento({ servico_id: 987654 }),
        'servico_id',
        AGENDAMENTO_MESSAGES.servicoNaoEncontrado,
      ],
      [agendamento({ status: 'Concluído' }), 'status', 'Um agendamento é criado como Agendado'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, `${field} ${response.body}`).toBe(400);
      expect(response.json().fields?.[field]).toBe(message);
    }
  });

  it('offers the slots where the whole duration fits around the professional’s appointments', async () => {
    proximoDia++;
    const data = dia(proximoDia);
    const p = profissionais[0];
    expect(await livres(`data=${data}&profissional=${p}&servico=${servicoHora}`)).toEqual(
      HORARIOS_PADRAO.filter((h) => h <= '18:00'),
    );
    await postOk(agendamento({ hora_inicio: '10:00' })); // 10:00–11:00
    await postOk(agendamento({ servico_id: servicoLongo, hora_inicio: '14:00' })); // 14:00–16:30
    const hora = await livres(`data=${data}&profissional=${p}&servico=${servicoHora}`);
    expect(hora).toContain('09:00');
    expect(hora).not.toContain('09:30'); // would run into 10:00
    expect(hora).not.toContain('10:30');
    expect(hora).toContain('11:00');
    expect(hora).toContain('13:00');
    expect(hora).not.toContain('13:30');
    expect(hora).not.toContain('16:00');
    expect(hora).toContain('16:30');
    expect(hora.at(-1)).toBe('18:00');
    const longo = await livres(`data=${data}&profissional=${p}&servico=${servicoLongo}`);
    expect(longo).toEqual(['11:00', '11:30', '16:30']);
    // Another professional's day is free.
    expect(
      await livres(`data=${data}&profissional=${profissionais[1]}&servico=${servicoHora}`),
    ).toHaveLength(21);
    // Today only future slots; before today none.
    const hoje = await livres(`data=${dia(0)}&profissional=${p}&servico=${servicoHora}`);
    const agora = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    expect(hoje.every((h) => h > agora)).toBe(true);
    expect(await livres(`data=${dia(-1)}&profissional=${p}`)).toEqual([]);
  });

  it('books one of 20 simultaneous requests for the same slot; the rest get Horário indisponível', async () => {
    proximoDia++;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post(agendamento({ hora_inicio: '15:00' }))),
    );
    const ok = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok.length).toBe(1);
    expect(refused.length).toBe(19);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        error: 'HORARIO_INDISPONIVEL',
        message: AGENDAMENTO_MESSAGES.horarioIndisponivel,
      });
    }
    // An overlapping but different start is refused too; the next free slot is taken.
    expect((await post(agendamento({ hora_inicio: '15:30' }))).statusCode).toBe(409);
    expect((await post(agendamento({ hora_inicio: '16:00' }))).statusCode).toBe(201);
    // A cancelled appointment frees its slot.
    const id = ok[0]!.json<Venda>().id;
    expect((await mover(id, 'Cancelado')).statusCode).toBe(200);
    expect((await post(agendamento({ hora_inicio: '15:00' }))).statusCode).toBe(201);
  });

  it('re-checks the new slot when an appointment is edited', async () => {
    proximoDia++;
    const a = await postOk(agendamento({ hora_inicio: '09:00' }));
    await postOk(agendamento({ hora_inicio: '11:00' }));
    const clash = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${a.id}`,
      payload: agendamento({ hora_inicio: '11:00' }),
    });
    expect(clash.statusCode).toBe(409);
    const moved = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${a.id}`,
      payload: agendamento({ hora_inicio: '12:00' }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().hora_inicio).toBe('12:00');
    // Its own old slot does not count against it.
    const livresEditando = await livres(
      `data=${dia(proximoDia)}&profissional=${profissionais[0]}&servico=${servicoHora}&ignorar=${a.id}`,
    );
    expect(livresEditando).toContain('12:00');
  });

  it('follows Agendado → Em Andamento → Concluído, cancels from the first two, and refuses the rest', async () => {
    proximoDia++;
    const a = await postOk(agendamento({ hora_inicio: '08:00' }));
    expect((await mover(a.id, 'Concluído')).json().error).toBe('TRANSICAO_INVALIDA');
    expect((await mover(a.id, 'Finalizada')).json().error).toBe('TRANSICAO_INVALIDA');
    const iniciado = await mover(a.id, 'Em Andamento');
    expect(iniciado.json().iniciado_em).toBeTruthy();
    const concluido = await mover(a.id, 'Concluído');
    expect(concluido.json()).toMatchObject({ status: 'Concluído' });
    expect(concluido.json().concluido_em).toBeTruthy();
    expect((await mover(a.id, 'Cancelado')).json().error).toBe('TRANSICAO_INVALIDA');
    const b = await postOk(agendamento({ hora_inicio: '13:00' }));
    await mover(b.id, 'Em Andamento');
    expect((await mover(b.id, 'Cancelado')).statusCode).toBe(200);
    const edit = await ctx.request({
      method: 'PUT',
      url: `/api/vendas/${b.id}`,
      payload: agendamento({ hora_inicio: '13:00' }),
    });
    expect(edit.statusCode).toBe(409);
  });

  it('counts today’s appointments, those under way, and the month’s revenue and time', async () => {
    const stats = async () =>
      (await ctx.request({ method: 'GET', url: '/api/vendas/stats/servicos' })).json();
    const antes = await stats();
    proximoDia++;
    const a = await postOk(agendamento({ hora_inicio: '10:00' }));
    await mover(a.id, 'Em Andamento');
    const meio = await stats();
    expect(meio.servicosAndamento).toBe(antes.servicosAndamento + 1);
    // Started 30 minutes ago, concluded now.
    await ctx.database.db.execute(
      sql`UPDATE vendas SET iniciado_em = now() - interval '30 minutes' WHERE id = ${a.id}`,
    );
    await mover(a.id, 'Concluído');
    const depois = await stats();
    expect(toCentavos(depois.faturamentoMes) - toCentavos(antes.faturamentoMes)).toBe(4500);
    expect(depois.servicosAndamento).toBe(antes.servicosAndamento);
    expect(depois.tempoMedioServico).toBeGreaterThan(0);
    expect(typeof depois.agendamentosHoje).toBe('number');
  });
});
