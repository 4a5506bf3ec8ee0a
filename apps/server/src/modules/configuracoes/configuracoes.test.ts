import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Empresa, EmpresaInput } from '@prumo/shared/configuracoes';
import { textoDoPdf } from '../../pdf/pdf-teste';
import { multipart, PNG } from '../../test/multipart-body';
import {
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

/** The smallest baseline JPEG (1×1). */
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

const EMPRESA: EmpresaInput = {
  razao_social: 'Ferragens Irmãos Oliveira Ltda',
  nome_fantasia: 'Ferragens Oliveira',
  documento: '12.ABC.345/01DE-35',
  inscricao_estadual: '123.456.789.110',
  cep: '80010-000',
  logradouro: 'Rua XV de Novembro',
  numero: '500',
  complemento: 'Loja 2',
  bairro: 'Centro',
  cidade: 'Curitiba',
  uf: 'pr',
  telefone: '(41) 3333-4444',
  email: 'contato@oliveira.com.br',
  pix_tipo: 'telefone',
  pix_chave: '(41) 99876-5432',
  pix_nome: 'Ferragens Oliveira',
  pix_cidade: 'Curitiba',
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const getEmpresa = (as?: string) =>
  ctx.request({ method: 'GET', url: '/api/configuracoes/empresa', as });
const putEmpresa = (payload: object, as?: string) =>
  ctx.request({ method: 'PUT', url: '/api/configuracoes/empresa', payload, as });
const enviarLogo = (file: { name: string; type: string; content: Buffer }, as?: string) => {
  const form = multipart({}, [{ field: 'logo', ...file }]);
  return ctx.request({ method: 'POST', url: '/api/configuracoes/empresa/logo', as, ...form });
};

describe('/api/configuracoes/empresa', () => {
  it('holds the demo company with its PIX key; anyone signed in reads it', async () => {
    const response = await getEmpresa(USER_EMAIL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      razao_social: 'Prumo Comércio e Serviços Ltda',
      pix_tipo: 'cnpj',
      pix_chave: '11222333000181',
      tem_logo: false,
    });
  });

  it('is changed by admins only, stored normalised (alphanumeric CNPJ, +55 phone key)', async () => {
    for (const as of [MANAGER_EMAIL, USER_EMAIL]) {
      expect((await putEmpresa(EMPRESA, as)).statusCode).toBe(403);
    }
    const response = await putEmpresa(EMPRESA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      documento: '12ABC34501DE35',
      cep: '80010000',
      uf: 'PR',
      pix_chave: '+5541998765432',
    });
    expect((await getEmpresa()).json<Empresa>().razao_social).toBe(EMPRESA.razao_social);
  });

  it('PUT keeps what it leaves out, here and in the preferences', async () => {
    const antes = (await getEmpresa()).json<Empresa>();
    const response = await putEmpresa({ nome_fantasia: 'Só o Fantasia' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...antes, nome_fantasia: 'Só o Fantasia' });
    expect((await putEmpresa({ nome_fantasia: antes.nome_fantasia })).statusCode).toBe(200);

    const put = (payload: object) =>
      ctx.request({ method: 'PUT', url: '/api/configuracoes/preferencias', payload });
    const prefs = (
      await ctx.request({ method: 'GET', url: '/api/configuracoes/preferencias' })
    ).json<Record<string, unknown>>();
    const salvo = await put({ inatividade_minutos: 45 });
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect(salvo.json()).toEqual({ ...prefs, inatividade_minutos: 45 });
    await put({ inatividade_minutos: prefs.inatividade_minutos });
  });

  it('answers 400 in pt-BR and stores nothing for a bad document, PIX key or missing name', async () => {
    const antes = (await getEmpresa()).json();
    const casos: Array<[Partial<EmpresaInput> & Record<string, unknown>, string, string]> = [
      [{ razao_social: ' ' }, 'razao_social', 'Razão social é obrigatória'],
      [{ documento: '11.222.333/0001-80' }, 'documento', 'CNPJ ou CPF inválido'],
      [{ pix_tipo: 'cpf', pix_chave: '123' }, 'pix_chave', 'Chave PIX inválida para o tipo CPF'],
      [{ pix_tipo: null }, 'pix_tipo', 'Selecione o tipo da chave PIX'],
      [{ pix_cidade: null }, 'pix_cidade', 'Informe a cidade do recebedor do PIX'],
      [{ pix_nome: 'Nome bem mais comprido que 25' }, 'pix_nome', 'Máximo de 25 caracteres'],
      [{ site: 'x' }, 'site', ''],
    ];
    for (const [campos, campo, mensagem] of casos) {
      const response = await putEmpresa({ ...EMPRESA, ...campos });
      expect(response.statusCode, campo).toBe(400);
      expect(response.json().fields[campo], campo).toContain(mensagem);
    }
    expect((await getEmpresa()).json()).toEqual(antes);
  });

  it('takes a PNG or JPG logo checked by content, serves it, and removes it', async () => {
    expect(
      (await enviarLogo({ name: 'logo.png', type: 'image/png', content: PNG }, MANAGER_EMAIL))
        .statusCode,
    ).toBe(403);
    const falso = await enviarLogo({
      name: 'logo.png',
      type: 'image/png',
      content: Buffer.from('GIF89a não'),
    });
    expect(falso.statusCode).toBe(415);
    expect(falso.json().message).toContain('PNG, JPG/JPEG');

    const jpg = await enviarLogo({ name: 'logo.jpg', type: 'image/jpeg', content: JPG });
    expect(jpg.statusCode).toBe(200);
    expect(jpg.json().tem_logo).toBe(true);
    const png = await enviarLogo({ name: 'logo.png', type: 'image/png', content: PNG });
    expect(png.statusCode).toBe(200);
    // The replaced file is gone: one logo file is kept.
    const arquivos = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM arquivos WHERE nome IN ('logo.jpg', 'logo.png')`,
    );
    expect((arquivos as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);

    const servido = await ctx.request({
      method: 'GET',
      url: '/api/configuracoes/empresa/logo',
      as: USER_EMAIL,
    });
    expect(servido.headers['content-type']).toBe('image/png');
    expect(servido.rawPayload.equals(PNG)).toBe(true);
  });

  it('prints the stored company and its logo on every document', async () => {
    const venda = (await ctx.request({ method: 'GET', url: '/api/vendas?limit=1' })).json()[0];
    const orcamento = (
      await ctx.request({ method: 'GET', url: '/api/orcamentos?limit=1' })
    ).json()[0];
    const os = (await ctx.request({ method: 'GET', url: '/api/ordens-servico?limit=1' })).json()[0];
    for (const url of [
      `/api/vendas/${venda.id}/comprovante?formato=a4`,
      `/api/vendas/${venda.id}/comprovante?formato=80mm`,
      `/api/orcamentos/${orcamento.id}/pdf`,
      `/api/ordens-servico/${os.id}/pdf`,
    ]) {
      const response = await ctx.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const texto = textoDoPdf(response.rawPayload);
      expect(texto, url).toContain('Ferragens Irmãos Oliveira Ltda');
      expect(texto, url).toContain('12.ABC.345/01DE-35');
      expect(texto, url).toMatch(/Rua XV de Novembro, 500, Loja 2 - Centro\s+-?\s*Curitiba\/PR/);
      expect(imagensDoPdf(response.rawPayload), url).toBe(1);
    }
    expect(
      (await ctx.request({ method: 'DELETE', url: '/api/configuracoes/empresa/logo' })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.request({ method: 'DELETE', url: '/api/configuracoes/empresa/logo' })).statusCode,
    ).toBe(404);
    const semLogo = await ctx.request({
      method: 'GET',
      url: `/api/vendas/${venda.id}/comprovante?formato=a4`,
    });
    expect(imagensDoPdf(semLogo.rawPayload)).toBe(0);
  });

  it("prints the env's company (EMPRESA_*) while nothing is stored", async () => {
    await ctx.database.db.execute(sql`DELETE FROM empresa`);
    expect((await getEmpresa()).json().razao_social).toBe(ctx.config.empresa.nome);
    const venda = (await ctx.request({ method: 'GET', url: '/api/vendas?limit=1' })).json()[0];
    const pdf = await ctx.request({
      method: 'GET',
      url: `/api/vendas/${venda.id}/comprovante?formato=a4`,
    });
    expect(textoDoPdf(pdf.rawPayload)).toContain(ctx.config.empresa.nome);
    expect((await putEmpresa(EMPRESA)).statusCode).toBe(200);
  });
});

/** How many images the PDF draws (pdfimages, poppler-utils, like pdftotext). */
function imagensDoPdf(pdf: Buffer): number {
  const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'prumo-logo-'));
  try {
    const arquivo = path.join(pasta, 'documento.pdf');
    fs.writeFileSync(arquivo, pdf);
    const saida = spawnSync('pdfimages', ['-list', arquivo], { encoding: 'utf8' }).stdout;
    // Rows after the two header lines; a PNG's transparency is a separate "smask" row.
    return saida
      .trim()
      .split('\n')
      .slice(2)
      .filter((linha) => linha.trim().split(/\s+/)[2] === 'image').length;
  } finally {
    fs.rmSync(pasta, { recursive: true, force: true });
  }
}

describe('/api/configuracoes/preferencias', () => {
  const PREFS = {
    notificacoes_email: false,
    alertas_vencimento: true,
    relatorios_automaticos: true,
    inatividade_minutos: 30,
  };

  it("starts with the spec's switches (on, on, off) and the env's idle time", async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/configuracoes/preferencias',
      as: USER_EMAIL,
    });
    expect(response.json()).toEqual({
      notificacoes_email: true,
      alertas_vencimento: true,
      relatorios_automaticos: false,
      inatividade_minutos: ctx.config.session.idleMs / 60_000,
      dois_fatores_obrigatorio: false,
      backup_automatico: true,
      backup_hora: 2,
      tema: 'light',
    });
  });

  it('is changed by admins only; a bad idle time is a 400 that stores nothing', async () => {
    const put = (payload: object, as?: string) =>
      ctx.request({ method: 'PUT', url: '/api/configuracoes/preferencias', payload, as });
    expect((await put(PREFS, MANAGER_EMAIL)).statusCode).toBe(403);
    for (const inatividade_minutos of [0, 2.5, 100_000, '30']) {
      const response = await put({ ...PREFS, inatividade_minutos });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.inatividade_minutos).toBe('Informe de 5 a 10080 minutos');
    }
    expect((await put({ ...PREFS, tema: 'dark' })).statusCode).toBe(400);
    const salvo = await put(PREFS);
    expect(salvo.statusCode).toBe(200);
    expect(salvo.json()).toEqual({
      ...PREFS,
      dois_fatores_obrigatorio: false,
      backup_automatico: true,
      backup_hora: 2,
      tema: 'light',
    });
    // The later fields are saved when sent, and kept when a client leaves them out. (Setting
    // dois_fatores_obrigatorio here would lock this admin out: the sign-in tests cover it.)
    const todos = { ...PREFS, backup_automatico: false, backup_hora: 5 };
    const esperado = { ...todos, dois_fatores_obrigatorio: false, tema: 'light' };
    expect((await put(todos)).json()).toEqual(esperado);
    expect((await put(PREFS)).json()).toEqual(esperado);
    await put({ ...PREFS, backup_automatico: true, backup_hora: 2 });
  });

  it("keeps each user's theme, set by the user", async () => {
    const tema = (as: string, valor: unknown) =>
      ctx.request({ method: 'PUT', url: '/api/configuracoes/tema', payload: { tema: valor }, as });
    expect((await tema(USER_EMAIL, 'dark')).statusCode).toBe(200);
    expect((await tema(USER_EMAIL, 'azul')).statusCode).toBe(400);
    const prefs = (as: string) =>
      ctx.request({ method: 'GET', url: '/api/configuracoes/preferencias', as });
    expect((await prefs(USER_EMAIL)).json().tema).toBe('dark');
    expect((await prefs(MANAGER_EMAIL)).json().tema).toBe('light');
  });

  it("ends a session after the stored idle minutes, not the env's", async () => {
    const token = await ctx.login(USER_EMAIL);
    const ociosa = (minutos: number) =>
      ctx.database.db.execute(
        sql`UPDATE sessoes SET last_seen_at = now() - make_interval(mins => ${minutos})
            WHERE usuario_id = (SELECT id FROM usuarios WHERE email = ${USER_EMAIL})`,
      );
    const usar = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/configuracoes/empresa',
        headers: { authorization: `Bearer ${token}` },
      });
    // 30 minutes stored above: 20 idle minutes keep the session, 31 end it. The minutes pass for
    // the database and for the app's clock alike (the app knows the session it checked).
    await ociosa(20);
    expect((await usar()).statusCode).toBe(200);
    await ociosa(31);
    vi.useFakeTimers({ now: Date.now() + 31 * 60_000, toFake: ['Date'] });
    try {
      expect((await usar()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});
