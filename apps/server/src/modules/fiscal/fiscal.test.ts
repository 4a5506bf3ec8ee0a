import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chaveValida, type NotaFiscal, type StatusFiscal } from '@prumo/shared/fiscal';
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
  emitirNota,
  produtoFiscal,
  vendaBalcao,
  vendaFinalizada,
} from '../../test/fiscal';
import { gerarCertificadoTeste } from './certificado/certificado-teste';
import { ServicoFiscal } from './emissao';
import { assinaturaValida } from './nfe/assinatura';
import { validarXml } from './nfe/esquemas';

/*
 * NF-e and NFC-e end to end against the simulated SEFAZ of the demo's ambiente de simulação
 * (HTTPS with client certificates, the real SOAP services, schema and signature checked on
 * arrival): authorization, a second request answering the same note, rejection fixed and
 * resent, silence → contingency → the queue transmits and settles the attempt, concurrent
 * numbering without gaps, and the settings and certificate routes.
 */

type Json = Record<string, unknown>;
let ctx: TestContext;
let clienteId: number;
let servico: ServicoFiscal;

beforeAll(async () => {
  ctx = await createTestContext();
  servico = ServicoFiscal.de(ctx.database.db)!;
  clienteId = await clienteDemo(ctx);
  await abrirCaixa(ctx);
});
afterAll(() => ctx?.close());

const produto = (extra: Json = {}) => produtoFiscal(ctx, { estoque: 1000, ...extra });

/** A finalized product sale to the demo customer. */
const vendaProduto = (itens: Json[], extra: Json = {}) =>
  vendaFinalizada(ctx, clienteId, itens, { forma_pagamento: 'pix', ...extra });

const emitir = (payload: Json, as?: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'POST', url: '/api/notas-fiscais', payload, as, headers });

const emitirOk = (payload: Json) => emitirNota(ctx, payload);

