import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configuracaoEmailSchema,
  EMAIL_MAX_TENTATIVAS,
  emailSchema,
  type Email,
} from '@prumo/shared/emails';
import type { NotaFiscal } from '@prumo/shared/fiscal';
import type { Notificacoes } from '@prumo/shared/notificacoes';
import { selectRows } from '../../db/sql-helpers';
import { iniciarSmtpTeste, type SmtpTeste } from '../../test/smtp-teste';
import { createTestContext, MANAGER_EMAIL, type TestContext } from '../../test/test-app';
import { enfileirarEmail, tomarProximoEmail } from './emails.repository';
import { ServicoEmail } from './emails.service';

/*
 * E-mail end to end against a mail server on this machine (smtp-server, with a user and a
 * password): the settings (validated, the password encrypted and never answered), the test
 * e-mail sent at once, and the outbox: quotes, service orders and fiscal notes queued with their
 * files, sent by the worker (driven here: its timer is off in tests), retried with back-off when
 * the server refuses, given up after the last attempt and shown on the bell.
 */

type Json = Record<string, unknown>;
const USUARIO = 'prumo';
const SENHA = 's3nha-do-smtp';
const HORA = 3_600_000;

let ctx: TestContext;
let smtp: SmtpTeste;
let servico: ServicoEmail;
/** A demo customer with an e-mail. */
let cliente: { id: number; nome: string; email: string };

beforeAll(async () => {
  [ctx, smtp] = await Promise.all([
    createTestContext(),
    iniciarSmtpTeste({ usuario: USUARIO, senha: SENHA }),
  ]);
  servico = ServicoEmail.de(ctx.database.db)!;
  const clientes = await ctx.request({ method: 'GET', url: '/api/cadastros?tipo=cliente' });
  cliente = clientes
    .json<Array<{ id: number; nome: string; email: string | null }>>()
    .find((c) => c.email) as typeof cliente;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.parar();
});

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const response = await ctx.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
}

const SERVIDOR = () => ({
  host: '127.0.0.1',
  porta: smtp.porta,
  seguranca: 'nenhuma',
  usuario: USUARIO,
  senha: SENHA,
  remetente_nome: 'Loja Prumo',
  remetente_email: 'loja@prumo.com.br',
  enviar_nota_automaticamente: true,
});
const configurar = (dados: Json) =>
  ctx.request({ method: 'PUT', url: '/api/configuracoes/email', payload: dados });

/** A quote for a customer, and its e-mail asked for. */
async function orcamento(clienteId: number | null = cliente.id): Promise<number> {
  const criado = await ok<{ id: number }>(
    'POST',
    '/api/orcamentos',
    {
      ...(clienteId ? { cliente_id: clienteId } : { cliente_nome: 'Cliente sem cadastro' }),
      servicos: [{ nome: 'Visita técnica', valor: 80 }],
    },
    201,
  );
  return criado.id;
}
const enviarOrcamento = (id: number, payload: Json = {}) =>
  ok<Email>('POST', `/api/orcamentos/${id}/email`, payload, 202);

async function emailsDe(referencia: string): Promise<Email[]> {
  const lista = await ok<Email[]>('GET', '/api/emails?limit=500');
  return lista.filter((email) => email.referencia === referencia);
}
async function email(id: number): Promise<Email> {
  const lista = await ok<Email[]>('GET', '/api/emails?limit=500');
  return emailSchema.parse(lista.find((item) => item.id === id));
}
const contagens = async () =>
  (
    await selectRows<{ emails: number; arquivos: number }>(
      ctx.database.db,
      sql`SELECT (SELECT count(*) FROM emails)::int AS emails, (SELECT count(*) FROM arquivos)::int AS arquivos`,
    )
  )[0]!;

