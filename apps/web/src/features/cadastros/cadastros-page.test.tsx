import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeSearch } from '@prumo/shared/search';
import { renderWithProviders, storeSession, withWideScreen } from '../../test/render';
import CadastrosPage from './pages/CadastrosPage';

withWideScreen();
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const cliente = (id: number, nome: string) => ({
  id,
  nome,
  email: `cliente${id}@email.com.br`,
  telefone: null,
  tipo: 'cliente',
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** GET /api/cadastros over `registro`, as the server answers it (q, limit, offset). */
function stubApi(registro: ReturnType<typeof cliente>[]) {
  const pedidos: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname !== '/api/cadastros') return json([]);
      pedidos.push(searchParams);
      const q = normalizeSearch(searchParams.get('q') ?? '');
      const found = registro.filter((c) => normalizeSearch(`${c.nome} ${c.email}`).includes(q));
      const limit = Number(searchParams.get('limit'));
      const offset = Number(searchParams.get('offset') ?? 0);
      return json(found.slice(offset, offset + limit), { 'x-total-count': String(found.length) });
    }),
  );
  return pedidos;
}

function renderPage() {
  storeSession({ nome: 'Admin', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <CadastrosPage />
    </QueryClientProvider>,
    { route: '/cadastros' },
  );
}

const esperar = (check: () => void) => waitFor(check, { timeout: 3000 });
const nomes = () =>
  screen.queryByTestId('cadastros-table')
    ? within(screen.getByTestId('cadastros-table'))
        .queryAllByTestId('cadastro-nome')
        .map((cell) => cell.textContent)
    : [];
const pesquisar = (texto: string) =>
  fireEvent.change(screen.getByPlaceholderText('Pesquisar cadastros...'), {
    target: { value: texto },
  });

// Rendering the whole screen is slow on a busy machine.
describe('/cadastros', { timeout: 20_000 }, () => {
  it('loads a small registry once and searches it on the client', async () => {
    const pedidos = stubApi([cliente(1, 'Ótica Visão Clara ME'), cliente(2, 'Padaria Pão Quente')]);
    renderPage();
    await esperar(() => expect(nomes()).toHaveLength(2));
    expect(pedidos.map(String)).toEqual(['tipo=cliente&limit=500']);
    pesquisar('OTICA');
    await esperar(() => expect(nomes()).toEqual(['Ótica Visão Clara ME']));
    expect(pedidos).toHaveLength(1);
  });

  it('pages and searches a large registry on the server', async () => {
    const registro = Array.from({ length: 600 }, (_, i) =>
      cliente(i + 1, `Cliente ${String(i + 1).padStart(3, '0')}`),
    );
    const pedidos = stubApi(registro);
    renderPage();
    await esperar(() => expect(screen.getByText('1–20 de 600')).toBeTruthy());
    expect(nomes()).toHaveLength(20);
    expect(pedidos.map(String)).toEqual([
      'tipo=cliente&limit=500',
      'tipo=cliente&limit=20&offset=0',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await esperar(() => expect(nomes()[0]).toBe('Cliente 021'));
    screen.getByText('21–40 de 600');
    expect(pedidos.at(-1)!.toString()).toBe('tipo=cliente&limit=20&offset=20');

    // A search waits for a pause, goes to the server and starts again at the first page.
    pesquisar('cliente 59');
    await esperar(() =>
      expect(nomes()).toEqual(Array.from({ length: 10 }, (_, i) => `Cliente 59${i}`)),
    );
    expect(pedidos.at(-1)!.toString()).toBe('tipo=cliente&q=cliente+59&limit=20&offset=0');

    pesquisar('zzz');
    await esperar(() => expect(screen.getByText(/Nada encontrado para "zzz"/)).toBeTruthy());
    screen.getByText('Nenhum cadastro encontrado');
  });
});
