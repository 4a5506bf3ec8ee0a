import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CONDICOES_DE_USO_CCE,
  type CancelamentoResultado,
  type EventoNfe,
  type EventosDaNota,
  type Inutilizacao,
  type LacunasSerie,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { selectRows } from '../../db/sql-helpers';
import { textoDoPdf } from '../../pdf/pdf-teste';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';
import {
  abrirCaixa,
  clienteDemo,
  contagem,
  emitirNota,
  estoqueDe,
  produtoFiscal,
  vendaFinalizada,
} from '../../test/fiscal';
import { ServicoFiscal } from './emissao';
import { assinaturaValida } from './nfe/assinatura';
import { validarXml } from './nfe/esquemas';
import type { CenarioSefaz, SimuladorSefaz } from './sefaz/sefaz-simulador';

/*
 * A note's life after its issue against the simulated SEFAZ (issue 29): cancellation within the
 * deadline, with or without its sale, one event for two requests at once, SEFAZ's refusals in
 * pt-BR, a lost answer recovered from the protocol query; correction letters up to 20; voided
 * number ranges and the séries' gaps; a draft's number voided from its note.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
let simulador: SimuladorSefaz;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = await clienteDemo(ctx);
  await abrirCaixa(ctx);
  simulador = await ServicoFiscal.de(db())!.obterSimulador();
});
afterAll(() => ctx?.close());
afterEach(() => simulador.definirCenario({ tipo: 'normal' }));

const cancelar = (id: number, payload: Json, as = MANAGER_EMAIL) =>
  ctx.request({ method: 'POST', url: `/api/notas-fiscais/${id}/cancelar`, payload, as });
const corrigir = (id: number, correcao: string, as = USER_EMAIL) =>
  ctx.request({
    method: 'POST',
    url: `/api/notas-fiscais/${id}/correcoes`,
    payload: { correcao },
    as,
  });
const situacao = async (id: number) =>
  (
    await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${id}/eventos` })
  ).json<EventosDaNota>();
const inutilizar = (payload: Json, as = MANAGER_EMAIL) =>
  ctx.request({ method: 'POST', url: '/api/fiscal/inutilizacoes', payload, as });
const lacunasDe = async (modelo: number, serie: number) =>
  (
    await ctx.request({ method: 'GET', url: `/api/fiscal/lacunas?modelo=${modelo}&serie=${serie}` })
  ).json<LacunasSerie[]>();

/** The events of a key that reached the simulated SEFAZ. */
const recebidos = (chave: string, tpEvento?: string) =>
  simulador
    .eventosRecebidos()
    .filter((evento) => evento.chave === chave && (!tpEvento || evento.tpEvento === tpEvento));

const cenario = (novo: CenarioSefaz) => simulador.definirCenario(novo);

/** An authorized NF-e (or NFC-e) of a new sale of one product. */
async function notaAutorizada(modelo: 55 | 65 = 55) {
  const produtoId = await produtoFiscal(ctx);
  const vendaId = await vendaFinalizada(ctx, clienteId, [{ produto_id: produtoId, quantidade: 2 }]);
  const nota = await emitirNota(ctx, { venda_id: vendaId, modelo });
  expect(nota.situacao).toBe('Autorizada');
  return { nota, vendaId, produtoId };
}

/** An NF-e SEFAZ rejects (778, an NCM it does not know): its number can be voided. */
async function notaRejeitada(): Promise<NotaFiscal> {
  cenario({
    tipo: 'rejeitar-proxima',
    cStat: 778,
    xMotivo: 'Rejeição: Informado NCM inexistente',
  });
  const itens = [{ produto_id: await produtoFiscal(ctx), quantidade: 1 }];
  const rejeitada = await emitirNota(ctx, {
    venda_id: await vendaFinalizada(ctx, clienteId, itens),
    modelo: 55,
  });
  expect(rejeitada.situacao).toBe('Rejeitada');
  return rejeitada;
}

const movimentosDaVenda = (vendaId: number) =>
  contagem(ctx, 'estoque_movimentacoes', sql`venda_id = ${vendaId}`);
const titulosAbertosDaVenda = (vendaId: number) =>
  contagem(ctx, 'titulos', sql`venda_id = ${vendaId} AND cancelado_em IS NULL`);

const JUSTIFICATIVA = 'Cliente desistiu da compra após a emissão';

