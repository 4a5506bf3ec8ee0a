import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AFaturar, ContratoResumo } from '@prumo/shared/contratos';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { renderScreen, withWideScreen } from '../../test/render';
import { resumoContrato } from './contratos.fixtures';
import { feature } from './feature';
import ContratosPage from './pages/ContratosPage';

withMockedApi();
withWideScreen();

/** Money as the screen reads after whitespace is normalized ("R$ 300,00" with a plain space). */
const reais = (valor: number) => formatMoney(valor).replace(/\s/g, ' ');

const NUNCA_EXECUTADO = { executado_em: null, resultado: null, erro: null, proximo_em: null };

const aFaturar = (numero: number, valor: number): AFaturar => ({
  contrato_id: numero,
  numero,
  cliente_nome: `Cliente ${numero}`,
  periodo_inicio: '2026-11-10',
  periodo_fim: '2026-12-09',
  vencimento: '2026-11-16',
  valor,
});

/** 25 contracts, answered a page at a time as the server does (limit, offset, X-Total-Count). */
function stubLista(fila: AFaturar[] = [], automatico: object = NUNCA_EXECUTADO) {
  const todos = Array.from({ length: 25 }, (_, i) => resumoContrato(i + 1));
  let pendentes = fila;
  const chamadas = mockApi(({ url, method }) => {
    if (url === '/api/contratos/a-faturar') return json(pendentes);
    if (url === '/api/contratos/faturamento-automatico') return json(automatico);
    if (url === '/api/contratos/faturar' && method === 'POST') {
      const valor = pendentes.reduce((soma, item) => soma + item.valor, 0);
      const resultado = { faturas: pendentes.length, valor, reajustes: 0 };
      pendentes = [];
      return json(resultado);
    }
    if (url.startsWith('/api/contratos?')) {
      const params = new URL(url, 'http://x').searchParams;
      const q = params.get('q') ?? '';
      const filtrados = todos.filter((c: ContratoResumo) => c.cliente_nome.includes(q));
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      return json(filtrados.slice(offset, offset + limit), 200, {
        'x-total-count': String(filtrados.length),
      });
    }
  });
  return chamadas;
}

const renderLista = (user?: { nome: string; email: string; role: string }) =>
  renderScreen(
    <Routes>
      <Route path="/contratos" element={<ContratosPage />} />
    </Routes>,
    { route: '/contratos', user },
  );

const linhas = () =>
  within(screen.getByTestId('contratos-table'))
    .getAllByRole('row')
    .filter((linha) => linha.closest('tbody'));
const pedidosDaLista = (chamadas: Chamada[]) =>
  chamadas.filter((c) => c.url.startsWith('/api/contratos?')).map((c) => c.url);

