import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { renderScreen, withWideScreen } from '../../test/render';
import RelatoriosPage from './pages/RelatoriosPage';
import { periodoDoAtalho } from './periodos';
import { CATALOGO, paginaVendasPorProduto } from './relatorios.fixtures';

withMockedApi();
withWideScreen();

/** Text as the screen reads after whitespace is normalized (R$ has a non-breaking space). */
const normal = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

function stubApi() {
  return mockApi(({ url }) => {
    if (url === '/api/relatorios') return json(CATALOGO);
    if (url === '/api/categorias') return json([{ id: 7, nome: 'Ferramentas', produtos: 3 }]);
    if (url === '/api/usuarios/vendedores') return json([]);
    if (url.startsWith('/api/relatorios/vendas-por-produto?'))
      return json(paginaVendasPorProduto(new URL(url, 'http://x').searchParams));
  });
}

const renderPagina = (route = '/relatorios') =>
  renderScreen(
    <Routes>
      <Route path="/relatorios" element={<RelatoriosPage />} />
    </Routes>,
    { route },
  );

/** The query strings of the report's pages asked, in order. */
const pedidos = (chamadas: Chamada[]) =>
  chamadas
    .filter((c) => c.url.startsWith('/api/relatorios/vendas-por-produto?'))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

/** The first answer on screen (a cold start of the test file's screen takes a while). */
const primeira = (texto: string) => screen.findByText(texto, {}, { timeout: 5000 });

/** A Select of the filters, by its label. */
const campo = (rotulo: string) =>
  screen.getByLabelText(rotulo, { selector: 'input' }) as HTMLInputElement;

const tabela = () => screen.getByTestId('relatorio-tabela');
const linhas = () =>
  within(tabela())
    .getAllByRole('row')
    .filter((linha) => linha.closest('tbody'));

describe('Relatórios: the catalogue', () => {
  it('lists the reports under their areas, in the areas’ order, and asks to choose one', async () => {
    stubApi();
    renderPagina();
    const catalogo = await screen.findByRole(
      'navigation',
      { name: 'Catálogo de relatórios' },
      { timeout: 5000 },
    );
    const grupos = within(catalogo)
      .getAllByTestId(/^grupo-/)
      .map((grupo) => ({
        area: grupo.firstChild?.textContent,
        links: within(grupo)
          .getAllByRole('link')
          .map((link) => link.textContent),
      }));
    expect(grupos).toEqual([
      { area: 'Vendas', links: ['Vendas por produto', 'Vendas por período'] },
      { area: 'Estoque', links: ['Posição do estoque'] },
      { area: 'Financeiro', links: ['Inadimplência por idade'] },
      { area: 'Serviços', links: ['Ordens de serviço por técnico'] },
    ]);
    expect(screen.getByText('Escolha um relatório')).toBeTruthy();
    expect(
      within(catalogo).getByRole('link', { name: 'Inadimplência por idade' }).getAttribute('href'),
    ).toBe('/relatorios?r=inadimplencia');
  });

  it('says so when the address names a report the role cannot open', async () => {
    stubApi();
    renderPagina('/relatorios?r=dre');
    expect(await primeira('Relatório não encontrado')).toBeTruthy();
  });
});