describe('cancelamento', () => {
  it('cancels the note and its sale in one step: stock and money return once, the XML is kept', async () => {
    const { nota, vendaId, produtoId } = await notaAutorizada();
    const estoqueVendido = await estoqueDe(ctx, produtoId);
    expect(await titulosAbertosDaVenda(vendaId)).toBe(1);

    const antes = await situacao(nota.id);
    expect(antes.cancelamento).toMatchObject({ permitido: true, motivo: null });
    expect(antes.cancelamento.restante_segundos).toBeGreaterThan(24 * 3600 - 60);

    expect((await cancelar(nota.id, { justificativa: JUSTIFICATIVA }, USER_EMAIL)).statusCode).toBe(
      403,
    );
    const curta = await cancelar(nota.id, { justificativa: 'Desistiu' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json<{ message: string }>().message).toBe(
      'A justificativa deve ter de 15 a 255 caracteres',
    );
    const emoji = await cancelar(nota.id, { justificativa: 'Cliente desistiu 😀 da compra' });
    expect(emoji.statusCode).toBe(400);
    expect(emoji.json<{ message: string }>().message).toContain('não aceita o caractere');

    const response = await cancelar(nota.id, {
      justificativa: JUSTIFICATIVA,
      cancelar_venda: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const resultado = response.json<CancelamentoResultado>();
    expect(resultado).toMatchObject({
      nota: { situacao: 'Cancelada' },
      evento: { tipo_evento: '110111', sequencia: 1, c_stat: 135, texto: JUSTIFICATIVA },
      venda_cancelada: true,
      aviso: null,
    });
    expect(resultado.evento.protocolo).toMatch(/^\d{15}$/);
    expect(resultado.nota.eventos.at(-1)).toMatchObject({ tipo: 'cancelamento', c_stat: 135 });

    const venda = await ctx.request({ method: 'GET', url: `/api/vendas/${vendaId}` });
    expect(venda.json<{ status: string }>().status).toBe('Cancelada');
    expect(await estoqueDe(ctx, produtoId)).toBe(estoqueVendido + 2);
    expect(await movimentosDaVenda(vendaId)).toBe(2);
    expect(await titulosAbertosDaVenda(vendaId)).toBe(0);

    const xml = await ctx.request({
      method: 'GET',
      url: `/api/notas-fiscais/${nota.id}/eventos/${resultado.evento.id}/xml`,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`${nota.chave}-1-procEventoCancNFe.xml`);
    expect((await validarXml(xml.body, 'procEventoCancNFe')).erros).toEqual([]);
    expect(assinaturaValida(xml.body, 'infEvento')).toBe(true);

    // Nothing happens twice: the note is cancelled, the sale too.
    const deNovo = await cancelar(nota.id, { justificativa: JUSTIFICATIVA, cancelar_venda: true });
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json<{ message: string }>().message).toContain('está cancelada');
    expect(await estoqueDe(ctx, produtoId)).toBe(estoqueVendido + 2);
    expect(await movimentosDaVenda(vendaId)).toBe(2);
    expect(recebidos(nota.chave)).toHaveLength(1);
    const depois = await situacao(nota.id);
    expect(depois.cancelamento.permitido).toBe(false);
    expect(depois.eventos.map((evento) => evento.id)).toEqual([resultado.evento.id]);
  });

  it('refuses to cancel a sale whose note is authorized, naming the note; once the note is cancelled the sale is', async () => {
    const { nota, vendaId, produtoId } = await notaAutorizada();
    const estoqueVendido = await estoqueDe(ctx, produtoId);
    const recusada = await ctx.request({
      method: 'PATCH',
      url: `/api/vendas/${vendaId}/status`,
      payload: { status: 'Cancelada' },
    });
    expect(recusada.statusCode).toBe(409);
    expect(recusada.json<{ message: string }>().message).toContain(
      `Cancele antes a NF-e nº ${nota.numero} da venda`,
    );
    expect(await estoqueDe(ctx, produtoId)).toBe(estoqueVendido);

    const soNota = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
    expect(soNota.json<CancelamentoResultado>()).toMatchObject({
      nota: { situacao: 'Cancelada' },
      venda_cancelada: false,
    });
    const venda = await ctx.request({ method: 'GET', url: `/api/vendas/${vendaId}` });
    expect(venda.json<{ status: string }>().status).toBe('Finalizada');

    const agora = await ctx.request({
      method: 'PATCH',
      url: `/api/vendas/${vendaId}/status`,
      payload: { status: 'Cancelada' },
    });
    expect(agora.statusCode, agora.body).toBe(200);
    expect(await estoqueDe(ctx, produtoId)).toBe(estoqueVendido + 2);
  });

  it("keeps a cancelled note cancelled when the queue's late query of its send comes back", async () => {
    const { nota } = await notaAutorizada();
    // The note as the queue would find it: marked as sent long ago, as if its answer was lost.
    await db().execute(
      sql`UPDATE notas_fiscais SET envio_incerto = true, updated_at = now() - interval '10 minutes'
        WHERE id = ${nota.id}`,
    );
    const cancelada = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
    expect(cancelada.json<CancelamentoResultado>().nota.situacao).toBe('Cancelada');
    await db().execute(
      sql`UPDATE notas_fiscais SET envio_incerto = true, updated_at = now() - interval '10 minutes'
        WHERE id = ${nota.id}`,
    );
    await ServicoFiscal.de(db())!.processarFila();
    const depois = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}` });
    expect(depois.json<NotaFiscal>().situacao).toBe('Cancelada');
  });

  it('sends one event for two cancellations at once; the other is refused', async () => {
    const { nota } = await notaAutorizada();
    const respostas = await Promise.all([
      cancelar(nota.id, { justificativa: JUSTIFICATIVA }),
      cancelar(nota.id, { justificativa: 'Emitida por engano para o cliente' }),
    ]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(recebidos(nota.chave, '110111')).toHaveLength(1);
    const [linhas] = await selectRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM eventos_nfe WHERE nota_id = ${nota.id}`,
    );
    expect(linhas!.n).toBe(1);
    const [row] = await selectRows<{ evento_em_andamento: string | null }>(
      db(),
      sql`SELECT evento_em_andamento FROM notas_fiscais WHERE id = ${nota.id}`,
    );
    expect(row!.evento_em_andamento).toBeNull();
  });

  it('gives two correction letters at once distinct sequences, never one twice', async () => {
    const { nota } = await notaAutorizada();
    const respostas = await Promise.all(
      ['primeira', 'segunda', 'terceira'].map((qual) =>
        corrigir(nota.id, `Correção ${qual}: leia-se Rua B, 12`),
      ),
    );
    const aceitas = respostas.filter((r) => r.statusCode === 201);
    expect(aceitas.length).toBeGreaterThan(0);
    expect(respostas.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const sequencias = aceitas.map((r) => r.json<EventoNfe>().sequencia).sort();
    expect(sequencias).toEqual(sequencias.map((_, indice) => indice + 1));
    expect(recebidos(nota.chave, '110110').map((e) => e.cStat)).toEqual(aceitas.map(() => 135));
  });

  it('waits for a request under way, and frees the slot a stopped process left behind', async () => {
    const { nota } = await notaAutorizada();
    await db().execute(
      sql`UPDATE notas_fiscais SET evento_em_andamento = '110110', updated_at = now() WHERE id = ${nota.id}`,
    );
    expect((await situacao(nota.id)).cancelamento.motivo).toContain('está sendo enviado');
    const ocupada = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
    expect(ocupada.statusCode).toBe(409);
    expect(recebidos(nota.chave)).toHaveLength(0);

    await db().execute(
      sql`UPDATE notas_fiscais SET updated_at = now() - interval '6 minutes' WHERE id = ${nota.id}`,
    );
    expect((await situacao(nota.id)).cancelamento.permitido).toBe(true);
    expect((await cancelar(nota.id, { justificativa: JUSTIFICATIVA })).statusCode).toBe(200);
  });

  it('refuses after the deadline (NFC-e 30 min, NF-e 24 h) without sending, with the reason', async () => {
    const { nota: nfce } = await notaAutorizada(65);
    await db().execute(
      sql`UPDATE notas_fiscais SET autorizada_em = now() - interval '31 minutes' WHERE id = ${nfce.id}`,
    );
    const fora = await situacao(nfce.id);
    expect(fora.cancelamento).toMatchObject({ permitido: false, restante_segundos: 0 });
    expect(fora.cancelamento.motivo).toContain('30 minutos após a autorização');
    const recusada = await cancelar(nfce.id, { justificativa: JUSTIFICATIVA });
    expect(recusada.statusCode).toBe(409);
    expect(recusada.json<{ message: string }>().message).toContain(
      'O prazo de cancelamento da NFC-e (30 minutos após a autorização) terminou',
    );
    expect(recebidos(nfce.chave)).toHaveLength(0);

    const { nota: nfe } = await notaAutorizada();
    await db().execute(
      sql`UPDATE notas_fiscais SET autorizada_em = now() - interval '23 hours 59 minutes' WHERE id = ${nfe.id}`,
    );
    const quase = await situacao(nfe.id);
    expect(quase.cancelamento.permitido).toBe(true);
    expect(quase.cancelamento.restante_segundos).toBeLessThanOrEqual(60);
  });

  it("shows SEFAZ's refusals in pt-BR (501, 580, 573) and keeps the note authorized", async () => {
    const { nota } = await notaAutorizada();
    const casos: Array<[number, string]> = [
      [
        501,
        'O prazo de cancelamento terminou: a SEFAZ não aceita mais o cancelamento desta nota (SEFAZ 501)',
      ],
      [580, 'O evento exige uma nota autorizada'],
      [573, 'A SEFAZ já tem este evento registrado (duplicidade) (SEFAZ 573)'],
      [999, 'A SEFAZ recusou o pedido (999: Rejeição: motivo novo)'],
    ];
    for (const [cStat, mensagem] of casos) {
      cenario({ tipo: 'rejeitar-evento', cStat, xMotivo: 'Rejeição: motivo novo' });
      const response = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
      expect(response.statusCode).toBe(409);
      expect(response.json<{ message: string }>().message).toContain(mensagem);
    }
    const detalhe = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}` });
    const lida = detalhe.json<NotaFiscal>();
    expect(lida.situacao).toBe('Autorizada');
    expect(
      lida.eventos.filter((evento) => evento.tipo === 'rejeicao').map((e) => e.c_stat),
    ).toEqual([501, 580, 573, 999]);
    // The slot was given back each time: the next one goes through.
    expect((await cancelar(nota.id, { justificativa: JUSTIFICATIVA })).statusCode).toBe(200);
  });

  it('recovers a cancellation whose answer was lost: SEFAZ says 573 and the query brings it back', async () => {
    const { nota } = await notaAutorizada();
    await db().execute(
      sql`UPDATE configuracao_fiscal SET tempo_limite_segundos = 1, updated_at = now() WHERE id = 1`,
    );
    try {
      cenario({ tipo: 'perder-resposta' });
      const perdida = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
      expect(perdida.statusCode).toBe(409);
      expect(perdida.json<{ message: string }>().message).toContain('A SEFAZ não respondeu');
      expect((await situacao(nota.id)).cancelamento.permitido).toBe(true);
      cenario({ tipo: 'normal' });

      const recuperada = await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
      expect(recuperada.statusCode, recuperada.body).toBe(200);
      const { evento } = recuperada.json<CancelamentoResultado>();
      const registrado = simulador.notasAutorizadas().find((n) => n.chave === nota.chave)!;
      expect(evento.protocolo).toBe(registrado.cancelamento!.nProt);
      expect(recebidos(nota.chave).map((e) => e.cStat)).toEqual([135, 573]);
      const xml = await ctx.request({
        method: 'GET',
        url: `/api/notas-fiscais/${nota.id}/eventos/${evento.id}/xml`,
      });
      expect((await validarXml(xml.body, 'procEventoCancNFe')).erros).toEqual([]);
    } finally {
      await db().execute(
        sql`UPDATE configuracao_fiscal SET tempo_limite_segundos = 3, updated_at = now() WHERE id = 1`,
      );
    }
  });
});

describe('carta de correção', () => {
  const TEXTO = 'Onde se lê Rua A, 10, leia-se Rua B, 12 no endereço de entrega';

  it('registers letters 1, 2…, their XML and PDF, and none after the 20th', async () => {
    const { nota } = await notaAutorizada();
    const primeira = await corrigir(nota.id, TEXTO);
    expect(primeira.statusCode, primeira.body).toBe(201);
    const evento = primeira.json<EventoNfe>();
    expect(evento).toMatchObject({
      tipo_evento: '110110',
      sequencia: 1,
      c_stat: 135,
      texto: TEXTO,
    });

    const xml = await ctx.request({
      method: 'GET',
      url: `/api/notas-fiscais/${nota.id}/eventos/${evento.id}/xml`,
    });
    expect(xml.headers['content-disposition']).toContain(`${nota.chave}-1-procCCeNFe.xml`);
    expect((await validarXml(xml.body, 'procCCeNFe')).erros).toEqual([]);
    expect(xml.body).toContain(`<xCondUso>${CONDICOES_DE_USO_CCE}</xCondUso>`);

    const pdf = await ctx.request({
      method: 'GET',
      url: `/api/notas-fiscais/${nota.id}/correcoes/${evento.id}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(texto).toMatch(/Carta de Correção .*Eletrônica .*Nº 1/);
    expect(texto).toContain(TEXTO);
    expect(texto).toContain(evento.protocolo!);
    expect(texto).toContain('disciplinada pelo § 1º-A do art. 7º do Convênio S/N');
    expect(texto.replace(/\s/g, '')).toContain(nota.chave);

    for (let sequencia = 2; sequencia <= 20; sequencia++) {
      const response = await corrigir(nota.id, `${TEXTO} (revisão ${sequencia})`);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<EventoNfe>().sequencia).toBe(sequencia);
    }
    const excedente = await corrigir(nota.id, TEXTO);
    expect(excedente.statusCode).toBe(409);
    expect(excedente.json<{ message: string }>().message).toBe(
      'Esta NF-e já tem 20 cartas de correção, o máximo que a SEFAZ aceita',
    );
    const estado = await situacao(nota.id);
    expect(estado.correcao).toMatchObject({ permitida: false, restantes: 0 });
    expect(estado.eventos).toHaveLength(20);
    expect(recebidos(nota.chave, '110110')).toHaveLength(20);
  });

  it('refuses an NFC-e, a cancelled NF-e, bad text, and a letter SEFAZ refuses', async () => {
    const { nota: nfce } = await notaAutorizada(65);
    const naNfce = await corrigir(nfce.id, TEXTO);
    expect(naNfce.statusCode).toBe(409);
    expect(naNfce.json<{ message: string }>().message).toContain(
      'A NFC-e não tem carta de correção',
    );

    const { nota } = await notaAutorizada();
    expect((await corrigir(nota.id, 'curta')).statusCode).toBe(400);
    expect((await corrigir(nota.id, 'x'.repeat(1001))).statusCode).toBe(400);
    cenario({ tipo: 'rejeitar-evento', cStat: 573, xMotivo: 'Rejeição: Duplicidade de Evento' });
    const duplicada = await corrigir(nota.id, TEXTO);
    expect(duplicada.statusCode).toBe(409);
    expect(duplicada.json<{ message: string }>().message).toContain('(SEFAZ 573)');
    expect((await corrigir(nota.id, TEXTO)).json<EventoNfe>().sequencia).toBe(1);

    await cancelar(nota.id, { justificativa: JUSTIFICATIVA });
    const cancelada = await corrigir(nota.id, TEXTO);
    expect(cancelada.statusCode).toBe(409);
    expect(cancelada.json<{ message: string }>().message).toContain('está cancelada');

    const outro = await ctx.request({
      method: 'GET',
      url: `/api/notas-fiscais/${nfce.id}/correcoes/${(await situacao(nota.id)).eventos[0]!.id}/pdf`,
    });
    expect(outro.statusCode).toBe(404);
  });
});

