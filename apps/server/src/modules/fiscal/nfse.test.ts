import { sql } from 'drizzle-orm';
import type { Email } from '@prumo/shared/emails';
import { chaveNfseValida, type Nfse } from '@prumo/shared/fiscal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, MANAGER_EMAIL, type TestContext } from '../../test/test-app';
import { clienteDemo } from '../../test/fiscal';
import { assinaturaValida } from './nfe/assinatura';
import { validarXml } from './nfe/esquemas';
import { ServicoFiscal } from './emissao';
import { ServicoNfse } from './nfse/emissao-nfse';
import type { SimuladorSefin } from './nfse/sefin-simulador';

/*
 * National NFS-e of service orders against the simulated national issuer (issue 30): issued,
 * stored with its XML and DANFSe, one per service code; asked again, the same notes; 20 at once,
 * 20 numbers without a gap; a lost answer recovered by the DPS's Id, never sent twice; a refusal
 * with its national code; a cancellation registered once.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
let tecnicoId: number;
let simulador: SimuladorSefin;

async function servico(dados: Json = {}): Promise<number> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/servicos',
    payload: {
      nome: `Serviço ${Math.random()}`,
      preco: 100,
      codigoTributacaoNacional: '140101',
      codigoNbs: '120012000',
      aliquotaIss: 2,
      ...dados,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

/** A concluded service order of the given service lines. */
async function ordemConcluida(servicos: Json[], extra: Json = {}): Promise<number> {
  const criada = await ctx.request({
    method: 'POST',
    url: '/api/ordens-servico',
    payload: {
      cliente_id: clienteId,
      tecnico_id: tecnicoId,
      equipamento: 'Notebook',
      servicos,
      ...extra,
    },
  });
  expect(criada.statusCode, criada.body).toBe(201);
  const id = criada.json<{ id: number }>().id;
  for (const situacao of ['em-andamento', 'concluida']) {
    const movida = await ctx.request({
      method: 'PATCH',
      url: `/api/ordens-servico/${id}/status`,
      payload: { situacao },
    });
    expect(movida.statusCode, movida.body).toBe(200);
  }
  return id;
}

const emitir = (ordemId: number) =>
  ctx.request({ method: 'POST', url: '/api/nfse', payload: { ordem_servico_id: ordemId } });

async function emitidas(ordemId: number): Promise<Nfse[]> {
  const response = await emitir(ordemId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Nfse[]>();
}

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
  const funcionarios = await ctx.request({ method: 'GET', url: '/api/cadastros?tipo=funcionario' });
  tecnicoId = funcionarios.json<Array<{ id: number }>>()[0]!.id;
  const configuracao = await ctx.request({
    method: 'PUT',
    url: '/api/fiscal/configuracao',
    payload: { nfse_ativa: true, nfse_emissor_nacional: true, inscricao_municipal: '12345678' },
  });
  expect(configuracao.statusCode, configuracao.body).toBe(200);
  simulador = await ServicoNfse.de(ctx.database.db)!.obterSimulador();
});
afterAll(() => ctx?.close());
afterEach(() => simulador.definirCenario({ tipo: 'normal' }));

