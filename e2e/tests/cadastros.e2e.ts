import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits, formatCnpj, formatCpf } from '@prumo/shared/brasil';
import {
  ADMIN,
  baseURL,
  launchBrowser,
  MANAGER,
  NARROW,
  newPage,
  signIn,
  USER,
  WIDE,
} from '../support/browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const suffix = Date.now().toString(36).slice(-5).toUpperCase();
let sequence = 0;
function novoCpf(): string {
  const base = `${String(Date.now()).slice(-6)}${String(sequence++).padStart(3, '0')}`;
  return formatCpf(`${base}${cpfCheckDigits(base)}`);
}
function novoCnpj(): string {
  const base = `${String(Date.now()).slice(-6)}${String(sequence++).padStart(2, '0')}0001`;
  return formatCnpj(`${base}${cnpjCheckDigits(base)}`);
}

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(300, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

// ---------------------------------------------------------------------------------------------
// Helpers

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The input of a label; a required field's label ends with " *" (the asterisk mark). */
const field = (label: string) =>
  page
    .locator('input, textarea')
    .and(page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`)));

async function choose(label: string, option: string) {
  await field(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function submit(name: string) {
  await page.getByRole('button', { name, exact: true }).click();
}

/** A field's error message (Mantine links it with aria-describedby). */
async function errorOf(label: string): Promise<string | null> {
  const input = field(label);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    const element = page.locator(`[id="${id}"]`);
    if ((await element.count()) > 0 && (await element.getAttribute('class'))?.includes('error')) {
      return element.textContent();
    }
  }
  return null;
}

async function notification(text: string) {
  await page.locator('.mantine-Notification-root').getByText(text, { exact: true }).waitFor();
}

const table = () => page.getByTestId('cadastros-table');
const rowNames = () => table().getByTestId('cadastro-nome').allTextContents();

async function search(term: string) {
  await page.getByPlaceholder('Pesquisar cadastros...').fill(term);
}

/** GET /api/cadastros/{id} with the page's own session, to check what was stored. */
function apiGet(path: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, `/api${path}`);
}

function idFromUrl(): number {
  return Number(/\/(\d+)$/.exec(page.url())![1]);
}

async function deleteFromList(name: string) {
  await search(name);
  await page.getByRole('button', { name: `Excluir ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByText(`Tem certeza que deseja excluir o cadastro de "${name}"?`, { exact: true })
    .waitFor();
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await notification('Cadastro excluído com sucesso!');
  await page.getByText('Nenhum cadastro encontrado', { exact: true }).waitFor();
}

// ---------------------------------------------------------------------------------------------

describe('registry list', () => {
  it('shows the tabs, columns and per-tab add button, and reloads on tab change', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    for (const tab of ['Clientes', 'Fornecedores', 'Funcionários', 'Transportadoras']) {
      await page.getByRole('tab', { name: tab }).waitFor();
    }
    expect(await page.getByRole('tab', { name: 'Clientes' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    for (const column of ['Nome', 'Email', 'Telefone', 'Ações']) {
      await table().getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    const targets = [
      ['Clientes', 'Adicionar Cliente', '/cadastros/adicionar-cliente'],
      ['Fornecedores', 'Adicionar Fornecedor', '/cadastros/adicionar-fornecedor'],
      ['Funcionários', 'Adicionar Funcionário', '/cadastros/adicionar-funcionario'],
      ['Transportadoras', 'Adicionar Transportadora', '/cadastros/adicionar-transportadora'],
    ] as const;
    for (const [tab, label, target] of targets) {
      const tipo = target.replace('/cadastros/adicionar-', '');
      if (tipo !== 'cliente') {
        const reload = page.waitForRequest((request) =>
          request.url().includes(`/api/cadastros?tipo=${tipo}&`),
        );
        await page.getByRole('tab', { name: tab }).click();
        await reload;
      }
      const link = page.getByRole('link', { name: label, exact: true });
      expect(await link.getAttribute('href')).toBe(target);
    }
    // Rows go to the edit screen of their kind.
    const edit = page.getByRole('link', { name: 'Editar Expresso Sul Cargas' });
    expect(await edit.getAttribute('href')).toMatch(/^\/cadastros\/editar-transportadora\/\d+$/);
  });

  it('searches nome and email locally, ignoring case and accents, with an empty state', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    await table().waitFor();
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/cadastros')) requests++;
    });
    await search('OTICA');
    await expect.poll(rowNames).toEqual(['Ótica Visão Clara ME']);
    await search('@bompreco');
    await expect.poll(rowNames).toEqual(['Supermercado Bom Preço Ltda']);
    await search('pao quente');
    await expect.poll(rowNames).toEqual(['Padaria Pão Quente Ltda']);
    await search('zzz inexistente');
    const empty = page.getByTestId('empty-state');
    await empty.getByText('Nenhum cadastro encontrado', { exact: true }).waitFor();
    await empty.getByText(/Nada encontrado para "zzz inexistente"/).waitFor();
    await empty.getByRole('link', { name: 'Adicionar Cliente' }).waitFor();
    expect(requests).toBe(0);
  });

  it('shows "Carregando cadastros..." while the list loads', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/dashboard');
    await page.route('**/api/cadastros?tipo=fornecedor&*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`${baseURL()}/cadastros?tipo=fornecedor`);
    await page.getByText('Carregando cadastros...', { exact: true }).waitFor();
    await table().getByText('Embalagens Rio Grande Ltda').waitFor();
  });

  it('says when a delete fails and keeps the row', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    await page.route('**/api/cadastros/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":"INTERNAL_ERROR","message":"x"}',
          })
        : route.continue(),
    );
    await search('John Smith');
    await page.getByRole('button', { name: 'Excluir John Smith' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tem certeza que deseja excluir o cadastro de "John Smith"?').waitFor();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await notification('Erro ao excluir cadastro. Tente novamente.');
    expect(await rowNames()).toEqual(['John Smith']);
    // Cancelling removes nothing either.
    await page.getByRole('button', { name: 'Excluir John Smith' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    expect(await rowNames()).toEqual(['John Smith']);
  });

  it('lets a user see employees but not add, edit or delete them', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, USER.email, '/cadastros?tipo=funcionario');
    await table().getByText('Ricardo Almeida Santos').waitFor();
    expect(await page.getByRole('link', { name: 'Adicionar Funcionário' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Editar / }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Clientes' }).click();
    await page.getByRole('link', { name: 'Adicionar Cliente' }).waitFor();
  });
});

describe('customer', () => {
  it('is created with every section, found, edited and deleted through the screens', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    await page.getByRole('link', { name: 'Adicionar Cliente' }).click();
    await page.waitForURL('**/cadastros/adicionar-cliente');
    await page.getByRole('heading', { name: 'Adicionar Cliente' }).waitFor();
    for (const section of [
      'Dados Gerais',
      'Endereços',
      'Contatos',
      'Financeiro',
      'Foto',
      'Anexos',
      'Observações',
    ]) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }

    await submit('Salvar Cliente');
    expect(await errorOf('Tipo de Cliente')).toBe('Selecione o tipo de cliente');
    expect(await errorOf('Nome')).toBe('Nome é obrigatório');

    const nome = `Ágata Müller ${suffix}`;
    const cpf = novoCpf();
    await choose('Tipo de Cliente', 'Pessoa Física');
    await field('Nome').fill(nome);
    await field('CPF').fill(cpf.replace(/\D/g, ''));
    expect(await field('CPF').inputValue()).toBe(cpf);
    await field('E-mail').fill(`agata.${suffix.toLowerCase()}@email.com.br`);
    await field('Telefone Celular').fill('11987654321');
    expect(await field('Telefone Celular').inputValue()).toBe('(11) 98765-4321');
    await field('Telefone Comercial').fill('1132221000');
    expect(await field('Telefone Comercial').inputValue()).toBe('(11) 3222-1000');
    await field('Site').fill('www.agata.com.br');
    await choose('Vendedor Responsável', 'Ricardo Almeida Santos');
    await choose('Tipo de Endereço', 'Entrega');
    await field('CEP').fill('13015100');
    expect(await field('CEP').inputValue()).toBe('13015-100');
    await field('Logradouro').fill('Rua Barão de Jaguara');
    await field('Número').fill('900');
    await field('Bairro').fill('Centro');
    // The município comes from IBGE's table, searched without accents.
    await field('Município').fill('campinas');
    await page.getByRole('option', { name: 'Campinas/SP', exact: true }).click();
    expect(await field('Município').inputValue()).toBe('Campinas/SP');
    await field('Limite de Crédito').fill('1234,56');
    await field('Permitir ultrapassar o limite de crédito').check();
    await field('Observações').fill('Prefere contato pelo celular.');
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    await field('Nome do contato').fill('Rita Müller');
    await field('E-mail do contato').fill('rita@email.com.br');
    await field('Telefone do contato').fill('11955554444');
    await field('Cargo').fill('Esposa');
    // A real JPEG (a screenshot), so the edit screen can show it.
    const photo = await page.screenshot({
      type: 'jpeg',
      clip: { x: 0, y: 0, width: 48, height: 48 },
    });
    await page
      .locator('input[name="foto"]')
      .setInputFiles({ name: 'agata.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page
      .getByTestId('foto-nome')
      .getByText(/agata\.jpg/)
      .waitFor();
    await page.locator('input[name="anexos"]').setInputFiles([
      { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: PDF },
      { name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    expect(await page.getByTestId('anexo-novo').count()).toBe(2);

    await submit('Salvar Cliente');
    await notification('Cliente cadastrado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/cadastros');

    await search(`agata muller ${suffix.toLowerCase()}`);
    await expect.poll(rowNames).toEqual([nome]);
    await page.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.waitForURL('**/cadastros/editar-cliente/*');
    await page.getByRole('heading', { name: 'Editar Cliente' }).waitFor();
    expect(await field('Nome').inputValue()).toBe(nome);
    expect(await field('CPF').inputValue()).toBe(cpf);
    expect(await field('Município').inputValue()).toBe('Campinas/SP');
    expect(await field('Limite de Crédito').inputValue()).toBe('R$ 1.234,56');
    expect(await field('Permitir ultrapassar o limite de crédito').isChecked()).toBe(true);
    expect(await field('Vendedor Responsável').inputValue()).toBe('Ricardo Almeida Santos');
    expect(await field('Nome do contato').inputValue()).toBe('Rita Müller');
    expect(await page.getByTestId('anexo').count()).toBe(2);
    await page
      .getByTestId('foto-nome')
      .getByText(/agata\.jpg/)
      .waitFor();
    // The stored photo is loaded with the session's token and shown.
    await expect
      .poll(() =>
        page
          .getByTestId('foto-preview')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth)
          .catch(() => 0),
      )
      .toBe(48);

    const id = idFromUrl();
    const stored = await apiGet(`/cadastros/${id}`);
    expect(stored.body).toMatchObject({
      tipo: 'cliente',
      tipo_cliente: 'pessoa-fisica',
      nome,
      cpf: cpf.replace(/\D/g, ''),
      telefone: '(11) 3222-1000',
      celular: '(11) 98765-4321',
      site: 'https://www.agata.com.br',
      vendedor_responsavel: 'Ricardo Almeida Santos',
      endereco_tipo: 'entrega',
      cep: '13015100',
      logradouro: 'Rua Barão de Jaguara',
      numero: '900',
      bairro: 'Centro',
      cidade: 'Campinas',
      uf: 'SP',
      limite_credito: 1234.56,
      permitir_ultrapassar_limite: true,
      observacoes: 'Prefere contato pelo celular.',
      contatos: [
        {
          nome: 'Rita Müller',
          email: 'rita@email.com.br',
          telefone: '(11) 95555-4444',
          cargo: 'Esposa',
        },
      ],
    });
    expect((stored.body.foto as { nome: string }).nome).toBe('agata.jpg');

    // Edit: new name, drop one attachment and the photo.
    await field('Nome').fill(`${nome} Souza`);
    await page.getByRole('button', { name: 'Remover contrato.pdf' }).click();
    await page.getByRole('button', { name: 'Remover foto' }).click();
    await submit('Atualizar Cliente');
    await notification('Cliente atualizado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/cadastros');
    const updated = await apiGet(`/cadastros/${id}`);
    expect(updated.body.nome).toBe(`${nome} Souza`);
    expect(updated.body.foto).toBeNull();
    expect((updated.body.anexos as Array<{ nome: string }>).map((anexo) => anexo.nome)).toEqual([
      'comprovante.pdf',
    ]);
    expect(updated.body.cpf).toBe(cpf.replace(/\D/g, ''));

    await deleteFromList(`${nome} Souza`);
    expect((await apiGet(`/cadastros/${id}`)).status).toBe(404);
  });

  it('shows the loading text, says when a record cannot be loaded or saved', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    await search('Maria Aparecida');
    const href = await page
      .getByRole('link', { name: 'Editar Maria Aparecida da Silva' })
      .getAttribute('href');
    await page.route('**/api/cadastros/*', async (route) => {
      if (route.request().method() === 'GET')
        await new Promise((resolve) => setTimeout(resolve, 800));
      if (route.request().method() === 'PUT') {
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"INTERNAL_ERROR","message":"x"}',
        });
      }
      return route.continue();
    });
    await page.goto(`${baseURL()}${href}`);
    await page.getByText('Carregando dados do cliente...', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Editar Cliente' }).waitFor();
    await submit('Atualizar Cliente');
    await notification('Erro ao atualizar cliente. Tente novamente.');
    // A failure keeps the form.
    expect(page.url()).toContain(href!);

    await page.goto(`${baseURL()}/cadastros/editar-cliente/999999`);
    await notification('Erro ao carregar dados do cliente.');
    await page.waitForURL((url) => url.pathname === '/cadastros');
  });
});

describe('photo and attachment checks', () => {
  it('refuses big files in the browser and shows the server check of the photo content', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros/adicionar-cliente');
    await page.getByRole('heading', { name: 'Adicionar Cliente' }).waitFor();
    const big = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]);
    await page
      .locator('input[name="anexos"]')
      .setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: big });
    await page
      .getByTestId('anexos-erro')
      .getByText('Excede o limite de 5MB: grande.pdf.')
      .waitFor();
    expect(await page.getByTestId('anexo-novo').count()).toBe(0);
    await page
      .locator('input[name="foto"]')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: JPEG });
    await page.getByTestId('foto-erro').getByText('"foto.png" não é JPG, JPEG ou GIF.').waitFor();

    // Named and typed as a JPEG but not one: the server reads the content and says so.
    await choose('Tipo de Cliente', 'Pessoa Jurídica');
    await field('Nome').fill(`Foto Falsa ${suffix}`);
    await page
      .locator('input[name="foto"]')
      .setInputFiles({ name: 'falsa.jpg', mimeType: 'image/jpeg', buffer: PDF });
    await submit('Salvar Cliente');
    await notification(
      'Erro ao salvar cliente. Tente novamente. Foto: o arquivo "falsa.jpg" não é de um tipo aceito (JPG/JPEG, GIF).',
    );
    await page.getByTestId('foto-erro').getByText('Tipos aceitos: JPG/JPEG, GIF').waitFor();
    expect(page.url()).toContain('/cadastros/adicionar-cliente');
  });
});

