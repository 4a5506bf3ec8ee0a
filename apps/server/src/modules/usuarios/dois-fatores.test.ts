import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { DOIS_FATORES_MESSAGES, USUARIO_MESSAGES } from '@prumo/shared/auth';
import { createOrResetAdmin } from '../../seed/admin';
import { createTestContext, USER_EMAIL, type TestContext } from '../../test/test-app';
import { doisFatoresObrigatorio } from './dois-fatores.repository';
import { regraDasSessoesMudou } from './sessoes-em-cache';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A fixed clock in the middle of a 30-second step, near the real time. */
const T0 = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
function relogio(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}
const codigoEm = (segredo: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(segredo) }).generate({ timestamp: ms });

const comToken = (token: string, options: InjectOptions) =>
  ctx.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
const segundoPasso = (desafio: string, codigo: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login/dois-fatores',
    payload: { desafio, codigo },
  });

let seq = 0;
/** A new user (created by the admin) and a session of theirs. */
async function novoUsuario() {
  seq++;
  const body = {
    nome: `Dois Fatores ${seq}`,
    email: `dois.fatores${seq}@empresa.com.br`,
    role: 'user',
    senha: 'senha-forte-1',
  };
  const created = await ctx.request({ method: 'POST', url: '/api/usuarios', payload: body });
  expect(created.statusCode, created.body).toBe(201);
  const response = await login(body.email, body.senha);
  expect(response.statusCode, response.body).toBe(200);
  return {
    id: created.json<{ id: number }>().id,
    email: body.email,
    senha: body.senha,
    token: response.json<{ token: string }>().token,
  };
}

/** A user with the second factor on (activated at T0); their secret and recovery codes. */
async function usuarioComDoisFatores() {
  const usuario = await novoUsuario();
  const configurar = await comToken(usuario.token, {
    method: 'POST',
    url: '/api/perfil/dois-fatores/configurar',
  });
  expect(configurar.statusCode, configurar.body).toBe(200);
  const { segredo, otpauth_url } = configurar.json<{ segredo: string; otpauth_url: string }>();
  expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauth_url).toContain(`secret=${segredo}`);
  relogio(T0);
  const ativar = await comToken(usuario.token, {
    method: 'POST',
    url: '/api/perfil/dois-fatores/ativar',
    payload: { codigo: codigoEm(segredo, T0) },
  });
  expect(ativar.statusCode, ativar.body).toBe(200);
  const { codigos_recuperacao } = ativar.json<{ codigos_recuperacao: string[] }>();
  return { ...usuario, segredo, codigos: codigos_recuperacao };
}

async function desafioDe(usuario: { email: string; senha: string }): Promise<string> {
  const response = await login(usuario.email, usuario.senha);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ dois_fatores?: boolean; desafio?: string; token?: string }>();
  expect(body.dois_fatores).toBe(true);
  expect(body.token).toBeUndefined();
  return body.desafio!;
}

describe('two-factor setup in Perfil', () => {
  it('configures, refuses a wrong confirmation, activates with the right code and answers 10 recovery codes', async () => {
    const usuario = await novoUsuario();
    const status = await comToken(usuario.token, {
      method: 'GET',
      url: '/api/perfil/dois-fatores',
    });
    expect(status.json()).toEqual({
      ativado: false,
      ativado_em: null,
      codigos_restantes: 0,
      obrigatorio: false,
    });
    const semConfigurar = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/ativar',
      payload: { codigo: '123456' },
    });
    expect(semConfigurar.statusCode).toBe(409);
    expect(semConfigurar.json().message).toBe(DOIS_FATORES_MESSAGES.semConfiguracao);

    const { segredo } = (
      await comToken(usuario.token, { method: 'POST', url: '/api/perfil/dois-fatores/configurar' })
    ).json<{ segredo: string }>();
    relogio(T0);
    const certo = codigoEm(segredo, T0);
    const errado = certo === '000000' ? '111111' : '000000';
    const recusado = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/ativar',
      payload: { codigo: errado },
    });
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json().fields).toEqual({ codigo: DOIS_FATORES_MESSAGES.codigoInvalido });

    const ativado = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/ativar',
      payload: { codigo: `${certo.slice(0, 3)} ${certo.slice(3)}` },
    });
    expect(ativado.statusCode, ativado.body).toBe(200);
    const codigos = ativado.json<{ codigos_recuperacao: string[] }>().codigos_recuperacao;
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);

    const depois = (
      await comToken(usuario.token, { method: 'GET', url: '/api/perfil/dois-fatores' })
    ).json<{ ativado: boolean; codigos_restantes: number }>();
    expect(depois).toMatchObject({ ativado: true, codigos_restantes: 10 });
    const again = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/configurar',
    });
    expect(again.statusCode).toBe(409);

    const lista = await ctx.request({ method: 'GET', url: '/api/usuarios' });
    const marcados = lista.json<Array<{ id: number; dois_fatores: boolean }>>();
    expect(marcados.find((u) => u.id === usuario.id)?.dois_fatores).toBe(true);
    expect(marcados.some((u) => !u.dois_fatores)).toBe(true);
  });

  it('turns off only with the right password', async () => {
    const usuario = await usuarioComDoisFatores();
    const errada = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/desativar',
      payload: { senha_atual: 'nao-e-essa' },
    });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().fields).toEqual({ senha_atual: USUARIO_MESSAGES.senhaAtualIncorreta });
    const certa = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/dois-fatores/desativar',
      payload: { senha_atual: usuario.senha },
    });
    expect(certa.statusCode, certa.body).toBe(204);
    const semDoisFatores = await login(usuario.email, usuario.senha);
    expect(semDoisFatores.json().token).toEqual(expect.any(String));
  });
});