// Several renders and answers each: a busy two-core machine takes seconds.
describe('Relatórios: a report', { timeout: 20_000 }, () => {
  it('shows its definition, the page formatted by column type, the totals row and the count', async () => {
    const chamadas = stubApi();
    renderPagina('/relatorios?r=vendas-por-produto');
    expect(await primeira('Furadeira 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vendas por produto' })).toBeTruthy();
    expect(screen.getByTestId('relatorio-definicao').textContent).toBe(
      'Vendas finalizadas no período, pelo subtotal das linhas.',
    );
    expect(screen.getByTestId('relatorio-contagem').textContent).toBe('250 linhas');
    const celulas = within(linhas()[0]!)
      .getAllByRole('cell')
      .map((td) => normal(td.textContent));
    expect(celulas).toEqual([
      'Furadeira 1',
      '1,5',
      normal(formatMoney(1234.5)),
      '12,50%',
      '20/11/2026',
    ]);
    // Numbers on the right, text on the left.
    const [produto, quantidade] = within(linhas()[0]!).getAllByRole('cell');
    expect(quantidade!.style.textAlign || quantidade!.className).toMatch(/right/);
    expect(produto!.style.textAlign || produto!.className).not.toMatch(/right/);
    // The whole filter's totals, not the page's.
    const rodape = tabela().querySelector('tfoot tr')!;
    expect(
      Array.from(rodape.querySelectorAll('th, td')).map((celula) => normal(celula.textContent)),
    ).toEqual(['Total', '4,5', normal(formatMoney(98765.4)), '100,00%', '']);
    // The first page of 100 by default, the period left to the server (this month).
    expect(pedidos(chamadas)).toEqual([{ limit: '100', offset: '0' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Furadeira 101')).toBeTruthy();
    expect(pedidos(chamadas).at(-1)).toEqual({ limit: '100', offset: '100' });
  });

  it('sends the filters it reads: period shortcut, group, payment method; not the others', async () => {
    const chamadas = stubApi();
    // "agrupar" is in the address (another report's) but this report does not read it.
    renderPagina('/relatorios?r=vendas-por-produto&agrupar=mes&pagina=2');
    await primeira('Furadeira 101');
    expect(pedidos(chamadas)[0]).toEqual({ limit: '100', offset: '100' });

    fireEvent.click(campo('Período'));
    fireEvent.click(screen.getByRole('option', { name: 'Mês passado', hidden: true }));
    const mesPassado = periodoDoAtalho('mes-passado', todayISO());
    // A new filter starts at the first page.
    await waitFor(() =>
      expect(pedidos(chamadas).at(-1)).toEqual({ ...mesPassado, limit: '100', offset: '0' }),
    );
    expect(campo('Período').value).toBe('Mês passado');

    fireEvent.click(campo('Grupo de produtos'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ferramentas', hidden: true }));
    await waitFor(() => expect(pedidos(chamadas).at(-1)?.categoria_id).toBe('7'));

    fireEvent.click(campo('Forma de pagamento'));
    fireEvent.click(screen.getByRole('option', { name: 'PIX', hidden: true }));
    await waitFor(() =>
      expect(pedidos(chamadas).at(-1)).toEqual({
        ...mesPassado,
        categoria_id: '7',
        forma_pagamento: 'pix',
        limit: '100',
        offset: '0',
      }),
    );
  });

  it('sorts on the server by the header clicked, ascending then descending', async () => {
    const chamadas = stubApi();
    renderPagina('/relatorios?r=vendas-por-produto');
    await primeira('Furadeira 1');
    const cabecalho = (titulo: string) =>
      Array.from(tabela().querySelectorAll('thead th')).find(
        (th) => th.textContent?.trim() === titulo,
      ) as HTMLElement;
    fireEvent.click(within(cabecalho('Faturamento')).getByText('Faturamento'));
    await waitFor(() =>
      expect(pedidos(chamadas).at(-1)).toMatchObject({ sort: 'faturamento', order: 'asc' }),
    );
    fireEvent.click(within(cabecalho('Faturamento')).getByText('Faturamento'));
    await waitFor(() =>
      expect(pedidos(chamadas).at(-1)).toMatchObject({ sort: 'faturamento', order: 'desc' }),
    );
  });

  it('shows an empty state without rows, the exports off', async () => {
    mockApi(({ url }) => {
      if (url === '/api/relatorios') return json(CATALOGO);
      if (url === '/api/categorias' || url === '/api/usuarios/vendedores') return json([]);
      if (url.startsWith('/api/relatorios/vendas-por-produto?'))
        return json({ ...paginaVendasPorProduto(new URLSearchParams()), linhas: [], total: 0 });
    });
    renderPagina('/relatorios?r=vendas-por-produto');
    expect(await primeira('Nenhum dado no período')).toBeTruthy();
    expect(screen.getByTestId('relatorio-contagem').textContent).toBe('0 linhas');
    for (const nome of ['Exportar CSV', 'Exportar XLSX', 'Imprimir PDF']) {
      expect(screen.getByRole('button', { name: nome })).toHaveProperty('disabled', true);
    }
  });

  it('shows the server’s reason when it refuses the filters', async () => {
    const mensagem = 'A data final deve ser igual ou posterior à inicial';
    mockApi(({ url }) => {
      if (url === '/api/relatorios') return json(CATALOGO);
      if (url === '/api/categorias' || url === '/api/usuarios/vendedores') return json([]);
      if (url.startsWith('/api/relatorios/vendas-por-produto?'))
        return json({ error: 'VALIDACAO', message: mensagem }, 400);
    });
    renderPagina('/relatorios?r=vendas-por-produto&de=2026-02-01&ate=2026-01-01');
    expect(await primeira(`Erro ao carregar o relatório: ${mensagem}`)).toBeTruthy();
  });
});