describe('inutilização', () => {
  /** The NF-e série 1 skips `quantos` numbers: the next note leaves a gap before it. */
  async function pularNumeros(quantos: number): Promise<number> {
    const [row] = await selectRows<{ proximo: number }>(
      db(),
      sql`UPDATE numeracao_fiscal SET proximo = proximo + ${quantos}
        WHERE modelo = 55 AND serie = 1 RETURNING proximo - ${quantos} AS proximo`,
    );
    return Number(row!.proximo);
  }

  it('lists the gaps of a série, voids one (ProcInutNFe kept) and refuses used, voided and future numbers', async () => {
    await notaAutorizada();
    const inicio = await pularNumeros(3);
    const { nota: depois } = await notaAutorizada();
    expect(depois.numero).toBe(inicio + 3);
    const lacuna = { inicio, fim: inicio + 2 };
    expect((await lacunasDe(55, 1))[0]!.faixas).toContainEqual(lacuna);

    const base = { modelo: 55, serie: 1, justificativa: 'Numeração pulada por falha do sistema' };
    const usado = await inutilizar({ ...base, numero_inicial: inicio, numero_final: inicio + 3 });
    expect(usado.statusCode).toBe(409);
    expect(usado.json<{ message: string }>().message).toContain(
      `O número ${inicio + 3} já é de NF-e`,
    );
    const aFrente = await inutilizar({
      ...base,
      numero_inicial: inicio + 4,
      numero_final: inicio + 9,
    });
    expect(aFrente.statusCode).toBe(409);
    expect(aFrente.json<{ message: string }>().message).toContain(
      `O próximo número desta série é ${inicio + 4}`,
    );
    const invertida = await inutilizar({
      ...base,
      numero_inicial: inicio + 2,
      numero_final: inicio,
    });
    expect(invertida.statusCode).toBe(400);
    expect(
      (await inutilizar({ ...base, numero_inicial: inicio, numero_final: inicio }, USER_EMAIL))
        .statusCode,
    ).toBe(403);

    const feita = await inutilizar({ ...base, numero_inicial: inicio, numero_final: inicio + 2 });
    expect(feita.statusCode, feita.body).toBe(201);
    const registro = feita.json<Inutilizacao>();
    expect(registro).toMatchObject({
      ambiente: 'simulacao',
      modelo: 55,
      serie: 1,
      numero_inicial: inicio,
      numero_final: inicio + 2,
      usuario_nome: expect.any(String),
    });
    expect(registro.protocolo).toMatch(/^\d{15}$/);
    expect((await lacunasDe(55, 1))[0]?.faixas ?? []).not.toContainEqual(lacuna);

    const xml = await ctx.request({
      method: 'GET',
      url: `/api/fiscal/inutilizacoes/${registro.id}/xml`,
    });
    expect((await validarXml(xml.body, 'procInutNFe')).erros).toEqual([]);
    const lista = await ctx.request({
      method: 'GET',
      url: '/api/fiscal/inutilizacoes?modelo=55',
      as: USER_EMAIL,
    });
    expect(lista.json<Inutilizacao[]>()[0]).toEqual(registro);
    expect(lista.headers['x-total-count']).toBeDefined();

    const repetida = await inutilizar({
      ...base,
      numero_inicial: inicio + 1,
      numero_final: inicio + 1,
    });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json<{ message: string }>().message).toBe(
      `Já inutilizados nesta série: ${inicio} a ${inicio + 2}`,
    );
  });

  it("voids a rejected note's number from the note; an authorized one is refused", async () => {
    const rejeitada = await notaRejeitada();
    expect((await situacao(rejeitada.id)).inutilizacao.permitida).toBe(true);

    const response = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${rejeitada.id}/inutilizar`,
      payload: { justificativa: 'Venda refeita em outra nota fiscal' },
      as: MANAGER_EMAIL,
    });
    expect(response.statusCode, response.body).toBe(200);
    const nota = response.json<NotaFiscal>();
    expect(nota).toMatchObject({ situacao: 'Inutilizada', c_stat: 778 });
    expect(nota.protocolo).toMatch(/^\d{15}$/);
    expect(nota.eventos.at(-1)).toMatchObject({ tipo: 'inutilizacao', c_stat: 102 });
    const lista = await ctx.request({ method: 'GET', url: '/api/fiscal/inutilizacoes?modelo=55' });
    expect(lista.json<Inutilizacao[]>()[0]).toMatchObject({
      numero_inicial: rejeitada.numero,
      numero_final: rejeitada.numero,
    });

    const { nota: autorizada } = await notaAutorizada();
    const recusada = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${autorizada.id}/inutilizar`,
      payload: { justificativa: 'Venda refeita em outra nota fiscal' },
    });
    expect(recusada.statusCode).toBe(409);
    expect((await situacao(autorizada.id)).inutilizacao.permitida).toBe(false);
  });

  it('never sends and voids one number at once: of a transmission and a voiding, one happens', async () => {
    const rejeitada = await notaRejeitada();
    const [transmissao, inutilizacao] = await Promise.all([
      ctx.request({ method: 'POST', url: `/api/notas-fiscais/${rejeitada.id}/transmitir` }),
      ctx.request({
        method: 'POST',
        url: `/api/notas-fiscais/${rejeitada.id}/inutilizar`,
        payload: { justificativa: 'Venda refeita em outra nota fiscal' },
        as: MANAGER_EMAIL,
      }),
    ]);
    const final = (
      await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${rejeitada.id}` })
    ).json<NotaFiscal>();
    const voided = (
      await ctx.request({ method: 'GET', url: '/api/fiscal/inutilizacoes?modelo=55&limit=100' })
    )
      .json<Inutilizacao[]>()
      .some((i) => i.numero_inicial <= rejeitada.numero && rejeitada.numero <= i.numero_final);
    if (final.situacao === 'Autorizada') {
      expect(inutilizacao.statusCode).toBe(409);
      expect(voided).toBe(false);
    } else {
      expect(final.situacao).toBe('Inutilizada');
      expect(transmissao.statusCode).toBe(409);
      expect(voided).toBe(true);
    }
  });
});