describe('sign-in with two factors', () => {
  it('answers a challenge instead of a session, and takes a code in the window once only', async () => {
    const usuario = await usuarioComDoisFatores();
    relogio(T0);
    const desafio = await desafioDe(usuario);

    // The activation's own code was already accepted: it never passes again.
    const reusado = await segundoPasso(desafio, codigoEm(usuario.segredo, T0));
    expect(reusado.statusCode).toBe(401);
    expect(reusado.json()).toMatchObject({
      error: 'UNAUTHORIZED',
      message: DOIS_FATORES_MESSAGES.codigoInvalido,
    });
    // Two steps away is outside the ±1 window.
    const foraDaJanela = await segundoPasso(desafio, codigoEm(usuario.segredo, T0 + 60_000));
    expect(foraDaJanela.statusCode).toBe(401);
    // The next step is inside the window: signed in, with the usual answer.
    const aceito = await segundoPasso(desafio, codigoEm(usuario.segredo, T0 + 30_000));
    expect(aceito.statusCode, aceito.body).toBe(200);
    expect(aceito.json()).toEqual({
      token: expect.any(String),
      user: { nome: expect.any(String), email: usuario.email, role: 'user' },
    });
    const perfil = await comToken(aceito.json().token, { method: 'GET', url: '/api/perfil' });
    expect(perfil.statusCode).toBe(200);

    // The challenge was used up; a new one does not take the same code again.
    const usado = await segundoPasso(desafio, codigoEm(usuario.segredo, T0 + 30_000));
    expect(usado.statusCode).toBe(401);
    expect(usado.json().error).toBe('DESAFIO_EXPIRADO');
    const outro = await desafioDe(usuario);
    const mesmoCodigo = await segundoPasso(outro, codigoEm(usuario.segredo, T0 + 30_000));
    expect(mesmoCodigo.statusCode).toBe(401);
    expect(mesmoCodigo.json().error).toBe('UNAUTHORIZED');
    // Later on, the code of that moment passes.
    relogio(T0 + 90_000);
    const depois = await segundoPasso(outro, codigoEm(usuario.segredo, T0 + 90_000));
    expect(depois.statusCode, depois.body).toBe(200);
  });

  it('accepts each recovery code once', async () => {
    const usuario = await usuarioComDoisFatores();
    const [codigo] = usuario.codigos;
    const aceito = await segundoPasso(await desafioDe(usuario), codigo!.toUpperCase());
    expect(aceito.statusCode, aceito.body).toBe(200);
    const denovo = await segundoPasso(await desafioDe(usuario), codigo!);
    expect(denovo.statusCode).toBe(401);
    const status = await comToken(aceito.json().token, {
      method: 'GET',
      url: '/api/perfil/dois-fatores',
    });
    expect(status.json().codigos_restantes).toBe(9);
  });

  it('ends a challenge after 5 wrong codes and when it expires', async () => {
    const usuario = await usuarioComDoisFatores();
    relogio(T0);
    const desafio = await desafioDe(usuario);
    for (let i = 1; i <= 4; i++) {
      const errado = await segundoPasso(desafio, 'zzzzz-zzzzz');
      expect(errado.statusCode).toBe(401);
      expect(errado.json().error).toBe('UNAUTHORIZED');
    }
    const quinto = await segundoPasso(desafio, 'zzzzz-zzzzz');
    expect(quinto.statusCode).toBe(401);
    expect(quinto.json()).toMatchObject({
      error: 'DESAFIO_EXPIRADO',
      message: DOIS_FATORES_MESSAGES.tentativasEsgotadas,
    });
    const certo = await segundoPasso(desafio, codigoEm(usuario.segredo, T0 + 30_000));
    expect(certo.json()).toMatchObject({
      error: 'DESAFIO_EXPIRADO',
      message: DOIS_FATORES_MESSAGES.desafioExpirado,
    });

    // Another user (the e-mail above counted its failures): a challenge past its 5 minutes.
    const outro = await usuarioComDoisFatores();
    const expirado = await desafioDe(outro);
    await ctx.database.db.execute(
      sql`UPDATE desafios_login SET expires_at = now() - interval '1 second' WHERE usuario_id = ${outro.id}`,
    );
    const tarde = await segundoPasso(expirado, codigoEm(outro.segredo, T0 + 30_000));
    expect(tarde.statusCode).toBe(401);
    expect(tarde.json()).toMatchObject({
      error: 'DESAFIO_EXPIRADO',
      message: DOIS_FATORES_MESSAGES.desafioExpirado,
    });
    const invalido = await segundoPasso('nao-existe', '123456');
    expect(invalido.json().error).toBe('DESAFIO_EXPIRADO');
  });
});

