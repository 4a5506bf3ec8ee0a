import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, todayISO } from '@prumo/shared/dates';
import { ADMIN, apiToken, baseURL, launchBrowser, newPage, signIn } from '../support/browser';

let browser: Browser;
let page: Page;
let token: string;
const run = Date.now().toString(36);

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Tomorrow in the company's calendar. */
function amanha(): string {
  const d = new Date(`${todayISO('America/Sao_Paulo')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

let cliente: { id: number; nome: string };
let profissional: { id: number; nome: string };
let servico: { id: number; nome: string };
const dia = amanha();

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiToken();
  const clientes = await api<Array<{ id: number; nome: string }>>('/cadastros?tipo=cliente');
  cliente = clientes.body[0]!;
  // The demo books the first employees tomorrow: the last one has the freest day.
  const funcionarios = await api<Array<{ id: number; nome: string }>>(
    '/cadastros?tipo=funcionario',
  );
  profissional = funcionarios.body.at(-1)!;
  const criado = await api<{ id: number; nome: string }>('/servicos', {
    method: 'POST',
    body: { nome: `E2E Corte ${run}`, preco: 80, duracao: 60 },
  });
  expect(criado.status).toBe(201);
  servico = criado.body;
});
afterAll(() => browser?.close());
afterEach(() => page?.context().close());

const dialogo = () => page.getByRole('dialog');
const horario = (hora: string) =>
  dialogo().getByTestId('horarios').getByRole('radio', { name: hora, exact: true });

async function escolher(label: string, busca: string, opcao: string) {
  const input = dialogo().getByRole('combobox', { name: label });
  await input.click();
  await input.fill(busca);
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

/** Fills the appointment modal up to the slots: client, service, tomorrow, professional. */
async function preencherAgendamento() {
  await page.getByRole('button', { name: 'Novo Agendamento' }).first().click();
  await dialogo().getByText('Novo Agendamento').waitFor();
  await escolher('Cliente', cliente.nome.slice(0, 6), cliente.nome);
  const servicoInput = dialogo().getByRole('combobox', { name: 'Serviço' });
  await servicoInput.click();
  await page.getByRole('option', { name: new RegExp(`^${servico.nome} — R\\$`) }).click();
  const data = dialogo().getByRole('textbox', { name: 'Data' });
  await data.fill(formatDate(dia));
  await data.press('Enter');
  await escolher('Profissional', profissional.nome.slice(0, 6), profissional.nome);
  await dialogo().getByTestId('horarios').waitFor();
}

async function livres(): Promise<string[]> {
  const resposta = await api<{ horariosDisponiveis: string[] }>(
    `/agendamentos/disponibilidade?data=${dia}&profissional=${profissional.id}&servico=${servico.id}`,
  );
  return resposta.body.horariosDisponiveis;
}

describe('appointments (Serviços tab and /agenda)', () => {
  it('books, shows in the grid and the agenda, starts, concludes, and never double books', async () => {
    const [hora] = await livres();
    expect(hora).toBeTruthy();
    page = await newPage(browser);
    await signIn(page, ADMIN.email, '/vendas?aba=servicos');
    await page.getByRole('heading', { name: 'Vendas de Serviços' }).waitFor();
    for (const titulo of ['Agendamentos Hoje', 'Em Andamento', 'Faturamento do Mês', 'Tempo Médio'])
      await page.getByTestId(`stat-${titulo}`).waitFor();

    // Book through the modal.
    await preencherAgendamento();
    await horario(hora!).click();
    await dialogo().getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Agendamento criado com sucesso!').waitFor();
    await dialogo().waitFor({ state: 'detached' });

    // In the month grid (tomorrow may be in the next month's first cells).
    const celula = page.getByTestId('agenda-mes').locator(`[data-dia="${dia}"]`);
    await celula.getByText(`${hora} ${cliente.nome}`).first().waitFor();
    await celula.click();
    await page.getByTestId('agenda-dia').getByText(servico.nome, { exact: false }).waitFor();

    // In the table: searched by the service.
    await page.getByRole('textbox', { name: 'Pesquisar agendamentos' }).fill(servico.nome);
    const linha = page
      .getByTestId('agendamentos-table')
      .getByRole('row')
      .filter({ hasText: servico.nome });
    await expect.poll(() => linha.count()).toBe(1);
    await expect.poll(() => linha.getByTestId('status-agendamento').textContent()).toBe('Agendado');

    // The taken slot is not offered to the same professional again.
    const [outra] = await livres();
    expect(outra).not.toBe(hora);
    await preencherAgendamento();
    await horario(outra!).waitFor();
    expect(await horario(hora!).count()).toBe(0);
    // Another booking takes the chosen slot meanwhile: the save is refused with 409.
    await horario(outra!).click();
    const concorrente = await api('/vendas', {
      method: 'POST',
      body: {
        tipo: 'servico',
        cliente_id: cliente.id,
        servico_id: servico.id,
        data_agendamento: dia,
        hora_inicio: outra,
        profissional_id: profissional.id,
        status: 'Agendado',
      },
    });
    expect(concorrente.status).toBe(201);
    await dialogo().getByRole('button', { name: 'Salvar' }).click();
    await dialogo().getByText('Horário indisponível').first().waitFor();
    await expect.poll(() => horario(outra!).count()).toBe(0);
    await dialogo().getByRole('button', { name: 'Cancelar' }).click();

    // Start and conclude it from the table.
    const minha = linha.filter({ hasText: `${formatDate(dia)} ${hora}` });
    await minha.getByRole('button', { name: /^Iniciar agendamento/ }).click();
    await expect
      .poll(() => minha.getByTestId('status-agendamento').textContent())
      .toBe('Em Andamento');
    await minha.getByRole('button', { name: /^Concluir agendamento/ }).click();
    await expect
      .poll(() => minha.getByTestId('status-agendamento').textContent())
      .toBe('Concluído');

    // In /agenda: tomorrow's week (the next one when today is Saturday), then the day view.
    await page.getByRole('link', { name: 'Agenda' }).click();
    await page.getByTestId('agenda-livro').waitFor();
    if (new Date(`${dia}T12:00:00Z`).getUTCDay() === 0)
      await page.getByRole('button', { name: 'Próxima semana' }).click();
    const bloco = page.getByTestId('agenda-bloco').filter({ hasText: `${hora} ${cliente.nome}` });
    await expect.poll(() => bloco.count()).toBeGreaterThan(0);
    await page.getByText('Dia', { exact: true }).click();
    await page.getByRole('button', { name: 'Próximo dia' }).click();
    const coluna = page.locator(`[data-coluna="${profissional.nome}"]`);
    const blocoDia = coluna.getByTestId('agenda-bloco').filter({ hasText: servico.nome });
    await expect.poll(() => blocoDia.count()).toBe(2);
    await blocoDia.first().click();
    await page.getByTestId('agendamento-view').getByText(servico.nome).waitFor();
  });
});