const cenario = async (nome: string) => {
  const response = await ctx.request({
    method: 'PUT',
    url: '/api/fiscal/simulacao',
    payload: { cenario: nome },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('NF-e of a product sale', () => {
  it('is built, signed, validated, authorized, and its nfeProc and DANFE downloaded', async () => {
    const a = await produto({ preco: 12.5 });
    const b = await produto({ preco: 3.33, cest: '1709900' });
    const vendaId = await vendaProduto(
      [
        { produto_id: a, quantidade: 2 },
        { produto_id: b, quantidade: 3, desconto_item: 0.5 },
      ],
      { desconto: 1, frete: 7.9 },
    );
    const nota = await emitirOk({ venda_id: vendaId, modelo: 55 });
    expect(nota).toMatchObject({
      modelo: 55,
      situacao: 'Autorizada',
      ambiente: 'simulacao',
      c_stat: 100,
    });
    expect(chaveValida(nota.chave)).toBe(true);
    expect(nota.protocolo).toMatch(/^\d{15}$/);
    expect(nota.eventos.map((evento) => evento.tipo)).toEqual([
      'emissao',
      'assinatura',
      'transmissao',
      'autorizacao',
    ]);

    const xml = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}/xml` });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toContain(`${nota.chave}-procNFe.xml`);
    expect(xml.body).toContain('<nfeProc');
    expect(xml.body).toContain(`<nProt>${nota.protocolo}</nProt>`);
    expect(assinaturaValida(xml.body)).toBe(true);
    expect((await validarXml(xml.body, 'procNFe')).erros).toEqual([]);

    const danfe = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}/danfe` });
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(danfe.rawPayload);
    expect(texto.replace(/\s/g, '')).toContain(nota.chave);
    expect(texto).toContain('SEM VALOR FISCAL');
  });

  it('answers the same note when asked again, also concurrently, and never sends twice', async () => {
    const vendaId = await vendaProduto([{ produto_id: await produto(), quantidade: 1 }]);
    const [um, dois] = await Promise.all([
      emitir({ venda_id: vendaId, modelo: 55 }),
      emitir({ venda_id: vendaId, modelo: 55 }),
    ]);
    const ids = [um, dois].map((response) => response.json<NotaFiscal>().id);
    expect(ids[0]).toBe(ids[1]);
    expect([um.statusCode, dois.statusCode].sort()).toEqual([200, 201]);
    const de_novo = await emitir({ venda_id: vendaId, modelo: 55 });
    expect(de_novo.statusCode).toBe(200);
    const [linhas] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*) AS n FROM notas_fiscais WHERE venda_id = ${vendaId}`,
    );
    expect(Number(linhas!.n)).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the first answer', async () => {
    const vendaId = await vendaProduto([{ produto_id: await produto(), quantidade: 1 }]);
    const chave = { 'idempotency-key': `nfe-${vendaId}` };
    const primeira = await emitir({ venda_id: vendaId, modelo: 55 }, undefined, chave);
    const repetida = await emitir({ venda_id: vendaId, modelo: 55 }, undefined, chave);
    expect(primeira.statusCode).toBe(201);
    expect(repetida.statusCode).toBe(201);
    expect(repetida.json<NotaFiscal>()).toEqual(primeira.json<NotaFiscal>());
    const outroCorpo = await emitir({ venda_id: vendaId, modelo: 65 }, undefined, chave);
    expect(outroCorpo.statusCode).toBe(422);
  });

  it('keeps a note with pendências as Rascunho, never sent, and sends it once fixed', async () => {
    const semNcm = await produto({ ncm: null, nome: 'Produto Sem NCM' });
    const vendaId = await vendaProduto([{ produto_id: semNcm, quantidade: 1 }]);
    const nota = await emitirOk({ venda_id: vendaId, modelo: 55 });
    expect(nota.situacao).toBe('Rascunho');
    expect(nota.pendencias).toContain("Produto 'Produto Sem NCM' sem NCM");
    expect(nota.tem_xml).toBe(false);

    const corrigido = await ctx.request({
      method: 'PUT',
      url: `/api/produtos/${semNcm}`,
      payload: { nome: 'Produto Sem NCM', ncm: '0901.21.00' },
    });
    expect(corrigido.statusCode, corrigido.body).toBe(200);
    const transmitida = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${nota.id}/transmitir`,
    });
    expect(transmitida.statusCode, transmitida.body).toBe(200);
    expect(transmitida.json<NotaFiscal>()).toMatchObject({
      situacao: 'Autorizada',
      numero: nota.numero,
    });
  });

  it('shows a rejection with cStat and reason, keeps the number, and authorizes the resend', async () => {
    const simulador = await servico.obterSimulador();
    simulador.definirCenario({
      tipo: 'rejeitar-proxima',
      cStat: 778,
      xMotivo: 'Rejeição: Informado NCM inexistente',
    });
    const vendaId = await vendaProduto([{ produto_id: await produto(), quantidade: 1 }]);
    const nota = await emitirOk({ venda_id: vendaId, modelo: 55 });
    expect(nota).toMatchObject({
      situacao: 'Rejeitada',
      c_stat: 778,
      x_motivo: 'Rejeição: Informado NCM inexistente',
    });
    const lista = await ctx.request({
      method: 'GET',
      url: '/api/notas-fiscais?situacao=Rejeitada&modelo=55',
    });
    expect(lista.json<NotaFiscal[]>().map((item) => item.id)).toContain(nota.id);
    const sino = await ctx.request({ method: 'GET', url: '/api/notificacoes', as: USER_EMAIL });
    expect(
      sino.json<{ itens: Array<{ tipo: string }> }>().itens.map((item) => item.tipo),
    ).toContain('notas_rejeitadas');

    const reenviada = await ctx.request({
      method: 'POST',
      url: `/api/notas-fiscais/${nota.id}/transmitir`,
    });
    expect(reenviada.json<NotaFiscal>()).toMatchObject({
      situacao: 'Autorizada',
      numero: nota.numero,
    });
  });

  it('refuses a sale that is not finalized, a counter sale without a customer, and bad input', async () => {
    const pendente = await ctx.request({
      method: 'POST',
      url: '/api/vendas',
      payload: {
        tipo: 'produto',
        cliente_id: clienteId,
        forma_pagamento: 'pix',
        itens: [{ produto_id: await produto(), quantidade: 1 }],
      },
    });
    const naoFinalizada = await emitir({
      venda_id: pendente.json<{ id: number }>().id,
      modelo: 55,
    });
    expect(naoFinalizada.statusCode).toBe(409);
    expect(naoFinalizada.json<{ message: string }>().message).toBe(
      'Só uma venda finalizada pode ter nota fiscal',
    );
    const balcao = await vendaBalcao(ctx, [{ produto_id: await produto(), quantidade: 1 }]);
    expect(
      (await emitir({ venda_id: balcao, modelo: 55 })).json<{ message: string }>().message,
    ).toBe('A NF-e precisa de um cliente na venda');
    expect((await emitir({ venda_id: 999_999, modelo: 55 })).statusCode).toBe(404);
    expect((await emitir({ venda_id: balcao, modelo: 57 })).statusCode).toBe(400);
    expect((await emitir({ venda_id: balcao, modelo: 65, cpf_consumidor: '123' })).statusCode).toBe(
      400,
    );
  });
});