describe('admin reset of the second factor', () => {
  it('clears it and ends the user’s sessions; admin only, never one’s own', async () => {
    const usuario = await usuarioComDoisFatores();
    const path = `/api/usuarios/${usuario.id}/dois-fatores/redefinir`;
    const comoVendedor = await ctx.request({ method: 'POST', url: path, as: USER_EMAIL });
    expect(comoVendedor.statusCode).toBe(403);
    const reset = await ctx.request({ method: 'POST', url: path });
    expect(reset.statusCode, reset.body).toBe(204);
    const sessaoAntiga = await comToken(usuario.token, { method: 'GET', url: '/api/perfil' });
    expect(sessaoAntiga.statusCode).toBe(401);
    const semDoisFatores = await login(usuario.email, usuario.senha);
    expect(semDoisFatores.json().token).toEqual(expect.any(String));
    const recuperacao = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM codigos_recuperacao WHERE usuario_id = ${usuario.id}`,
    );
    const linhas = (recuperacao as unknown as { rows: Array<{ n: number }> }).rows;
    expect(Number(linhas[0]!.n)).toBe(0);

    const adminId = (await ctx.request({ method: 'GET', url: '/api/perfil' })).json().id;
    const proprio = await ctx.request({
      method: 'POST',
      url: `/api/usuarios/${adminId}/dois-fatores/redefinir`,
    });
    expect(proprio.statusCode).toBe(409);
    const inexistente = await ctx.request({
      method: 'POST',
      url: '/api/usuarios/999999/dois-fatores/redefinir',
    });
    expect(inexistente.statusCode).toBe(404);
  });
});

describe('mandatory second factor', () => {
  // In SQL: an admin without a second factor may not switch the rule on. Done when the app's
  // session cache has heard of it, as a request that changes preferences answers.
  const obrigar = async (valor: boolean) => {
    const ouvido = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO preferencias (id, dois_fatores_obrigatorio) VALUES (1, ${valor})
            ON CONFLICT (id) DO UPDATE SET dois_fatores_obrigatorio = ${valor}`,
      );
      return { aviso: regraDasSessoesMudou() };
    });
    await ouvido.aviso;
  };

  it('blocks users without it everywhere but sign-in, Perfil and the shell', async () => {
    const sem = await novoUsuario();
    const com = await usuarioComDoisFatores();
    const sessaoCom = await segundoPasso(await desafioDe(com), com.codigos[0]!);
    const tokenCom = sessaoCom.json().token as string;
    await obrigar(true);
    try {
      const bloqueado = await comToken(sem.token, { method: 'GET', url: '/api/produtos' });
      expect(bloqueado.statusCode).toBe(403);
      expect(bloqueado.json()).toEqual({
        error: 'DOIS_FATORES_OBRIGATORIO',
        message: DOIS_FATORES_MESSAGES.obrigatorio,
      });
      for (const url of [
        '/api/perfil',
        '/api/perfil/dois-fatores',
        '/api/perfil/sessoes',
        '/api/auth/validate',
        '/api/configuracoes/preferencias',
        '/api/configuracoes/empresa',
      ]) {
        const response = await comToken(sem.token, { method: 'GET', url });
        expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      }
      const status = await comToken(sem.token, { method: 'GET', url: '/api/perfil/dois-fatores' });
      expect(status.json().obrigatorio).toBe(true);
      const liberado = await comToken(tokenCom, { method: 'GET', url: '/api/produtos' });
      expect(liberado.statusCode).toBe(200);
    } finally {
      await obrigar(false);
    }
    const depois = await comToken(sem.token, { method: 'GET', url: '/api/produtos' });
    expect(depois.statusCode).toBe(200);
  });

  it('is refused to an admin who has no second factor (they would lock themself out)', async () => {
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/configuracoes/preferencias',
      payload: {
        notificacoes_email: true,
        alertas_vencimento: true,
        relatorios_automaticos: false,
        inatividade_minutos: 60,
        dois_fatores_obrigatorio: true,
      },
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(DOIS_FATORES_MESSAGES.exigirSemTer);
    expect(await doisFatoresObrigatorio(ctx.database.db)).toBe(false);
  });
});

