import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ESTOQUE_MESSAGES } from '@prumo/shared/estoque';
import { normalizeSearch } from '@prumo/shared/search';
import { renderWithProviders, storeSession, withWideScreen } from '../../test/render';
import EstoquePage from './pages/EstoquePage';

withWideScreen();
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const produto = (id: number, nome: string, estoque: number, estoqueMinimo: number) => ({
  id,
  nome,
  codigo_barras: null,
  codigo_interno: null,
  estoque,
  estoque_minimo: estoqueMinimo,
  unidade_medida: 'UN',
  categoria_id: 2,
  categoria_nome: 'Mercearia',
  preco: 5,
  ativo: true,
  movimenta_estoque: true,
  foto_id: null,
});

const CATALOGO = [
  produto(1, 'Água Sanitária 1L', 5, 12),
  ...Array.from({ length: 44 }, (_, i) =>
    produto(i + 2, `Item ${String(i + 2).padStart(2, '0')}`, 30, 1),
  ),
];

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

function stubApi() {
  const pedidos: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/produtos') {
        pedidos.push(searchParams);
        const q = normalizeSearch(searchParams.get('q') ?? '');
        let found = CATALOGO.filter((p) => normalizeSearch(p.nome).includes(q));
        if (searchParams.get('abaixo_minimo') === 'true') {
          found = found.filter((p) => p.estoque <= p.estoque_minimo);
        }
        const limit = Number(searchParams.get('limit'));
        const offset = Number(searchParams.get('offset'));
        return json(found.slice(offset, offset + limit), { 'x-total-count': String(found.length) });
      }
      if (pathname === '/api/categorias') {
        return json([
          { id: 3, nome: 'Limpeza', total_produtos: 0 },
          { id: 2, nome: 'Mercearia', total_produtos: 45 },
        ]);
      }
      return json([]);
    }),
  );
  return pedidos;
}

function renderPage() {
  storeSession({ nome: 'Admin', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <EstoquePage />
    </QueryClientProvider>,
    { route: '/estoque' },
  );
}

const esperar = (check: () => void) => waitFor(check, { timeout: 3000 });
const linhas = () =>
  screen.queryByTestId('estoque-table')
    ? within(screen.getByTestId('estoque-table')).queryAllByTestId('estoque-atual')
    : [];

// Rendering the whole screen is slow on a busy machine.
describe('/estoque (server paging)', { timeout: 20_000 }, () => {
  it('asks for the first 20 products that move stock, by name, and pages on the server', async () => {
    const pedidos = stubApi();
    renderPage();
    await esperar(() => expect(linhas()).toHaveLength(20));
    expect(pedidos[0]!.toString()).toBe(
      'movimenta_estoque=true&sort=nome&order=asc&limit=20&offset=0',
    );
    expect(screen.getByText('1–20 de 45')).toBeTruthy();
    // Stock at or below the minimum is red (data-baixo), from the page the server sent.
    expect(linhas()[0]!.getAttribute('data-baixo')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await esperar(() => expect(screen.getByText('21–40 de 45')).toBeTruthy());
    expect(pedidos.at(-1)!.get('offset')).toBe('20');
  });

  it('searches on the server after a pause and shows the empty state texts', async () => {
    const pedidos = stubApi();
    renderPage();
    await esperar(() => expect(linhas()).toHaveLength(20));
    const busca = screen.getByPlaceholderText(ESTOQUE_MESSAGES.pesquisar);
    fireEvent.change(busca, { target: { value: 'agua' } });
    fireEvent.change(busca, { target: { value: 'agua sanit' } });
    await esperar(() => expect(linhas()).toHaveLength(1));
    expect(pedidos.filter((pedido) => pedido.has('q')).map((pedido) => pedido.get('q'))).toEqual([
      'agua sanit',
    ]);
    fireEvent.change(busca, { target: { value: 'nenhum produto xyz' } });
    const vazio = await screen.findByTestId('empty-state', undefined, { timeout: 3000 });
    expect(within(vazio).getByText(ESTOQUE_MESSAGES.vazioTitulo)).toBeTruthy();
    expect(within(vazio).getByText(ESTOQUE_MESSAGES.vazioTexto)).toBeTruthy();
  });

  it('sorts on the server when a column header is clicked', async () => {
    const pedidos = stubApi();
    renderPage();
    await esperar(() => expect(linhas()).toHaveLength(20));
    fireEvent.click(screen.getByText('Estoque Mínimo'));
    await esperar(() => expect(pedidos.at(-1)!.get('sort')).toBe('estoque_minimo'));
    expect(pedidos.at(-1)!.get('order')).toBe('asc');
  });
});