describe('NFC-e at the counter', () => {
  it('is authorized with the consumer CPF and its DANFCE QR code', async () => {
    const vendaId = await vendaBalcao(ctx, [{ produto_id: await produto(), quantidade: 2 }]);
    const nota = await emitirOk({
      venda_id: vendaId,
      modelo: 65,
      cpf_consumidor: '529.982.247-25',
    });
    expect(nota).toMatchObject({
      modelo: 65,
      situacao: 'Autorizada',
      destinatario_documento: '52998224725',
    });
    expect(nota.qrcode_url).toContain(`p=${nota.chave}|3|2`);
    const danfce = await ctx.request({ method: 'GET', url: `/api/notas-fiscais/${nota.id}/danfe` });
    const texto = textoDoPdf(danfce.rawPayload);
    expect(texto).toContain('529.982.247-25');
    expect(texto).toContain('SEM VALOR FISCAL');
  });

  it('goes on in contingency when SEFAZ is silent; the queue transmits it and voids the attempt', async () => {
    await cenario('silencio');
    try {
      const vendaId = await vendaBalcao(ctx, [{ produto_id: await produto(), quantidade: 1 }]);
      const inicio = Date.now();
      const nota = await emitirOk({ venda_id: vendaId, modelo: 65 });
      // The sale is not held up beyond SEFAZ's time limit (3 s in the demo settings).
      expect(Date.now() - inicio).toBeLessThan(8_000);
      expect(nota).toMatchObject({ situacao: 'Em contingência', contingencia: true });
      expect(nota.chave.slice(34, 35)).toBe('9');
      expect(nota.qrcode_url).toMatch(/\|3\|2\|\d{2}\|[\d.]+\|/);
      const danfce = await ctx.request({
        method: 'GET',
        url: `/api/notas-fiscais/${nota.id}/danfe`,
      });
      expect(textoDoPdf(danfce.rawPayload)).toContain('EMITIDA EM CONTINGÊNCIA');
      const status = await ctx.request({ method: 'GET', url: '/api/fiscal/status' });
      expect(status.json<StatusFiscal>().fila_contingencia).toBeGreaterThan(0);
    } finally {
      await cenario('normal');
    }
    // SEFAZ back: the queue's notes are due now; its pass (the app runs it by itself, every
    // FISCAL_FILA_INTERVALO_MS and at once when SEFAZ answers again; tests run it by hand).
    await servico.processarFila();
    const [contingencia] = await ctx
      .request({ method: 'GET', url: '/api/notas-fiscais?modelo=65&limit=100' })
      .then((response) => response.json<NotaFiscal[]>().filter((nota) => nota.contingencia));
    expect(contingencia).toMatchObject({ situacao: 'Autorizada', contingencia: true });
    const [tentativa] = await selectRows<{ situacao: string; numero: number }>(
      ctx.database.db,
      sql`SELECT situacao, numero FROM notas_fiscais WHERE substituida_por_id = ${contingencia!.id}`,
    );
    expect(tentativa!.situacao).toBe('Inutilizada');
    expect(tentativa!.numero).toBe(contingencia!.numero - 1);
    // The number the queue voided is listed with the others, with its procInutNFe.
    const inutilizacoes = await ctx.request({
      method: 'GET',
      url: '/api/fiscal/inutilizacoes?modelo=65',
    });
    expect(inutilizacoes.json<Array<{ numero_inicial: number; protocolo: string }>>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          numero_inicial: tentativa!.numero,
          protocolo: expect.any(String),
        }),
      ]),
    );
  });
});

describe('numbering', () => {
  it('gives 20 concurrent emissions 20 consecutive numbers, none repeated', async () => {
    const id = await produto();
    const vendas = await Promise.all(
      Array.from({ length: 20 }, () => vendaBalcao(ctx, [{ produto_id: id, quantidade: 1 }])),
    );
    const [antes] = await selectRows<{ maior: number }>(
      ctx.database.db,
      sql`SELECT coalesce(max(numero), 0) AS maior FROM notas_fiscais WHERE modelo = 65`,
    );
    const notas = await Promise.all(vendas.map((venda_id) => emitir({ venda_id, modelo: 65 })));
    const numeros = notas
      .map((response) => response.json<NotaFiscal>().numero)
      .sort((a, b) => a - b);
    const primeiro = Number(antes!.maior) + 1;
    expect(numeros).toEqual(Array.from({ length: 20 }, (_, i) => primeiro + i));
    expect(notas.every((response) => response.json<NotaFiscal>().situacao === 'Autorizada')).toBe(
      true,
    );
  });
});