describe('supplier', () => {
  it('is created with an alphanumeric CNPJ, found, edited and deleted', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros');
    await page.getByRole('tab', { name: 'Fornecedores' }).click();
    await page.getByRole('link', { name: 'Adicionar Fornecedor' }).click();
    await page.waitForURL('**/cadastros/adicionar-fornecedor');
    for (const section of ['Dados Gerais', 'Endereços', 'Contatos', 'Anexos', 'Observações']) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    expect(await page.getByRole('heading', { name: 'Foto', exact: true }).count()).toBe(0);

    const nome = `Laticínios Serra Azul ${suffix}`;
    await choose('Tipo de Fornecedor', 'Pessoa Jurídica');
    await field('Nome').fill(nome);
    await field('CNPJ').fill('12abc34501de36');
    expect(await field('CNPJ').inputValue()).toBe('12.ABC.345/01DE-36');
    await field('Inscrição Estadual').fill('isento');
    await field('E-mail').fill('vendas@serraazul.com.br');
    await field('Telefone').fill('3532221111');
    await field('Município').fill('pocos de caldas');
    await page.getByRole('option', { name: 'Poços de Caldas/MG', exact: true }).click();
    await submit('Salvar Fornecedor');
    expect(await errorOf('CNPJ')).toBe('CNPJ inválido');
    await field('CNPJ').fill('12ABC34501DE35');
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    await field('Nome do contato').fill('Otávio Serra');
    await submit('Salvar Fornecedor');
    await notification('Fornecedor cadastrado com sucesso!');
    await page.waitForURL(
      (url) => url.pathname === '/cadastros' && url.search === '?tipo=fornecedor',
    );

    await search('laticinios serra');
    await expect.poll(rowNames).toEqual([nome]);
    await page.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.getByRole('heading', { name: 'Editar Fornecedor' }).waitFor();
    expect(await field('CNPJ').inputValue()).toBe('12.ABC.345/01DE-35');
    expect(await field('Inscrição Estadual').inputValue()).toBe('ISENTO');
    expect(await field('Município').inputValue()).toBe('Poços de Caldas/MG');
    expect(await field('Nome do contato').inputValue()).toBe('Otávio Serra');
    await field('Nome').fill(`${nome} Ltda`);
    await submit('Atualizar Fornecedor');
    await notification('Fornecedor atualizado com sucesso!');
    await deleteFromList(`${nome} Ltda`);
  });
});