describe('settings (Configurações → E-mail)', () => {
  it('starts from the company as sender, and refuses to queue or test before a server is saved', async () => {
    const atual = configuracaoEmailSchema
      .strict()
      .parse(await ok('GET', '/api/configuracoes/email'));
    expect(atual).toMatchObject({ configurado: false, senha_definida: false, porta: 587 });
    expect(atual.remetente_nome).not.toBe('');

    const id = await orcamento();
    for (const [url, payload] of [
      [`/api/orcamentos/${id}/email`, {}],
      ['/api/configuracoes/email/teste', { para: 'eu@exemplo.com.br' }],
    ] as const) {
      const response = await ctx.request({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(409);
      expect(response.json<{ message: string }>().message).toBe(
        'Configure o servidor de e-mail em Configurações → E-mail antes de enviar.',
      );
    }
    expect((await contagens()).emails).toBe(0);
  });

  it('validates every field in pt-BR and saves nothing on a refusal', async () => {
    const response = await configurar({
      ...SERVIDOR(),
      host: 'smtp inválido',
      porta: 0,
      seguranca: 'ssl',
      remetente_email: 'loja@',
      enviar_nota_automaticamente: 'sim',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Json }>().fields).toMatchObject({
      host: 'Informe o servidor SMTP (ex.: smtp.empresa.com.br)',
      porta: 'Informe uma porta de 1 a 65535',
      seguranca: 'Escolha a segurança da conexão',
      remetente_email: 'E-mail inválido',
    });
    const desconhecido = await configurar({ ...SERVIDOR(), senha_cifrada: 'x' });
    expect(desconhecido.statusCode).toBe(400);
    expect((await ok<Json>('GET', '/api/configuracoes/email')).configurado).toBe(false);
  });

  it('keeps the password encrypted, out of every answer and of the audit trail', async () => {
    const salvo = await configurar(SERVIDOR());
    expect(salvo.statusCode, salvo.body).toBe(200);
    for (const body of [
      salvo.body,
      (await ctx.request({ method: 'GET', url: '/api/configuracoes/email' })).body,
    ]) {
      expect(body).not.toContain(SENHA);
      expect(configuracaoEmailSchema.strict().parse(JSON.parse(body))).toMatchObject({
        configurado: true,
        senha_definida: true,
        usuario: USUARIO,
        porta: smtp.porta,
      });
    }
    const [row] = await selectRows<{ senha_cifrada: string }>(
      ctx.database.db,
      sql`SELECT senha_cifrada FROM configuracao_smtp`,
    );
    expect(row!.senha_cifrada).toMatch(/^v1:/);
    expect(row!.senha_cifrada).not.toContain(SENHA);
    const trilha = await ok<Array<{ antes: Json | null; depois: Json | null }>>(
      'GET',
      '/api/auditoria/configuracoes-email/1',
    );
    expect(trilha.length).toBeGreaterThan(0);
    expect(JSON.stringify(trilha)).not.toMatch(/senha|v1:/);

    // Left out, the password stays; the test e-mail below signs in with it.
    const semSenha = await ctx.request({
      method: 'PUT',
      url: '/api/configuracoes/email',
      payload: { remetente_nome: 'Loja Prumo Centro' },
    });
    expect(semSenha.json<Json>()).toMatchObject({
      senha_definida: true,
      remetente_nome: 'Loja Prumo Centro',
    });
  });

  it('sends the test e-mail at once with the saved server, not through the outbox', async () => {
    const antes = smtp.recebidos.length;
    const resposta = await ok<{ mensagem: string }>('POST', '/api/configuracoes/email/teste', {
      para: 'dono@exemplo.com.br',
    });
    expect(resposta.mensagem).toBe('E-mail de teste enviado para dono@exemplo.com.br.');
    const recebido = smtp.recebidos[antes]!;
    expect(recebido).toMatchObject({ de: 'loja@prumo.com.br', para: ['dono@exemplo.com.br'] });
    expect(recebido.assunto).toMatch(/^Teste de e-mail — /);
    expect((await contagens()).emails).toBe(0);
  });

  it("answers the server's refusal in pt-BR, and never reaches a server off this machine in tests", async () => {
    await configurar({ senha: 'senha-errada' });
    const recusada = await ctx.request({
      method: 'POST',
      url: '/api/configuracoes/email/teste',
      payload: { para: 'dono@exemplo.com.br' },
    });
    expect(recusada.statusCode).toBe(409);
    expect(recusada.json<{ message: string }>().message).toMatch(
      /^Não foi possível enviar: O servidor de e-mail recusou o usuário ou a senha \(.*535/,
    );

    await configurar({ host: 'smtp.exemplo.com.br', senha: SENHA });
    const fora = await ctx.request({
      method: 'POST',
      url: '/api/configuracoes/email/teste',
      payload: { para: 'dono@exemplo.com.br' },
    });
    expect(fora.statusCode).toBe(409);
    expect(fora.json<{ message: string }>().message).toContain('smtp.exemplo.com.br recusado');

    const invalido = await ctx.request({
      method: 'POST',
      url: '/api/configuracoes/email/teste',
      payload: { para: 'não é e-mail' },
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json<{ fields: Json }>().fields).toEqual({ para: 'E-mail inválido' });
    expect((await configurar(SERVIDOR())).statusCode).toBe(200);
  });
});

describe('the outbox', () => {
  it('queues a quote with its PDF, and the worker sends it to the customer once', async () => {
    const id = await orcamento();
    const antes = smtp.recebidos.length;
    const fila = await enviarOrcamento(id);
    expect(emailSchema.strict().parse(fila)).toMatchObject({
      para: cliente.email,
      situacao: 'pendente',
      referencia: `orcamento:${id}`,
      tentativas: 0,
      usuario_nome: 'Ana Administradora',
    });
    expect(fila.anexos).toEqual([expect.stringMatching(/^orcamento-\d+\.pdf$/)]);
    expect(smtp.recebidos.length).toBe(antes);

    expect(await servico.processarFila()).toBe(1);
    const recebido = smtp.recebidos[antes]!;
    expect(recebido.para).toEqual([cliente.email]);
    expect(recebido.assunto).toMatch(/^Orçamento nº \d+ — /);
    expect(recebido.texto).toContain(`Olá, ${cliente.nome}!`);
    expect(recebido.texto).toContain('Segue em anexo o orçamento nº');
    expect(recebido.messageId).toMatch(
      new RegExp(`^<prumo-email-${fila.id}\\.\\d+@prumo\\.com\\.br>$`),
    );
    expect(recebido.anexos.map((a) => [a.nome, a.tipo])).toEqual([
      [fila.anexos[0], 'application/pdf'],
    ]);
    expect(recebido.anexos[0]!.conteudo.subarray(0, 5).toString()).toBe('%PDF-');
    const enviado = await email(fila.id);
    expect(enviado).toMatchObject({ situacao: 'enviado', tentativas: 1, ultimo_erro: null });
    expect(enviado.enviado_em).not.toBeNull();

    expect(await servico.processarFila(new Date(Date.now() + 24 * HORA))).toBe(0);
    expect(smtp.recebidos.length).toBe(antes + 1);
  });

  it("sends a service order to the address asked, with the sender's words; no address, no e-mail", async () => {
    const ordens = await ok<Array<{ id: number }>>('GET', '/api/ordens-servico?limit=1');
    const antes = smtp.recebidos.length;
    const fila = await ok<Email>(
      'POST',
      `/api/ordens-servico/${ordens[0]!.id}/email`,
      { para: 'oficina@exemplo.com.br', mensagem: 'Seu equipamento está pronto.' },
      202,
    );
    expect(fila.anexos).toEqual([expect.stringMatching(/^os-\d+\.pdf$/)]);
    await servico.processarFila();
    const recebido = smtp.recebidos[antes]!;
    expect(recebido.para).toEqual(['oficina@exemplo.com.br']);
    expect(recebido.assunto).toMatch(/^Ordem de serviço nº \d+ — /);
    expect(recebido.texto).toContain(
      'Seu equipamento está pronto.\n\nSegue em anexo a ordem de serviço nº',
    );

    const semCadastro = await orcamento(null);
    const contagem = await contagens();
    const response = await ctx.request({
      method: 'POST',
      url: `/api/orcamentos/${semCadastro}/email`,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Json }>().fields).toEqual({
      para: 'O cliente não tem e-mail no cadastro: informe o destinatário.',
    });
    const inexistente = await ctx.request({
      method: 'POST',
      url: '/api/orcamentos/987654/email',
      payload: {},
    });
    expect(inexistente.statusCode).toBe(404);
    expect(await contagens()).toEqual(contagem);
  });

  it('tries again with back-off while the server refuses, and sends when it accepts', async () => {
    smtp.recusar(451);
    const antes = smtp.recebidos.length;
    const fila = await enviarOrcamento(await orcamento());
    const agora = new Date();
    expect(await servico.processarFila(agora)).toBe(0);
    const recusado = await email(fila.id);
    expect(recusado).toMatchObject({ situacao: 'pendente', tentativas: 1 });
    expect(recusado.ultimo_erro).toMatch(
      /^O servidor de e-mail recusou o remetente ou o destinatário \(.*451/,
    );
    expect(new Date(recusado.proxima_tentativa!).getTime() - agora.getTime()).toBe(60_000);

    // Not due yet: left alone.
    expect(await servico.processarFila(new Date(agora.getTime() + 30_000))).toBe(0);
    expect((await email(fila.id)).tentativas).toBe(1);

    smtp.recusar(null);
    expect(await servico.processarFila(new Date(agora.getTime() + 60_000))).toBe(1);
    expect(await email(fila.id)).toMatchObject({
      situacao: 'enviado',
      tentativas: 2,
      ultimo_erro: null,
    });
    expect(smtp.recebidos.length).toBe(antes + 1);
  });

  it('gives up after the last attempt, puts it on the admins’ bell, and queues it again on request', async () => {
    const sino = async () =>
      (await ok<Notificacoes>('GET', '/api/notificacoes')).itens.find(
        (item) => item.tipo === 'emails_falhos',
      );
    smtp.recusar(451);
    const primeiro = await enviarOrcamento(await orcamento());
    let agora = Date.now();
    for (let tentativa = 1; tentativa <= EMAIL_MAX_TENTATIVAS; tentativa++) {
      expect(await email(primeiro.id)).toMatchObject({
        situacao: 'pendente',
        tentativas: tentativa - 1,
      });
      await servico.processarFila(new Date(agora));
      agora += 2 * HORA;
    }
    expect(await email(primeiro.id)).toMatchObject({
      situacao: 'falhou',
      tentativas: EMAIL_MAX_TENTATIVAS,
      proxima_tentativa: null,
    });
    expect(await sino()).toEqual({
      tipo: 'emails_falhos',
      titulo: '1 e-mail não enviado',
      descricao: expect.stringMatching(
        new RegExp(`^Último, para ${cliente.email}: O servidor de e-mail recusou`),
      ),
      quantidade: 1,
      link: '/configuracoes?aba=email',
    });
    const gerente = await ctx.request({
      method: 'GET',
      url: '/api/notificacoes',
      as: MANAGER_EMAIL,
    });
    expect(gerente.json<Notificacoes>().itens.map((item) => item.tipo)).not.toContain(
      'emails_falhos',
    );

    // A recipient refused for good (5xx) is not tried again.
    smtp.recusar(550);
    const segundo = await enviarOrcamento(await orcamento());
    await servico.processarFila(new Date(agora));
    expect(await email(segundo.id)).toMatchObject({ situacao: 'falhou', tentativas: 1 });
    expect((await sino())?.titulo).toBe('2 e-mails não enviados');
    expect((await ok<Email[]>('GET', '/api/emails?situacao=falhou')).map((e) => e.id)).toEqual([
      segundo.id,
      primeiro.id,
    ]);

    smtp.recusar(null);
    const reenviado = await ok<Email>('POST', `/api/emails/${primeiro.id}/reenviar`);
    expect(reenviado).toMatchObject({ situacao: 'pendente', tentativas: 0, ultimo_erro: null });
    const deNovo = await ctx.request({
      method: 'POST',
      url: `/api/emails/${primeiro.id}/reenviar`,
    });
    expect(deNovo.statusCode).toBe(409);
    expect(deNovo.json<{ message: string }>().message).toBe(
      'Só um e-mail que não foi enviado pode ser enviado de novo.',
    );
    const nenhum = await ctx.request({ method: 'POST', url: '/api/emails/987654/reenviar' });
    expect(nenhum.statusCode).toBe(404);
    await servico.processarFila(new Date(agora));
    expect((await email(primeiro.id)).situacao).toBe('enviado');
    expect((await sino())?.titulo).toBe('1 e-mail não enviado');
    await ok('POST', `/api/emails/${segundo.id}/reenviar`);
    await servico.processarFila(new Date(agora));
    expect(await sino()).toBeUndefined();
  });

  it('hands each e-mail to one taker, and to another once a crashed taker’s hold expires', async () => {
    const a = await enviarOrcamento(await orcamento());
    const b = await enviarOrcamento(await orcamento());
    const db = ctx.database.db;
    const agora = new Date(Date.now() + 1000);
    const lease = 5 * 60_000;
    // Two instances at once: each takes a different one, none is left for a third.
    const [primeiro, segundo] = await Promise.all([
      tomarProximoEmail(db, agora, lease),
      tomarProximoEmail(db, agora, lease),
    ]);
    expect([primeiro!.id, segundo!.id].sort()).toEqual([a.id, b.id].sort());
    expect(await tomarProximoEmail(db, agora, lease)).toBeUndefined();
    // The taker died mid-send: after its hold the e-mail is due again, with the attempt counted.
    const retomado = await tomarProximoEmail(db, new Date(agora.getTime() + lease), lease);
    expect(retomado).toMatchObject({ id: a.id, tentativas: 2 });
    expect(await servico.processarFila(new Date(agora.getTime() + 3 * lease))).toBe(2);
  });

  it('is taken back with the transaction that queued it', async () => {
    const antes = await contagens();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enfileirarEmail(tx, {
          para: 'alguem@exemplo.com.br',
          assunto: 'Desfeito',
          corpo: 'Nunca sai',
          anexos: [{ nome: 'a.txt', tipoMime: 'text/plain', conteudo: Buffer.from('a') }],
          referencia: null,
          usuarioId: null,
        });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await contagens()).toEqual(antes);
  });
});

describe('fiscal notes by e-mail', () => {
  beforeAll(async () => {
    const caixa = await ctx.request({
      method: 'POST',
      url: '/api/caixas',
      payload: { valor_inicial: 10 },
    });
    expect([201, 409]).toContain(caixa.statusCode);
  });

  /** An NF-e of a finalized product sale to the demo customer, authorized by the simulated SEFAZ. */
  async function notaAutorizada(): Promise<NotaFiscal> {
    const produto = await ok<{ id: number }>(
      'POST',
      '/api/produtos',
      { nome: `Produto e-mail ${Math.random()}`, preco: 25, estoque: 100, ncm: '09012100' },
      201,
    );
    const venda = await ok<{ id: number }>(
      'POST',
      '/api/vendas',
      {
        tipo: 'produto',
        cliente_id: cliente.id,
        forma_pagamento: 'pix',
        itens: [{ produto_id: produto.id, quantidade: 2 }],
      },
      201,
    );
    await ok('PATCH', `/api/vendas/${venda.id}/status`, { status: 'Finalizada' });
    const nota = await ok<NotaFiscal>(
      'POST',
      '/api/notas-fiscais',
      { venda_id: venda.id, modelo: 55 },
      201,
    );
    expect(nota.situacao).toBe('Autorizada');
    return nota;
  }

  it("sends an authorized note's nfeProc and DANFE to its customer by itself", async () => {
    const nota = await notaAutorizada();
    const [fila] = await emailsDe(`nota-fiscal:${nota.id}`);
    expect(fila).toMatchObject({
      para: cliente.email,
      situacao: 'pendente',
      usuario_nome: 'Ana Administradora',
    });
    expect(fila!.anexos).toEqual([`${nota.chave}-procNFe.xml`, `DANFE-${nota.chave}.pdf`]);

    const antes = smtp.recebidos.length;
    expect(await servico.processarFila()).toBe(1);
    const recebido = smtp.recebidos[antes]!;
    expect(recebido.para).toEqual([cliente.email]);
    expect(recebido.assunto).toMatch(new RegExp(`^NF-e nº ${nota.numero} — `));
    expect(recebido.texto).toContain(`chave ${nota.chave}`);
    const [xml, danfe] = recebido.anexos;
    expect([xml!.nome, xml!.tipo, danfe!.nome, danfe!.tipo]).toEqual([
      `${nota.chave}-procNFe.xml`,
      'application/xml',
      `DANFE-${nota.chave}.pdf`,
      'application/pdf',
    ]);
    const baixado = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}/xml` });
    expect(xml!.conteudo.toString('utf8')).toBe(baixado.body);
    expect(baixado.body).toMatch(/<nfeProc [^>]*versao="4.00"/);
    expect(baixado.body).toContain(`<nProt>${nota.protocolo}</nProt>`);
    expect(danfe!.conteudo.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends nothing by itself when switched off, and sends a note from its screen', async () => {
    expect((await configurar({ enviar_nota_automaticamente: false })).statusCode).toBe(200);
    const nota = await notaAutorizada();
    expect(await emailsDe(`nota-fiscal:${nota.id}`)).toEqual([]);

    const antes = smtp.recebidos.length;
    const fila = await ok<Email>(
      'POST',
      `/api/notas-fiscais/${nota.id}/email`,
      { para: 'contador@exemplo.com.br' },
      202,
    );
    expect(fila.anexos).toEqual([`${nota.chave}-procNFe.xml`, `DANFE-${nota.chave}.pdf`]);
    await servico.processarFila();
    expect(smtp.recebidos[antes]!.para).toEqual(['contador@exemplo.com.br']);
    const nenhuma = await ctx.request({
      method: 'POST',
      url: '/api/notas-fiscais/987654/email',
      payload: {},
    });
    expect(nenhuma.statusCode).toBe(404);
  });
});