describe('the command line admin reset', () => {
  it('also clears the second factor, for an owner who lost the phone', async () => {
    const usuario = await usuarioComDoisFatores();
    expect(await createOrResetAdmin(ctx.database.db, usuario.email, 'nova-senha-123')).toBe(
      'updated',
    );
    const response = await login(usuario.email, 'nova-senha-123');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });
});

describe('sessions and password changes', () => {
  it('lists where each session was opened', async () => {
    const usuario = await novoUsuario();
    const ua = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36 ${'x'.repeat(400)}`;
    const response = await login(usuario.email, usuario.senha, { 'user-agent': ua });
    const token = response.json().token as string;
    const sessoes = (await comToken(token, { method: 'GET', url: '/api/perfil/sessoes' })).json<
      Array<{ user_agent: string | null; ip: string | null; atual: boolean }>
    >();
    const atual = sessoes.find((s) => s.atual)!;
    expect(atual.user_agent).toBe(ua.slice(0, 300));
    expect(atual.ip).toBe('127.0.0.1');
    expect(sessoes).toHaveLength(2);
  });

  it('records every password change in the user’s history', async () => {
    const usuario = await novoUsuario();
    const historico = async () =>
      (await ctx.request({ method: 'GET', url: `/api/auditoria/usuarios/${usuario.id}` })).json<
        Array<{ usuario_nome: string | null; depois: Record<string, unknown> | null }>
      >();
    const trocou = await comToken(usuario.token, {
      method: 'POST',
      url: '/api/perfil/senha',
      payload: { senha_atual: usuario.senha, nova_senha: 'outra-senha-2' },
    });
    expect(trocou.statusCode, trocou.body).toBe(204);
    const [propria] = await historico();
    expect(propria?.usuario_nome).toBe('Dois Fatores ' + seq);
    expect(propria?.depois?.senha_alterada_em).toEqual(expect.any(String));
    expect(propria?.depois).not.toHaveProperty('senha_hash');

    const admin = await ctx.request({
      method: 'POST',
      url: `/api/usuarios/${usuario.id}/senha`,
      payload: { senha: 'do-admin-123' },
    });
    expect(admin.statusCode).toBe(204);
    const entradas = await historico();
    expect(entradas).toHaveLength(3);
    expect(entradas[0]!.depois?.senha_alterada_em).toEqual(expect.any(String));
    expect(entradas[0]!.usuario_nome).not.toBe(propria?.usuario_nome);
  });

  it('rate-limits wrong current passwords on POST /api/perfil/senha', async () => {
    const usuario = await novoUsuario();
    const trocar = (senha_atual: string) =>
      comToken(usuario.token, {
        method: 'POST',
        url: '/api/perfil/senha',
        payload: { senha_atual, nova_senha: 'nova-senha-123' },
      });
    for (let i = 0; i < ctx.config.loginRateLimit.failuresPerEmail; i++) {
      expect((await trocar('errada')).statusCode).toBe(400);
    }
    const bloqueado = await trocar(usuario.senha);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({
      error: 'RATE_LIMITED',
      message: DOIS_FATORES_MESSAGES.senhaAtualTentativas,
    });
    // Sign-in of the same e-mail is a counter of its own.
    expect((await login(usuario.email, usuario.senha)).statusCode).toBe(200);
  });
});
