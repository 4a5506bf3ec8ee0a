import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiToken,
  baseURL,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  WIDE,
} from '../support/browser';

/** Screenshots for a look at the screens (SCREENSHOT_DIR), skipped when unset. */
const SHOTS = process.env.SCREENSHOT_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const codigoEm = (segredo: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(segredo) }).generate({ timestamp: ms });

let browser: Browser;
const pessoa = {
  nome: 'Rita Duas Etapas',
  email: 'rita.2fa@empresa.com.br',
  senha: 'rita-senha-123',
};

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL()}/api/usuarios`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await apiToken()}`,
    },
    body: JSON.stringify({ ...pessoa, role: 'user' }),
  });
  expect(response.status).toBe(201);
});
afterAll(() => browser?.close());

async function abrirSegundoPasso(page: Page) {
  await page.goto(baseURL() + '/');
  await page.getByLabel('E-mail').fill(pessoa.email);
  await page.getByLabel('Senha', { exact: true }).fill(pessoa.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByLabel('Código do aplicativo autenticador').waitFor();
}

describe('two-factor sign-in', () => {
  it('turns it on in Perfil with the app code, then signs in with password and code', async () => {
    const page = await newPage(browser);
    await signIn(page, pessoa.email, '/perfil', pessoa.senha);
    const card = page.getByTestId('dois-fatores-card');
    await card.getByText('Desativada', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Ativar' }).click();

    const modal = page.getByRole('dialog');
    const segredoEl = modal.getByTestId('dois-fatores-segredo');
    await segredoEl.waitFor();
    await modal.getByLabel('Código QR para o aplicativo autenticador').waitFor();
    await shot(page, 'configurar-desktop');
    await page.setViewportSize(NARROW);
    await shot(page, 'configurar-celular');
    await page.setViewportSize(WIDE);

    const segredo = (await segredoEl.textContent())!.replace(/\s+/g, '');
    expect(segredo).toMatch(/^[A-Z2-7]{32}$/);
    await modal.getByLabel('Código do aplicativo autenticador').fill('000');
    await modal.getByRole('button', { name: 'Ativar' }).click();
    await modal.getByText('O código tem 6 números').waitFor();

    const ativadoEm = Date.now();
    await modal.getByLabel('Código do aplicativo autenticador').fill(codigoEm(segredo, ativadoEm));
    await modal.getByRole('button', { name: 'Ativar' }).click();
    await page.getByText('Guarde seus códigos de recuperação').waitFor();
    const codigos = await page.getByTestId('codigo-recuperacao').allTextContents();
    expect(codigos).toHaveLength(10);
    await shot(page, 'codigos-desktop');
    await page.setViewportSize(NARROW);
    await shot(page, 'codigos-celular');
    await page.setViewportSize(WIDE);
    await page.getByRole('button', { name: 'Concluir' }).click();
    await card.getByText('Ativada', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();

    // Password, then the code: a wrong one is refused like a wrong password.
    await abrirSegundoPasso(page);
    await shot(page, 'segundo-passo-desktop');
    await page.getByLabel('Código do aplicativo autenticador').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    const erro = page.getByTestId('login-error');
    await erro.waitFor();
    expect(await erro.textContent()).toBe(
      'Código inválido. Confira o aplicativo autenticador e tente novamente.',
    );
    await shot(page, 'segundo-passo-erro-desktop');
    // The next step's code (the activation's step was spent), inside the ±1 window.
    await page
      .getByLabel('Código do aplicativo autenticador')
      .fill(codigoEm(segredo, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByTestId('topbar-avatar').waitFor();
    await page.context().close();

    // On a phone, with a recovery code.
    const phone = await newPage(browser, NARROW);
    await abrirSegundoPasso(phone);
    await shot(phone, 'segundo-passo-celular');
    await phone.getByRole('button', { name: 'Usar um código de recuperação' }).click();
    await phone.getByLabel('Código de recuperação').fill(codigos[0]!);
    await shot(phone, 'recuperacao-celular');
    await phone.getByRole('button', { name: 'Verificar' }).click();
    await phone.getByTestId('topbar-avatar').waitFor();
    await phone.goto(baseURL() + '/perfil');
    await phone.getByText('Códigos de recuperação ainda não usados:', { exact: false }).waitFor();
    expect(await phone.getByTestId('dois-fatores-card').textContent()).toContain('usados: 9');
    await phone.context().close();
  });

  it('an admin sees who has it on and resets it in Configurações → Usuários', async () => {
    const page = await newPage(browser);
    await signIn(page, undefined, '/configuracoes');
    await page.getByRole('tab', { name: 'Usuários' }).click();
    const linha = page.getByRole('row').filter({ hasText: pessoa.email });
    await linha.getByTestId('dois-fatores-ativado').waitFor();
    await linha.getByRole('button', { name: `Redefinir dois fatores de ${pessoa.nome}` }).click();
    const dialogo = page.getByRole('dialog');
    await dialogo
      .getByText(`Redefinir a autenticação em dois fatores de ${pessoa.nome}?`, { exact: false })
      .waitFor();
    await shot(page, 'redefinir-desktop');
    await dialogo.getByRole('button', { name: 'Redefinir' }).click();
    await page.getByText('Autenticação em dois fatores redefinida.', { exact: false }).waitFor();
    await linha.getByTestId('dois-fatores-ativado').waitFor({ state: 'detached' });
    await page.context().close();

    // The password alone signs in again.
    const depois = await newPage(browser);
    await signIn(depois, pessoa.email, '/perfil', pessoa.senha);
    await depois
      .getByTestId('dois-fatores-card')
      .getByText('Desativada', { exact: true })
      .waitFor();
    await depois.context().close();
  });

  it('sends a user without it to Perfil when the company requires it', async () => {
    // The switch is turned on and off by an admin who has two factors (an admin without them
    // is held to Perfil too once it is on); the demo admin stays as it is for the other tests.
    const api = async (path: string, token: string | null, body?: unknown, method = 'POST') => {
      const response = await fetch(`${baseURL()}/api${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as never };
    };
    const chefe = {
      nome: 'Chefe Seguro',
      email: 'chefe.2fa@empresa.com.br',
      senha: 'chefe-senha-123',
    };
    expect((await api('/usuarios', await apiToken(), { ...chefe, role: 'admin' })).status).toBe(
      201,
    );
    const primeiro = await api('/auth/login', null, { email: chefe.email, password: chefe.senha });
    const tokenSemDoisFatores = (primeiro.body as { token: string }).token;
    const { segredo } = (await api('/perfil/dois-fatores/configurar', tokenSemDoisFatores))
      .body as { segredo: string };
    const ativado = await api('/perfil/dois-fatores/ativar', tokenSemDoisFatores, {
      codigo: codigoEm(segredo, Date.now()),
    });
    expect(ativado.status).toBe(200);
    const admin = tokenSemDoisFatores;
    const preferencias = async (token: string, obrigatorio: boolean) => {
      const { tema: _tema, ...atuais } = (
        await api('/configuracoes/preferencias', token, undefined, 'GET')
      ).body as Record<string, unknown>;
      return api(
        '/configuracoes/preferencias',
        token,
        { ...atuais, dois_fatores_obrigatorio: obrigatorio },
        'PUT',
      );
    };
    expect((await preferencias(admin, true)).status).toBe(200);
    try {
      const page = await newPage(browser);
      await signIn(page, pessoa.email, '/produtos', pessoa.senha);
      await page.waitForURL((url) => url.pathname === '/perfil');
      await page.getByTestId('dois-fatores-obrigatorio').waitFor();
      await page
        .getByText('A empresa exige autenticação em dois fatores', { exact: false })
        .first()
        .waitFor();
      await shot(page, 'obrigatorio-desktop');
      await page.context().close();
    } finally {
      expect((await preferencias(admin, false)).status).toBe(200);
    }
  });
});