describe('carrier', () => {
  it('requires the add form fields, then is created, edited and deleted', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/cadastros/adicionar-transportadora');
    await page.getByRole('heading', { name: 'Adicionar Transportadora' }).waitFor();
    const crumbs = page
      .getByRole('navigation', { name: /breadcrumb/i })
      .or(page.locator('.mantine-Breadcrumbs-root'));
    expect(await crumbs.getByRole('link', { name: 'Início' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await crumbs.getByRole('link', { name: 'Cadastros' }).getAttribute('href')).toBe(
      '/cadastros?tipo=transportadora',
    );
    for (const section of ['Dados Gerais', 'Endereço', 'Contatos', 'Anexos', 'Observações']) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }

    await submit('Salvar Transportadora');
    const required: Record<string, string> = {
      Tipo: 'Selecione o tipo de transportadora',
      'Nome Fantasia': 'Nome fantasia é obrigatório',
      'Razão Social': 'Razão social é obrigatória',
      CNPJ: 'CNPJ é obrigatório',
      'E-mail': 'E-mail é obrigatório',
      CEP: 'CEP é obrigatório',
      Logradouro: 'Logradouro é obrigatório',
      Número: 'Número é obrigatório',
      Bairro: 'Bairro é obrigatório',
      Cidade: 'Cidade é obrigatória',
      UF: 'UF é obrigatória',
    };
    for (const [label, message] of Object.entries(required)) {
      expect(await errorOf(label), label).toBe(message);
    }

    const nome = `Veloz Entregas ${suffix}`;
    const cnpj = novoCnpj();
    await choose('Tipo', 'Entrega Própria');
    await field('Nome Fantasia').fill(nome);
    await field('Razão Social').fill(`Veloz Entregas Rápidas Ltda ${suffix}`);
    await field('CNPJ').fill(cnpj);
    await field('E-mail').fill('ola@veloz');
    await field('CEP').fill('0131010');
    await field('Logradouro').fill('Avenida Paulista');
    await field('Número').fill('1578');
    await field('Bairro').fill('Bela Vista');
    await field('Cidade').fill('São Paulo');
    await field('UF').fill('São');
    await page.getByRole('option', { name: 'SP — São Paulo' }).click();
    await submit('Salvar Transportadora');
    expect(await errorOf('E-mail')).toBe('E-mail inválido');
    expect(await errorOf('CEP')).toBe('CEP deve ter 8 dígitos');
    await field('E-mail').fill('ola@veloz.com.br');
    await field('CEP').fill('01310100');
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    await field('Nome do contato').fill('Célia Andrade');
    await field('Cargo').fill('Coordenadora de coletas');
    await submit('Salvar Transportadora');
    await notification('Transportadora cadastrada com sucesso!');

    await search(`veloz entregas ${suffix}`);
    await expect.poll(rowNames).toEqual([nome]);
    await page.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.getByRole('heading', { name: 'Editar Transportadora' }).waitFor();
    expect(await field('Razão Social').inputValue()).toBe(`Veloz Entregas Rápidas Ltda ${suffix}`);
    expect(await field('CNPJ').inputValue()).toBe(cnpj);
    expect(await field('UF').inputValue()).toBe('SP — São Paulo');
    expect(await field('Cargo').inputValue()).toBe('Coordenadora de coletas');
    // Edit forms require only the nome fantasia.
    await field('Razão Social').fill('');
    await field('Nome Fantasia').fill(`${nome} Express`);
    await submit('Atualizar Transportadora');
    await notification('Transportadora atualizada com sucesso!');
    await deleteFromList(`${nome} Express`);
  });
});

