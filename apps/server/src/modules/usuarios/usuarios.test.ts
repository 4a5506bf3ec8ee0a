import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USUARIO_MESSAGES } from '@prumo/shared/auth';
import { DEMO_PASSWORD } from '../../seed/demo-users';
import {
  ADMIN_EMAIL,
  createTestContext,
  MANAGER_EMAIL,
  USER_EMAIL,
  type TestContext,
} from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await login(email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

const withToken = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

let seq = 0;
async function novoUsuario(role: 'admin' | 'manager' | 'user' = 'user') {
  seq++;
  const body = {
    nome: `Pessoa ${seq}`,
    email: `pessoa${seq}@empresa.com.br`,
    role,
    senha: 'senha-forte-1',
  };
  const response = await ctx.request({ method: 'POST', url: '/api/usuarios', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json<{ id: number; email: string }>(), senha: body.senha };
}

async function usuarioCount(): Promise<number> {
  return (await ctx.request({ method: 'GET', url: '/api/usuarios' })).json<unknown[]>().length;
}

const adminId = async () =>
  (await ctx.request({ method: 'GET', url: '/api/perfil' })).json<{ id: number }>().id;

describe('/api/usuarios (admin only)', () => {
  it('refuses managers and users on every route with 403', async () => {
    const routes = [
      { method: 'GET', url: '/api/usuarios' },
      {
        method: 'POST',
        url: '/api/usuarios',
        payload: { nome: 'X', email: 'x@x.com', role: 'user', senha: '12345678' },
      },
      {
        method: 'PUT',
        url: '/api/usuarios/1',
        payload: { nome: 'X', email: 'x@x.com', role: 'admin', ativo: true },
      },
      { method: 'POST', url: '/api/usuarios/1/senha', payload: { senha: '12345678' } },
    ] as const;
    for (const as of [MANAGER_EMAIL, USER_EMAIL]) {
      for (const route of routes) {
        const response = await ctx.request({ ...route, as });
        expect(response.statusCode, `${route.method} ${route.url} as ${as}`).toBe(403);
      }
    }
  });

  it('creates a user who can then sign in, without answering the password hash', async () => {
    const criado = await novoUsuario('manager');
    expect(criado).toMatchObject({ nome: `Pessoa ${seq}`, role: 'manager', ativo: true });
    expect(JSON.stringify(criado)).not.toMatch(/senha_?hash|argon/i);
    expect((await login(criado.email, criado.senha)).statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail in any letter case with 409 DUPLICADO on the field', async () => {
    const before = await usuarioCount();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/usuarios',
      payload: {
        nome: 'Outra Ana',
        email: ADMIN_EMAIL.toUpperCase(),
        role: 'user',
        senha: '12345678',
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'DUPLICADO',
      fields: { email: USUARIO_MESSAGES.emailDuplicado },
    });
    expect(await usuarioCount()).toBe(before);
  });

  it('answers 400 with pt-BR field messages and writes nothing', async () => {
    const before = await usuarioCount();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/usuarios',
      payload: { nome: ' ', email: 'nao-e-email', role: 'root', senha: '1234567', extra: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      nome: USUARIO_MESSAGES.nomeObrigatorio,
      email: USUARIO_MESSAGES.emailInvalido,
      role: USUARIO_MESSAGES.papelInvalido,
      senha: USUARIO_MESSAGES.senhaCurta,
      extra: 'Campo não permitido',
    });
    expect(await usuarioCount()).toBe(before);
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${await adminId()}`,
      payload: { nome: '', email: 'nao-e-email', ativo: 'sim', extra: 1 },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().fields).toEqual({
      nome: USUARIO_MESSAGES.nomeObrigatorio,
      email: USUARIO_MESSAGES.emailInvalido,
      ativo: USUARIO_MESSAGES.ativoInvalido,
      extra: 'Campo não permitido',
    });
  });

  it('PUT keeps what is left out: one field changes, the rest stays as stored', async () => {
    const usuario = await novoUsuario('manager');
    const url = `/api/usuarios/${usuario.id}`;
    const renomeado = await ctx.request({ method: 'PUT', url, payload: { nome: 'Só o Nome' } });
    expect(renomeado.statusCode, renomeado.body).toBe(200);
    expect(renomeado.json()).toMatchObject({
      nome: 'Só o Nome',
      email: usuario.email,
      role: 'manager',
      ativo: true,
    });
    const rebaixado = await ctx.request({ method: 'PUT', url, payload: { role: 'user' } });
    expect(rebaixado.json()).toMatchObject({ nome: 'Só o Nome', role: 'user', ativo: true });
    const vazio = await ctx.request({ method: 'PUT', url, payload: {} });
    expect(vazio.statusCode, vazio.body).toBe(200);
    expect(vazio.json()).toMatchObject({ nome: 'Só o Nome', email: usuario.email, role: 'user' });

    // The same rule on the user's own profile.
    const token = await tokenOf(usuario.email, usuario.senha);
    const perfil = await withToken(token, 'PUT', '/api/perfil', { nome: 'Meu Nome' });
    expect(perfil.statusCode, perfil.body).toBe(200);
    expect(perfil.json()).toMatchObject({ nome: 'Meu Nome', email: usuario.email });
  });

  it('disabling a user revokes its token at once; re-enabling lets it sign in again', async () => {
    const usuario = await novoUsuario();
    const token = await tokenOf(usuario.email, usuario.senha);
    expect((await withToken(token, 'GET', '/api/perfil')).statusCode).toBe(200);
    const body = { nome: 'Desligado', email: usuario.email, role: 'user', ativo: false };
    const disabled = await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${usuario.id}`,
      payload: body,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ nome: 'Desligado', ativo: false });
    expect((await withToken(token, 'GET', '/api/perfil')).statusCode).toBe(401);
    expect((await login(usuario.email, usuario.senha)).statusCode).toBe(401);
    await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${usuario.id}`,
      payload: { ...body, ativo: true },
    });
    expect((await login(usuario.email, usuario.senha)).statusCode).toBe(200);
  });

  it('a role change applies to the next request of an open session', async () => {
    const usuario = await novoUsuario('user');
    const token = await tokenOf(usuario.email, usuario.senha);
    expect((await withToken(token, 'GET', '/api/auditoria')).statusCode).toBe(403);
    const body = { nome: 'Promovido', email: usuario.email, role: 'admin', ativo: true };
    await ctx.request({ method: 'PUT', url: `/api/usuarios/${usuario.id}`, payload: body });
    expect((await withToken(token, 'GET', '/api/auditoria')).statusCode).toBe(200);
    await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${usuario.id}`,
      payload: { ...body, role: 'user' },
    });
  });

  it('keeps the last active admin: neither disabled nor demoted (409 REGRA_VIOLADA)', async () => {
    const id = await adminId();
    const body = { nome: 'Ana Administradora', email: ADMIN_EMAIL, role: 'admin', ativo: true };
    for (const change of [{ ativo: false }, { role: 'manager' }]) {
      const response = await ctx.request({
        method: 'PUT',
        url: `/api/usuarios/${id}`,
        payload: { ...body, ...change },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'REGRA_VIOLADA',
        message: USUARIO_MESSAGES.ultimoAdmin,
      });
    }
    expect((await ctx.request({ method: 'GET', url: '/api/perfil' })).json()).toMatchObject({
      role: 'admin',
      ativo: true,
    });

    // With a second admin, the first may step down; then the second is the last one.
    const outro = await novoUsuario('admin');
    const outroToken = await tokenOf(outro.email, outro.senha);
    const demoted = await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      payload: { ...body, role: 'manager' },
    });
    expect(demoted.statusCode).toBe(200);
    const outroBody = { nome: 'Outro Admin', email: outro.email, role: 'admin', ativo: false };
    const self = await withToken(outroToken, 'PUT', `/api/usuarios/${outro.id}`, outroBody);
    expect(self.statusCode).toBe(409);
    expect((await withToken(outroToken, 'PUT', `/api/usuarios/${id}`, body)).statusCode).toBe(200);
    // Two admins again: the second may now disable itself.
    expect(
      (await withToken(outroToken, 'PUT', `/api/usuarios/${outro.id}`, outroBody)).statusCode,
    ).toBe(200);
    expect((await withToken(outroToken, 'GET', '/api/perfil')).statusCode).toBe(401);
  });

  it('404 for an unknown user', async () => {
    const body = { nome: 'X', email: 'x@empresa.com.br', role: 'user', ativo: true };
    expect(
      (await ctx.request({ method: 'PUT', url: '/api/usuarios/987654', payload: body })).statusCode,
    ).toBe(404);
    const senha = { senha: 'nova-senha-1' };
    expect(
      (await ctx.request({ method: 'POST', url: '/api/usuarios/987654/senha', payload: senha }))
        .statusCode,
    ).toBe(404);
  });

  it('a reset sets the new password and ends that user’s sessions; not for one’s own account', async () => {
    const usuario = await novoUsuario();
    const token = await tokenOf(usuario.email, usuario.senha);
    const reset = await ctx.request({
      method: 'POST',
      url: `/api/usuarios/${usuario.id}/senha`,
      payload: { senha: 'redefinida-1' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await withToken(token, 'GET', '/api/perfil')).statusCode).toBe(401);
    expect((await login(usuario.email, usuario.senha)).statusCode).toBe(401);
    expect((await login(usuario.email, 'redefinida-1')).statusCode).toBe(200);

    const own = await ctx.request({
      method: 'POST',
      url: `/api/usuarios/${await adminId()}/senha`,
      payload: { senha: 'redefinida-1' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(USUARIO_MESSAGES.propriaSenha);
    expect((await login(ADMIN_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('records every change with its author and never the password', async () => {
    const usuario = await novoUsuario();
    await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${usuario.id}`,
      payload: { nome: 'Gerente Novo', email: usuario.email, role: 'manager', ativo: true },
    });
    const historico = await ctx.request({
      method: 'GET',
      url: `/api/auditoria/usuarios/${usuario.id}`,
    });
    expect(historico.statusCode).toBe(200);
    const entradas = historico.json<Array<{ acao: string; usuario_nome: string }>>();
    expect(entradas.map((e) => e.acao).sort()).toEqual(['atualizar', 'criar']);
    expect(entradas.every((e) => e.usuario_nome === 'Ana Administradora')).toBe(true);
    expect(historico.body).toContain('Gerente Novo');
    expect(historico.body).not.toContain(usuario.senha);
    expect(historico.body).not.toMatch(/\$argon2/);
  });
});

describe('/api/usuarios/vendedores (any signed-in user)', () => {
  it("lists the active users' names only, by name, to any role", async () => {
    const inativo = await ctx.request({
      method: 'POST',
      url: '/api/usuarios',
      payload: {
        nome: 'Ana Inativa',
        email: 'ana.inativa@empresa.com.br',
        role: 'user',
        senha: 'senha-teste-1',
      },
    });
    expect(inativo.statusCode, inativo.body).toBe(201);
    const { id } = inativo.json<{ id: number }>();
    const desativado = await ctx.request({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      payload: {
        nome: 'Ana Inativa',
        email: 'ana.inativa@empresa.com.br',
        role: 'user',
        ativo: false,
      },
    });
    expect(desativado.statusCode, desativado.body).toBe(200);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/usuarios/vendedores',
      as: USER_EMAIL,
    });
    expect(response.statusCode).toBe(200);
    const vendedores = response.json<Array<{ id: number; nome: string }>>();
    expect(vendedores.every((v) => Object.keys(v).join() === 'id,nome')).toBe(true);
    expect(vendedores.map((v) => v.nome)).not.toContain('Ana Inativa');
    const nomes = vendedores.map((v) => v.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });
});

describe('/api/perfil (any signed-in user)', () => {
  it('answers and changes the signed-in user’s own nome and e-mail', async () => {
    const usuario = await novoUsuario();
    const token = await tokenOf(usuario.email, usuario.senha);
    const perfil = await withToken(token, 'GET', '/api/perfil');
    expect(perfil.json()).toMatchObject({ id: usuario.id, role: 'user', ativo: true });
    const email = `novo${seq}@empresa.com.br`;
    const put = await withToken(token, 'PUT', '/api/perfil', { nome: 'Nome Novo', email });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: usuario.id, nome: 'Nome Novo', email, role: 'user' });
    const taken = await withToken(token, 'PUT', '/api/perfil', { nome: 'X', email: MANAGER_EMAIL });
    expect(taken.statusCode).toBe(409);
    const role = await withToken(token, 'PUT', '/api/perfil', { nome: 'X', email, role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect(role.json().fields).toEqual({ role: 'Campo não permitido' });
    expect((await withToken(token, 'GET', '/api/perfil')).json()).toMatchObject({
      nome: 'Nome Novo',
      role: 'user',
    });
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const usuario = await novoUsuario();
    const atual = await tokenOf(usuario.email, usuario.senha);
    const outra = await tokenOf(usuario.email, usuario.senha);
    const alheia = await ctx.login(USER_EMAIL);

    const errada = await withToken(atual, 'POST', '/api/perfil/senha', {
      senha_atual: 'errada',
      nova_senha: 'nova-senha-1',
    });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().fields).toEqual({ senha_atual: USUARIO_MESSAGES.senhaAtualIncorreta });
    const curta = await withToken(atual, 'POST', '/api/perfil/senha', {
      senha_atual: usuario.senha,
      nova_senha: 'curta',
    });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().fields).toEqual({ nova_senha: USUARIO_MESSAGES.senhaCurta });
    expect((await withToken(outra, 'GET', '/api/perfil')).statusCode).toBe(200);

    const ok = await withToken(atual, 'POST', '/api/perfil/senha', {
      senha_atual: usuario.senha,
      nova_senha: 'nova-senha-1',
    });
    expect(ok.statusCode).toBe(204);
    expect((await withToken(atual, 'GET', '/api/perfil')).statusCode).toBe(200);
    expect((await withToken(outra, 'GET', '/api/perfil')).statusCode).toBe(401);
    expect((await withToken(alheia, 'GET', '/api/perfil')).statusCode).toBe(200);
    expect((await login(usuario.email, usuario.senha)).statusCode).toBe(401);
    expect((await login(usuario.email, 'nova-senha-1')).statusCode).toBe(200);
  });

  it('lists and ends only the user’s own sessions', async () => {
    const usuario = await novoUsuario();
    const primeira = await tokenOf(usuario.email, usuario.senha);
    const segunda = await tokenOf(usuario.email, usuario.senha);
    const sessoes = await withToken(segunda, 'GET', '/api/perfil/sessoes');
    expect(sessoes.statusCode).toBe(200);
    const lista = sessoes.json<Array<{ id: number; atual: boolean; created_at: string }>>();
    expect(lista).toHaveLength(2);
    expect(lista.map((s) => s.atual)).toEqual([false, true]);
    expect(Number.isNaN(Date.parse(lista[0]!.created_at))).toBe(false);

    const outraPessoa = await ctx.request({
      method: 'GET',
      url: '/api/perfil/sessoes',
      as: MANAGER_EMAIL,
    });
    const sessaoAlheia = outraPessoa.json<Array<{ id: number }>>()[0]!.id;
    const alheia = await withToken(segunda, 'DELETE', `/api/perfil/sessoes/${sessaoAlheia}`);
    expect(alheia.statusCode).toBe(404);
    expect(alheia.json().message).toBe(USUARIO_MESSAGES.sessaoNaoEncontrada);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/perfil', as: MANAGER_EMAIL })).statusCode,
    ).toBe(200);

    const fim = await withToken(segunda, 'DELETE', `/api/perfil/sessoes/${lista[0]!.id}`);
    expect(fim.statusCode).toBe(204);
    expect((await withToken(primeira, 'GET', '/api/perfil')).statusCode).toBe(401);
    expect((await withToken(segunda, 'GET', '/api/perfil/sessoes')).json()).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/perfil'],
      ['PUT', '/api/perfil'],
      ['POST', '/api/perfil/senha'],
      ['GET', '/api/perfil/sessoes'],
      ['DELETE', '/api/perfil/sessoes/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
