import { execFileSync } from 'node:child_process';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@prumo/shared/money';
import {
  formatNumeroOs,
  OS_MESSAGES,
  type OrdemServico,
  type PainelOS,
} from '@prumo/shared/ordens-servico';
import {
  ADMIN,
  baseURL,
  DEMO_PASSWORD,
  launchBrowser,
  NARROW,
  newPage,
  signIn,
  WIDE,
} from '../support/browser';
import { aguardar } from '../support/api';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36);

/** The demo catalogue's coffee (produtos.demo.ts) and diagnosis (servicos.demo.ts). */
const CAFE = { nome: 'Café Torrado e Moído 500g', termo: 'cafe torrado', preco: 21.9 };
const DIAGNOSTICO = { nome: 'Diagnóstico técnico', termo: 'diagnos', preco: 60 };
const TECNICO = 'Juliana Costa Lima';

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...init.headers,
    },
  });
  expect(response.ok, `${init.method ?? 'GET'} ${path}: ${response.status}`).toBe(true);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

async function produtoPorNome(nome: string): Promise<{ id: number; estoque: number }> {
  const achados = await api<Array<{ id: number; nome: string; estoque: number }>>(
    `/produtos/search?q=${encodeURIComponent(nome)}`,
  );
  const produto = achados.find((item) => item.nome === nome);
  expect(produto, nome).toBeDefined();
  return produto!;
}

const painel = () => api<PainelOS>('/ordens-servico/painel');

beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: DEMO_PASSWORD }),
  });
  token = ((await response.json()) as { token: string }).token;
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

/** Types in a server-searched select and picks the option. */
async function escolher(input: Locator, texto: string, opcao: string | RegExp): Promise<void> {
  await input.click();
  await input.fill(texto);
  await page.getByRole('option', { name: opcao }).first().click();
}

/**
 * Closes the notifications: they stack over the top right of the screen (the header's Imprimir,
 * the situação buttons), and the pointer resting on one keeps it open.
 */
async function fecharAvisos(): Promise<void> {
  const fechar = page.locator('.mantine-Notification-root').getByRole('button');
  // One may close by itself meanwhile: a missed click is tried again on what is left.
  while ((await fechar.count()) > 0) {
    await fechar
      .first()
      .click({ force: true, timeout: 1000 })
      .catch(() => undefined);
  }
}

/** The count a panel card shows. */
async function contagem(card: string): Promise<number> {
  const texto = await page.getByTestId(`painel-${card}`).getByTestId('painel-total').innerText();
  return Number(texto.replace(/\D/g, ''));
}

const form = () => page.getByTestId('os-form');
const situacao = () => page.getByTestId('situacao-acoes').getByTestId('situacao-os');