describe('employee', () => {
  it('is created by a manager, a duplicate CPF is answered next to the field, edited and deleted', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, MANAGER.email, '/cadastros?tipo=funcionario');
    await page.getByRole('link', { name: 'Adicionar Funcionário' }).click();
    await page.waitForURL('**/cadastros/adicionar-funcionario');
    for (const section of [
      'Dados Gerais',
      'Foto',
      'Contatos',
      'Endereço',
      'Anexos',
      'Observações',
    ]) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    const situacao = field('Situação');
    await situacao.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Ativo', 'Inativo']);
    await page.keyboard.press('Escape');

    const cpf = novoCpf();
    async function fill(nome: string) {
      await field('Nome').fill(nome);
      await field('CPF').fill(cpf);
      await field('RG').fill('45.678.901-2');
      await field('Data de Nascimento').fill('15/03/1991');
      await page.keyboard.press('Escape');
      await choose('Sexo', 'Feminino');
      await field('E-mail').fill(`func.${suffix.toLowerCase()}@empresa.com.br`);
      await field('Comissão (%)').fill('3,75');
      await field('Cidade').fill('Santo André');
    }
    const nome = `Helena Brandão ${suffix}`;
    await fill(nome);
    await submit('Salvar Funcionário');
    await notification('Funcionário cadastrado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/cadastros');

    // The same CPF again: the server's 409 shows next to the CPF field.
    await page.getByRole('link', { name: 'Adicionar Funcionário' }).click();
    await fill(`${nome} Segunda`);
    await submit('Salvar Funcionário');
    await notification(
      'Erro ao salvar funcionário. Tente novamente. Já existe um funcionário com este CPF.',
    );
    expect(await errorOf('CPF')).toBe('Já existe um funcionário com este CPF.');
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await search(`helena brandao ${suffix.toLowerCase()}`);
    await expect.poll(rowNames).toEqual([nome]);
    await page.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.getByRole('heading', { name: 'Editar Funcionário' }).waitFor();
    expect(await field('CPF').inputValue()).toBe(cpf);
    expect(await field('Data de Nascimento').inputValue()).toBe('15/03/1991');
    expect(await field('Comissão (%)').inputValue()).toBe('3,75 %');
    await choose('Situação', 'Férias');
    await submit('Atualizar Funcionário');
    await notification('Funcionário atualizado com sucesso!');
    await page.waitForURL((url) => url.pathname === '/cadastros');
    await search(nome);
    await page.getByRole('link', { name: `Editar ${nome}` }).click();
    await page.getByRole('heading', { name: 'Editar Funcionário' }).waitFor();
    const id = idFromUrl();
    expect((await apiGet(`/cadastros/${id}`)).body).toMatchObject({
      situacao: 'ferias',
      comissao: 3.75,
      data_nascimento: '1991-03-15',
      sexo: 'feminino',
      rg: '45.678.901-2',
    });
    await page
      .locator('.mantine-Breadcrumbs-root')
      .getByRole('link', { name: 'Cadastros' })
      .click();
    await page.getByRole('tab', { name: 'Funcionários', selected: true }).waitFor();
    await deleteFromList(nome);
  });

  it('is out of reach of a user on the add and edit routes', async () => {
    page = await newPage(browser, WIDE);
    await signIn(page, USER.email, '/cadastros/adicionar-funcionario');
    await page.getByRole('heading', { name: 'Acesso Negado' }).waitFor();
  });
});

describe('narrow window', () => {
  it('keeps the list and the forms usable at 390 px', async () => {
    page = await newPage(browser, NARROW);
    await signIn(page, ADMIN.email, '/cadastros');
    await page
      .getByRole('button', { name: 'Fechar menu' })
      .click()
      .catch(() => undefined);
    await table().waitFor();
    await search('maria');
    await expect.poll(rowNames).toEqual(['Maria Aparecida da Silva']);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.goto(`${baseURL()}/cadastros/adicionar-cliente`);
    await page.getByRole('heading', { name: 'Adicionar Cliente' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const save = await page.getByRole('button', { name: 'Salvar Cliente' }).boundingBox();
    expect(save!.x + save!.width).toBeLessThanOrEqual(390);
  });
});