describe('NFS-e de uma ordem de serviço', () => {
  it('is generated, stored with its XML and DANFSe, and asked again answers the same note', async () => {
    const ordem = await ordemConcluida(
      [{ servico_id: await servico(), quantidade: 2, valor: 150 }],
      {
        desconto: 30,
      },
    );
    const [nota] = await emitidas(ordem);
    expect(nota).toMatchObject({
      situacao: 'Autorizada',
      ordem_servico_id: ordem,
      codigo_tributacao_nacional: '140101',
      valor_servicos: 300,
      valor_desconto: 30,
      valor_liquido: 270,
    });
    expect(chaveNfseValida(nota!.chave!)).toBe(true);
    expect(nota!.valor_iss).toBe(5.4);

    const xml = await ctx.request({ method: 'GET', url: `/api/nfse/${nota!.id}/xml` });
    expect(xml.statusCode).toBe(200);
    expect((await validarXml(xml.body, 'NFSe')).erros).toEqual([]);
    expect(assinaturaValida(xml.body)).toBe(true);
    const danfse = await ctx.request({ method: 'GET', url: `/api/nfse/${nota!.id}/danfse` });
    expect(danfse.statusCode).toBe(200);
    expect(danfse.headers['content-type']).toContain('application/pdf');

    const outraVez = await emitir(ordem);
    expect(outraVez.statusCode).toBe(200);
    expect(outraVez.json<Nfse[]>().map((n) => n.id)).toEqual([nota!.id]);
    const lista = await ctx.request({ method: 'GET', url: `/api/nfse?ordem_servico_id=${ordem}` });
    expect(lista.json<Nfse[]>()).toHaveLength(1);
  });

  it("issues with the demo's own services (their national code and NBS)", async () => {
    const servicos = await ctx.request({ method: 'GET', url: '/api/servicos' });
    const demo = servicos
      .json<Array<{ id: number; nome: string }>>()
      .filter((s) => ['Formatação com backup', 'Troca de tela de celular'].includes(s.nome));
    expect(demo).toHaveLength(2);
    const ordem = await ordemConcluida(demo.map((s) => ({ servico_id: s.id, valor: 100 })));
    const notas = await emitidas(ordem);
    expect(notas.map((n) => [n.codigo_tributacao_nacional, n.situacao]).sort()).toEqual([
      ['010701', 'Autorizada'],
      ['140101', 'Autorizada'],
    ]);
  });

  it('makes one NFS-e per service code, with consecutive DPS numbers', async () => {
    const ordem = await ordemConcluida([
      { servico_id: await servico(), valor: 100 },
      { servico_id: await servico({ codigoTributacaoNacional: '140201' }), valor: 50 },
    ]);
    const notas = await emitidas(ordem);
    expect(notas.map((n) => n.codigo_tributacao_nacional).sort()).toEqual(['140101', '140201']);
    expect(notas.every((n) => n.situacao === 'Autorizada')).toBe(true);
    expect(notas[1]!.numero_dps).toBe(notas[0]!.numero_dps + 1);
  });

  it('gives 20 orders issued at once 20 DPS numbers without a gap', async () => {
    const id = await servico();
    const ordens = [];
    for (let i = 0; i < 20; i++)
      ordens.push(await ordemConcluida([{ servico_id: id, valor: 10 + i }]));
    const respostas = await Promise.all(ordens.map(emitir));
    expect(respostas.map((r) => r.statusCode)).toEqual(ordens.map(() => 201));
    const numeros = respostas.map((r) => r.json<Nfse[]>()[0]!.numero_dps).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => numeros[0]! + i));
  });

  it('stops before the issuer what the catalogue lacks (a service without NBS), with the reason', async () => {
    const ordem = await ordemConcluida([
      { servico_id: await servico({ codigoNbs: null }), valor: 80 },
    ]);
    const [nota] = await emitidas(ordem);
    expect(nota!.situacao).toBe('Rascunho');
    expect(nota!.pendencias[0]).toContain('sem código NBS');
    expect(simulador.dpsRecebidas()).not.toContain(nota!.id_dps);
  });

  it('recovers a lost answer by the DPS Id: one NFS-e, the DPS never sent twice', async () => {
    const ordem = await ordemConcluida([{ servico_id: await servico(), valor: 90 }]);
    simulador.definirCenario({ tipo: 'perder-resposta' });
    const [nota] = await emitidas(ordem);
    expect(nota!.situacao).toBe('Rascunho');
    simulador.definirCenario({ tipo: 'normal' });
    const transmitida = await ctx.request({
      method: 'POST',
      url: `/api/nfse/${nota!.id}/transmitir`,
    });
    expect(transmitida.statusCode, transmitida.body).toBe(200);
    expect(transmitida.json<Nfse>().situacao).toBe('Autorizada');
    expect(simulador.dpsRecebidas().filter((id) => id === nota!.id_dps)).toHaveLength(1);
    expect(simulador.notas().filter((n) => n.idDps === nota!.id_dps)).toHaveLength(1);
  });

  it('the fiscal queue settles a send left without answer; a resend the issuer knows is asked for', async () => {
    const perdida = async () => {
      const ordem = await ordemConcluida([{ servico_id: await servico(), valor: 95 }]);
      simulador.definirCenario({ tipo: 'perder-resposta' });
      const [nota] = await emitidas(ordem);
      simulador.definirCenario({ tipo: 'normal' });
      expect(nota!.situacao).toBe('Rascunho');
      return nota!;
    };
    const lerSituacao = async (id: number) =>
      (await ctx.request({ method: 'GET', url: `/api/nfse/${id}` })).json<Nfse>().situacao;

    // The queue leaves a send under way alone; past the issuer's time limit it settles it.
    const primeira = await perdida();
    await ctx.database.db.execute(
      sql`UPDATE nfses SET updated_at = now() - interval '5 minutes' WHERE id = ${primeira.id}`,
    );
    await ServicoFiscal.de(ctx.database.db)!.processarFila();
    expect(await lerSituacao(primeira.id)).toBe('Autorizada');

    // Sent again without the mark (as after a crash before it was written): the issuer's
    // "DPS already used" is answered by asking for the note, never taken as a refusal.
    const segunda = await perdida();
    await ctx.database.db.execute(
      sql`UPDATE nfses SET envio_incerto = false WHERE id = ${segunda.id}`,
    );
    const transmitida = await ctx.request({
      method: 'POST',
      url: `/api/nfse/${segunda.id}/transmitir`,
    });
    expect(transmitida.json<Nfse>().situacao).toBe('Autorizada');
    expect(simulador.notas().filter((n) => n.idDps === segunda.id_dps)).toHaveLength(1);
  });

  it('shows a refusal with its national code; fixed, it is transmitted again under its number', async () => {
    const ordem = await ordemConcluida([{ servico_id: await servico(), valor: 60 }]);
    simulador.definirCenario({
      tipo: 'recusar-proxima',
      erro: { codigo: 'E0625', descricao: 'Alíquota do ISSQN inválida' },
    });
    const [nota] = await emitidas(ordem);
    expect(nota).toMatchObject({ situacao: 'Rejeitada', codigo_erro: 'E0625' });
    const transmitida = await ctx.request({
      method: 'POST',
      url: `/api/nfse/${nota!.id}/transmitir`,
    });
    expect(transmitida.json<Nfse>()).toMatchObject({
      situacao: 'Autorizada',
      numero_dps: nota!.numero_dps,
    });
  });

  it('is issued for a concluded appointment, at its price', async () => {
    const servicoId = await servico({ preco: 45, duracao: 60 });
    const dia = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const criado = await ctx.request({
      method: 'POST',
      url: '/api/vendas',
      payload: {
        tipo: 'servico',
        cliente_id: clienteId,
        servico_id: servicoId,
        data_agendamento: dia,
        hora_inicio: '09:00',
        profissional_id: tecnicoId,
        status: 'Agendado',
        valor_total: 45,
      },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const vendaId = criado.json<{ id: number }>().id;
    const emitirAgendamento = () =>
      ctx.request({ method: 'POST', url: '/api/nfse', payload: { venda_id: vendaId } });
    expect((await emitirAgendamento()).statusCode).toBe(409);
    for (const status of ['Em Andamento', 'Concluído']) {
      const movido = await ctx.request({
        method: 'PATCH',
        url: `/api/vendas/${vendaId}/status`,
        payload: { status },
      });
      expect(movido.statusCode, movido.body).toBe(200);
    }
    const response = await emitirAgendamento();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Nfse[]>()[0]).toMatchObject({
      situacao: 'Autorizada',
      venda_id: vendaId,
      valor_servicos: 45,
    });
  });

  it('goes by e-mail with its XML and DANFSe, through the outbox', async () => {
    const servidor = await ctx.request({
      method: 'PUT',
      url: '/api/configuracoes/email',
      payload: {
        host: '127.0.0.1',
        porta: 2525,
        seguranca: 'nenhuma',
        remetente_nome: 'Loja Prumo',
        remetente_email: 'loja@prumo.com.br',
        enviar_nota_automaticamente: false,
      },
    });
    expect(servidor.statusCode, servidor.body).toBe(200);
    const ordem = await ordemConcluida([{ servico_id: await servico(), valor: 75 }]);
    const [nota] = await emitidas(ordem);
    const pedido = await ctx.request({
      method: 'POST',
      url: `/api/nfse/${nota!.id}/email`,
      payload: { para: 'cliente@exemplo.com.br' },
    });
    expect(pedido.statusCode, pedido.body).toBe(202);
    expect(pedido.json<Email>()).toMatchObject({
      para: 'cliente@exemplo.com.br',
      referencia: `nfse:${nota!.id}`,
      situacao: 'pendente',
      anexos: [`NFSe-${nota!.chave}.xml`, `DANFSe-${nota!.chave}.pdf`],
    });
    expect(pedido.json<Email>().assunto).toContain(`NFS-e nº ${nota!.numero_nfse}`);
  });

  it('cancels once (event 101101); a second cancellation and an open order are refused', async () => {
    const ordem = await ordemConcluida([{ servico_id: await servico(), valor: 120 }]);
    const [nota] = await emitidas(ordem);
    const cancelar = () =>
      ctx.request({
        method: 'POST',
        url: `/api/nfse/${nota!.id}/cancelar`,
        payload: { motivo: 2, justificativa: 'Serviço não prestado: cliente desistiu' },
        as: MANAGER_EMAIL,
      });
    const cancelada = await cancelar();
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(cancelada.json<Nfse>()).toMatchObject({
      situacao: 'Cancelada',
      cancelamento: { motivo: 2 },
    });
    expect((await cancelar()).statusCode).toBe(409);

    const aberta = await ctx.request({
      method: 'POST',
      url: '/api/ordens-servico',
      payload: { cliente_id: clienteId, tecnico_id: tecnicoId, equipamento: 'Notebook' },
    });
    const recusada = await emitir(aberta.json<{ id: number }>().id);
    expect(recusada.statusCode).toBe(409);
    expect(recusada.json<{ message: string }>().message).toBe(
      'Só uma ordem de serviço concluída (ou entregue) tem NFS-e',
    );
  });
});