describe('Ordens de serviço', () => {
  it('opens an order with a part and a service, works and concludes it: stock, panel and PDF follow', async () => {
    const cafe = await produtoPorNome(CAFE.nome);
    const antes = await painel();
    const equipamento = `Notebook E2E ${run}`;

    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, '/servicos/painel-os');
    await page.getByRole('heading', { name: OS_MESSAGES.tituloPainel }).waitFor();
    await aguardar(() => contagem('em-aberto')).toBe(antes.situacoes['em-aberto']);
    expect(await contagem('muito-urgente')).toBe(antes.prioridades['muito-urgente']);

    // A new order from the hub's button.
    await page.getByRole('link', { name: 'Nova O.S.' }).click();
    await page.getByRole('heading', { name: OS_MESSAGES.adicionar }).waitFor();
    await escolher(form().getByLabel(/^Cliente/), 'maria apare', 'Maria Aparecida da Silva');
    await escolher(form().getByLabel(/^Técnico/), 'juliana', TECNICO);
    await form().getByLabel('Prioridade').click();
    await page.getByRole('option', { name: 'Muito urgente' }).click();
    await form().locator('input[name="equipamento"]').fill(equipamento);
    await form().locator('textarea[name="defeitos"]').fill('Não liga; cheiro de queimado.');

    // A part (two units) and a service, priced from the catalogues.
    await form().getByTestId('os-produto-busca').fill(CAFE.termo);
    await page
      .getByTestId('sugestoes-produtos')
      .getByRole('option', { name: new RegExp(CAFE.nome) })
      .click();
    const linhaProduto = form().getByTestId('linha-produtos');
    await aguardar(() => linhaProduto.getByLabel('Valor').inputValue()).toBe('R$ 21,90');
    await linhaProduto.getByLabel('Quantidade').fill('2');
    await escolher(
      form().getByTestId('os-servico-busca'),
      DIAGNOSTICO.termo,
      new RegExp(DIAGNOSTICO.nome),
    );
    await aguardar(() =>
      form().getByTestId('linha-servicos').getByTestId('linha-nome').innerText(),
    ).toBe(DIAGNOSTICO.nome);

    // Live totals, as the server will compute them.
    const total = 2 * CAFE.preco + DIAGNOSTICO.preco;
    await aguardar(() => form().getByTestId('total-pecas').inputValue()).toBe(formatMoney(43.8));
    expect(await form().getByTestId('total-mao-de-obra').inputValue()).toBe(formatMoney(60));
    expect(await form().getByTestId('total-os').inputValue()).toBe(formatMoney(total));

    await form().getByRole('button', { name: OS_MESSAGES.salvar }).click();
    await page.getByText(OS_MESSAGES.criada).waitFor();
    await page.waitForURL('**/ordem-servicos');

    // The list finds it by its equipment; the server kept every line and the total.
    await page.getByLabel('Pesquisar ordens de serviço').fill(equipamento);
    const linha = page
      .getByTestId('ordens-servico-table')
      .getByRole('row')
      .filter({ hasText: equipamento });
    await linha.waitFor();
    // Only it (and the header row) once the search is answered.
    await aguardar(() => page.getByTestId('ordens-servico-table').getByRole('row').count()).toBe(2);
    const numero = Number(await linha.getAttribute('data-os-numero'));
    const [resumo] = await api<Array<{ id: number }>>(
      `/ordens-servico?q=${encodeURIComponent(equipamento)}`,
    );
    const salva = await api<OrdemServico>(`/ordens-servico/${resumo!.id}`);
    expect(salva).toMatchObject({
      numero,
      situacao: 'em-aberto',
      prioridade: 'muito-urgente',
      cliente_nome: 'Maria Aparecida da Silva',
      tecnico_nome: TECNICO,
      pecas: 43.8,
      mao_de_obra: 60,
      valor_total: total,
    });
    expect(await linha.getByTestId('situacao-os').filter({ visible: true }).innerText()).toMatch(
      /em aberto/i,
    );
    expect(await linha.innerText()).toContain('103,80');

    // The panel counts it in the queue.
    await page.getByRole('tab', { name: OS_MESSAGES.painel }).click();
    await page.waitForURL('**/servicos/painel-os');
    await aguardar(() => contagem('em-aberto')).toBe(antes.situacoes['em-aberto'] + 1);
    expect(await contagem('muito-urgente')).toBe(antes.prioridades['muito-urgente'] + 1);
    expect(await contagem('sem-prazo')).toBe(antes.prazos['sem-prazo'] + 1);

    // "Mais informações" of Muito urgente lands on the list filtered to it.
    await page.getByRole('link', { name: `${OS_MESSAGES.maisInformacoes}: Muito urgente` }).click();
    await page.waitForURL(/\/ordem-servicos\?situacao=abertas&prioridade=muito-urgente$/);
    await linha.waitFor();
    expect(await page.getByTestId('filtros-ativos').innerText()).toBe('2');

    // Worked and concluded from its edit screen.
    await linha.getByRole('link', { name: `Editar O.S. ${formatNumeroOs(numero)}` }).click();
    await page.getByRole('heading', { name: OS_MESSAGES.editar }).waitFor();
    expect(await form().getByTestId('os-numero').inputValue()).toBe(formatNumeroOs(numero));
    await fecharAvisos();
    await page.getByRole('button', { name: 'Iniciar' }).click();
    await aguardar(() => situacao().innerText()).toMatch(/em andamento/i);
    await fecharAvisos();
    await page.getByRole('button', { name: 'Concluir' }).click();
    await aguardar(() => situacao().innerText()).toMatch(/concluída/i);
    await page.getByText(OS_MESSAGES.naoEditavel).waitFor();
    expect(await form().getByRole('button', { name: OS_MESSAGES.salvar }).count()).toBe(0);
    const historico = await page.getByTestId('historico-os').innerText();
    expect(historico).toMatch(/Concluída[\s\S]*Em andamento[\s\S]*Em aberto/);

    // The two units left stock, once.
    expect((await produtoPorNome(CAFE.nome)).estoque).toBe(cafe.estoque - 2);

    // Printed: the A4 order holds its number and its total.
    await fecharAvisos();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('os-imprimir').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`os-${formatNumeroOs(numero)}.pdf`);
    const texto = execFileSync('pdftotext', ['-layout', await download.path(), '-'], {
      encoding: 'utf8',
    });
    expect(texto).toContain(formatNumeroOs(numero));
    expect(texto).toContain('103,80');

    // Out of the queue, into the technician's revenue.
    await page.goto(`${baseURL()}/servicos/painel-os`);
    await aguardar(() => contagem('em-aberto')).toBe(antes.situacoes['em-aberto']);
    expect(await contagem('muito-urgente')).toBe(antes.prioridades['muito-urgente']);
    const faturamento = page
      .getByTestId('faturamento-tabela')
      .getByRole('row')
      .filter({ hasText: TECNICO });
    const anterior = antes.faturamento_por_tecnico.find((t) => t.tecnico_nome === TECNICO);
    const [, ordens, valor] = (await faturamento.innerText()).split('\t');
    expect(Number(ordens)).toBe((anterior?.ordens ?? 0) + 1);
    expect(valor).toContain(((anterior?.total ?? 0) + total).toFixed(2).replace('.', ','));
  });

  it('deletes an order still open after asking, and shows the list on a phone', async () => {
    const [cliente] = await api<Array<{ id: number }>>('/cadastros?tipo=cliente&q=john&limit=1');
    const equipamento = `Impressora E2E ${run}`;
    const criada = await api<OrdemServico>('/ordens-servico', {
      method: 'POST',
      body: JSON.stringify({ cliente_id: cliente!.id, equipamento, prazo: '2020-01-02' }),
    });

    page = await newPage(browser, NARROW);
    await signIn(page, ADMIN.email, '/ordem-servicos?situacao=abertas&prazo=vencidas');
    const linha = page
      .getByTestId('ordens-servico-table')
      .getByRole('row')
      .filter({ hasText: equipamento });
    await linha.waitFor();
    if (await page.getByTestId('sidebar-overlay').isVisible()) {
      await page.getByRole('button', { name: 'Fechar menu' }).click();
    }
    // Overdue (the deadline passed with the order open) in red, and no row wider than the phone.
    const prazo = linha.getByTestId('prazo-os').filter({ visible: true });
    expect(await prazo.innerText()).toBe('Prazo 02/01/2020');
    expect(await prazo.getAttribute('data-vencida')).toBe('true');
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(NARROW.width);

    await linha
      .getByRole('button', { name: `Excluir O.S. ${formatNumeroOs(criada.numero)}` })
      .click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByText(OS_MESSAGES.confirmarExclusao).waitFor();
    await dialogo.getByRole('button', { name: 'Excluir' }).click();
    await page.getByText(OS_MESSAGES.excluida).waitFor();
    await linha.waitFor({ state: 'detached' });
    const restantes = await api<unknown[]>(`/ordens-servico?q=${encodeURIComponent(equipamento)}`);
    expect(restantes).toEqual([]);
  });

  it('refuses to conclude without the parts in stock, naming the product, and takes nothing', async () => {
    const nome = `Peça E2E ${run}`;
    const produto = await api<{ id: number }>('/produtos', {
      method: 'POST',
      body: JSON.stringify({ nome, preco: 35, estoque: 1 }),
    });
    const [cliente] = await api<Array<{ id: number }>>('/cadastros?tipo=cliente&q=john&limit=1');
    const ordem = await api<OrdemServico>('/ordens-servico', {
      method: 'POST',
      body: JSON.stringify({
        cliente_id: cliente!.id,
        equipamento: `Tablet E2E ${run}`,
        produtos: [{ produto_id: produto.id, quantidade: 2 }],
      }),
    });
    await api(`/ordens-servico/${ordem.id}/status`, {
      method: 'PATCH',
      body: JSON.stringify({ situacao: 'em-andamento' }),
    });

    page = await newPage(browser, WIDE);
    await signIn(page, ADMIN.email, `/servicos/editar-os/${ordem.id}`);
    await aguardar(() => situacao().innerText()).toMatch(/em andamento/i);
    await page.getByRole('button', { name: 'Concluir' }).click();
    const aviso = page.locator('.mantine-Notification-root').filter({ hasText: nome });
    await aviso.waitFor();
    expect(await aviso.innerText()).toMatch(/disponível 1.*solicitado 2/);
    expect(await situacao().innerText()).toMatch(/em andamento/i);
    expect((await api<{ estoque: number }>(`/produtos/${produto.id}`)).estoque).toBe(1);
  });
});