describe('Contratos: the list', () => {
  it('shows the tabs, the server page of contracts and goes to the next page', async () => {
    const chamadas = stubLista();
    renderLista();
    expect(await screen.findByText('Cliente 1')).toBeTruthy();
    for (const aba of ['Serviços', 'Locações', 'Assinaturas']) {
      expect(screen.getByRole('tab', { name: aba })).toBeTruthy();
    }
    expect(linhas()).toHaveLength(20);
    const primeira = linhas()[0]!;
    const celulas = within(primeira)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    // Número, (Cliente), Descrição, Periodicidade, Valor, Próximo faturamento, Situação.
    expect([celulas[0], ...celulas.slice(2, 7)]).toEqual([
      '000001',
      'Suporte 1',
      'Mensal',
      formatMoney(300),
      '10/12/2026',
      'Ativo',
    ]);
    expect(
      within(screen.getByTestId('contratos-table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Número',
      'Cliente',
      'Descrição',
      'Periodicidade',
      'Valor',
      'Próximo faturamento',
      'Situação',
      'Ações',
    ]);
    expect(
      within(primeira).getByRole('link', { name: 'Ver Contrato Nº 000001' }).getAttribute('href'),
    ).toBe('/contratos/1');
    expect(
      within(primeira)
        .getByRole('link', { name: 'Editar Contrato Nº 000001' })
        .getAttribute('href'),
    ).toBe('/contratos/1/editar');
    expect(pedidosDaLista(chamadas)).toEqual(['/api/contratos?limit=20&offset=0']);
    expect(screen.getByText('1–20 de 25')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Cliente 21')).toBeTruthy();
    expect(linhas()).toHaveLength(5);
    expect(pedidosDaLista(chamadas)).toContain('/api/contratos?limit=20&offset=20');

    // A search goes to the server and starts again on page 1.
    fireEvent.change(screen.getByLabelText('Pesquisar contratos'), { target: { value: 'te 2' } });
    await waitFor(() =>
      expect(pedidosDaLista(chamadas)).toContain('/api/contratos?q=te+2&limit=20&offset=0'),
    );
    await waitFor(() => expect(linhas().map((l) => l.textContent)).toHaveLength(7));
    // "Nada a faturar hoje" when the queue is empty; the automatic run not made yet.
    expect(screen.getByTestId('nada-a-faturar').textContent).toBe('Nada a faturar hoje');
    expect(screen.getByTestId('faturamento-automatico').textContent).toBe(
      'Faturamento automático: ainda não executado',
    );
  }, 20_000);

  it("leaves the contracts' actions on the Serviços tab", async () => {
    stubLista();
    renderLista();
    await screen.findByText('Cliente 1');
    fireEvent.click(screen.getByRole('tab', { name: 'Locações' }));
    expect(screen.queryByRole('link', { name: 'Novo Contrato' })).toBeNull();
    expect(screen.queryByTestId('faturar-hoje')).toBeNull();
  });
});

describe('Contratos: Faturar hoje', () => {
  it('lists what is due, bills it all with "Faturar todos" and tells the result', async () => {
    const chamadas = stubLista([aFaturar(3, 300), aFaturar(8, 150)], {
      executado_em: '2026-11-27T03:00:00Z',
      resultado: '3 faturas, R$ 450,00',
      erro: null,
      proximo_em: null,
    });
    renderLista({ nome: 'Gustavo', email: 'g@empresa.com.br', role: 'manager' });
    const fila = await screen.findByTestId('a-faturar');
    const [cabecalho, ...linhasFila] = within(fila).getAllByRole('row');
    expect(
      within(cabecalho!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Contrato', 'Cliente', 'Período', 'Vencimento', 'Valor', '']);
    expect(
      within(linhasFila[0]!)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((td) => td.textContent),
    ).toEqual(['000003', 'Cliente 3', '10/11/2026 a 09/12/2026', '16/11/2026', formatMoney(300)]);
    expect(screen.getByTestId('faturar-hoje-resumo').textContent).toBe(
      `2 períodos · ${formatMoney(450)}`,
    );
    expect(screen.getByTestId('faturamento-automatico').textContent).toBe(
      'Faturamento automático: última execução 27/11/2026 00:00 — 3 faturas, R$ 450,00',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Faturar todos' }));
    expect(await screen.findByText(`2 faturas geradas (${reais(450)})`)).toBeTruthy();
    const faturar = chamadas.filter((c) => c.url === '/api/contratos/faturar');
    expect(faturar).toHaveLength(1);
    expect(faturar[0]!.method).toBe('POST');
    expect(faturar[0]!.body).toEqual({});
    expect(faturar[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // The queue is read again: nothing left.
    expect(await screen.findByTestId('nada-a-faturar')).toBeTruthy();
  });

  it('bills one contract from its row', async () => {
    const chamadas = stubLista([aFaturar(3, 300)]);
    renderLista();
    fireEvent.click(await screen.findByRole('button', { name: 'Faturar Contrato Nº 000003' }));
    expect(await screen.findByText(`1 fatura gerada (${reais(300)})`)).toBeTruthy();
    expect(chamadas.find((c) => c.url === '/api/contratos/faturar')!.body).toEqual({
      contrato_ids: [3],
    });
  });

  it('shows the automatic run’s error in red', async () => {
    stubLista([], {
      executado_em: '2026-11-27T03:00:00Z',
      resultado: null,
      erro: 'Conta a receber sem categoria',
      proximo_em: null,
    });
    renderLista();
    const linha = await screen.findByTestId('faturamento-automatico');
    expect(linha.textContent).toBe(
      'Faturamento automático: última execução 27/11/2026 00:00 — falhou: Conta a receber sem categoria',
    );
  });
});

describe('Contratos: who may open it', () => {
  it('declares every route and the sidebar link for admins and managers only', () => {
    // The app's guard and sidebar apply these (app/contratos-acesso.test.tsx renders them).
    for (const route of feature.routes) expect(route.roles).toEqual(['admin', 'manager']);
    expect(feature.routes.map((route) => route.path)).toEqual([
      '/contratos',
      '/contratos/novo',
      '/contratos/:id/editar',
      '/contratos/:id',
      '/contratos/locacoes/nova',
      '/contratos/locacoes/calendario',
      '/contratos/locacoes/itens',
      '/contratos/locacoes/:id/editar',
      '/contratos/locacoes/:id',
      '/contratos/assinaturas/nova',
      '/contratos/assinaturas/:id',
    ]);
    expect(feature.nav).toEqual([
      expect.objectContaining({
        to: '/contratos',
        label: 'Contratos',
        roles: ['admin', 'manager'],
      }),
    ]);
  });
});