describe('settings and certificate', () => {
  it('are the admin’s: others get 403; the status is anyone’s', async () => {
    expect(
      (await ctx.request({ method: 'GET', url: '/api/fiscal/configuracao', as: MANAGER_EMAIL }))
        .statusCode,
    ).toBe(403);
    const status = await ctx.request({ method: 'GET', url: '/api/fiscal/status', as: USER_EMAIL });
    expect(status.json<StatusFiscal>()).toMatchObject({ ambiente: 'simulacao', pronto: true });
  });

  it('saves the settings, keeps omitted fields, asks confirmation for produção, never reuses a number', async () => {
    const atual = await ctx.request({ method: 'GET', url: '/api/fiscal/configuracao' });
    expect(atual.json()).toMatchObject({
      ambiente: 'simulacao',
      codigo_municipio: 3550308,
      csc_token_definido: false,
    });
    const salvo = await ctx.request({
      method: 'PUT',
      url: '/api/fiscal/configuracao',
      payload: { cnae: '4711302', csc_id: '1', csc_token: 'A1B2C3D4E5F6G7H8I9J0' },
    });
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect(salvo.json()).toMatchObject({
      cnae: '4711302',
      csc_token_definido: true,
      ambiente: 'simulacao',
    });
    expect(salvo.body).not.toContain('A1B2C3D4');

    const producao = await ctx.request({
      method: 'PUT',
      url: '/api/fiscal/configuracao',
      payload: { ambiente: 'producao' },
    });
    expect(producao.statusCode).toBe(400);
    expect(producao.json<{ fields: Json }>().fields).toHaveProperty('confirmar_producao');

    const usado = await ctx.request({
      method: 'PUT',
      url: '/api/fiscal/configuracao',
      payload: { nfce_proximo_numero: 1 },
    });
    expect(usado.statusCode).toBe(409);
    const municipio = await ctx.request({
      method: 'PUT',
      url: '/api/fiscal/configuracao',
      payload: { codigo_municipio: 1234567 },
    });
    expect(municipio.statusCode).toBe(400);
  });

  it('warns admins on the bell 30 days before the certificate expires', async () => {
    const tipos = async (email?: string) =>
      (await ctx.request({ method: 'GET', url: '/api/notificacoes', as: email }))
        .json<{ itens: Array<{ tipo: string; titulo: string }> }>()
        .itens.filter((item) => item.tipo === 'certificado_vencendo');
    await ctx.database.db.execute(
      sql`UPDATE configuracao_fiscal SET certificado_valido_ate = now() + interval '40 days'`,
    );
    expect(await tipos()).toEqual([]);
    await ctx.database.db.execute(
      sql`UPDATE configuracao_fiscal SET certificado_valido_ate = now() + interval '12 days 1 hour'`,
    );
    expect(await tipos()).toEqual([
      expect.objectContaining({ titulo: 'O certificado A1 vence em 12 dias' }),
    ]);
    expect(await tipos(USER_EMAIL)).toEqual([]);
  });

  it('takes an A1 .pfx with its password, stores it encrypted and shows holder, CNPJ and expiry', async () => {
    const teste = gerarCertificadoTeste({ cnpj: '11222333000181', razaoSocial: 'PRUMO COMERCIO' });
    const enviar = (senha: string, arquivo = teste.pfx) => {
      const limite = '----prumo';
      const corpo = Buffer.concat([
        Buffer.from(
          `--${limite}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${JSON.stringify({ senha })}\r\n`,
        ),
        Buffer.from(
          `--${limite}\r\nContent-Disposition: form-data; name="certificado"; filename="a1.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
        ),
        arquivo,
        Buffer.from(`\r\n--${limite}--\r\n`),
      ]);
      return ctx.request({
        method: 'POST',
        url: '/api/fiscal/certificado',
        payload: corpo,
        headers: { 'content-type': `multipart/form-data; boundary=${limite}` },
      });
    };
    const errada = await enviar('errada');
    expect(errada.statusCode).toBe(400);
    expect(errada.json<{ message: string }>().message).toBe(
      'Senha do certificado incorreta ou arquivo inválido',
    );
    const certo = await enviar(teste.senha);
    expect(certo.statusCode, certo.body).toBe(200);
    expect(certo.json()).toMatchObject({
      titular: 'PRUMO COMERCIO',
      cnpj: '11222333000181',
      simulacao: true,
    });
    const [row] = await selectRows<{
      certificado_cifrado: string;
      certificado_senha_cifrada: string;
    }>(
      ctx.database.db,
      sql`SELECT certificado_cifrado, certificado_senha_cifrada FROM configuracao_fiscal`,
    );
    expect(row!.certificado_cifrado).toMatch(/^v1:/);
    expect(row!.certificado_senha_cifrada).not.toContain(teste.senha);
    const outro = gerarCertificadoTeste({ cnpj: '99888777000166', razaoSocial: 'OUTRA' });
    expect((await enviar(outro.senha, outro.pfx)).json<{ message: string }>().message).toBe(
      'O CNPJ do certificado difere do CNPJ da empresa',
    );
  });
});