describe('NFS-e emitida ao concluir (configuração)', () => {
  const configurar = async (ligada: boolean) => {
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/fiscal/configuracao',
      payload: { nfse_emitir_ao_concluir: ligada },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Json>().nfse_emitir_ao_concluir).toBe(ligada);
  };
  const daOrdem = async (ordem: number) =>
    (await ctx.request({ method: 'GET', url: `/api/nfse?ordem_servico_id=${ordem}` })).json<
      Nfse[]
    >();
  afterAll(() => configurar(false));

  it('issues, once, what is concluded after it is turned on, even racing a click; never again after a cancellation', async () => {
    const antes = await ordemConcluida([{ servico_id: await servico(), valor: 80 }]);
    await configurar(true);
    const depois = await ordemConcluida([{ servico_id: await servico(), valor: 90 }]);
    const servicoNfse = ServicoNfse.de(ctx.database.db)!;

    const [clique] = await Promise.all([emitir(depois), servicoNfse.emitirAutomaticas()]);
    expect([200, 201]).toContain(clique.statusCode);
    const [nota, ...outras] = await daOrdem(depois);
    expect(outras).toEqual([]);
    expect(nota).toMatchObject({ situacao: 'Autorizada', valor_servicos: 90 });
    expect(await daOrdem(antes)).toEqual([]);

    const cancelada = await ctx.request({
      method: 'POST',
      url: `/api/nfse/${nota!.id}/cancelar`,
      payload: { motivo: 1, justificativa: 'Erro na emissão: valor do serviço errado' },
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await servicoNfse.emitirAutomaticas()).toBe(0);
    expect((await daOrdem(depois)).map((n) => n.situacao)).toEqual(['Cancelada']);
  });

  it('is the fiscal queue that issues it, for an appointment too; turned off, nothing more', async () => {
    await configurar(true);
    const servicoId = await servico({ preco: 60, duracao: 30 });
    const agendamento = await ctx.request({
      method: 'POST',
      url: '/api/vendas',
      payload: {
        tipo: 'servico',
        cliente_id: clienteId,
        servico_id: servicoId,
        data_agendamento: new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10),
        hora_inicio: '10:00',
        profissional_id: tecnicoId,
        status: 'Agendado',
        valor_total: 60,
      },
    });
    expect(agendamento.statusCode, agendamento.body).toBe(201);
    const vendaId = agendamento.json<{ id: number }>().id;
    for (const status of ['Em Andamento', 'Concluído']) {
      const movido = await ctx.request({
        method: 'PATCH',
        url: `/api/vendas/${vendaId}/status`,
        payload: { status },
      });
      expect(movido.statusCode, movido.body).toBe(200);
    }
    await ServicoFiscal.de(ctx.database.db)!.processarFila();
    const lista = await ctx.request({ method: 'GET', url: `/api/nfse?venda_id=${vendaId}` });
    expect(lista.json<Nfse[]>()).toMatchObject([{ situacao: 'Autorizada', valor_servicos: 60 }]);

    await configurar(false);
    const ordem = await ordemConcluida([{ servico_id: servicoId, valor: 60 }]);
    expect(await ServicoNfse.de(ctx.database.db)!.emitirAutomaticas()).toBe(0);
    expect(await daOrdem(ordem)).toEqual([]);
  });
});
