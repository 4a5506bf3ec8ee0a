import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProdutoListItem } from '@prumo/shared/produtos';
import { normalizeSearch } from '@prumo/shared/search';
import { renderWithProviders, storeSession, withWideScreen } from '../../test/render';
import ProdutosPage from './pages/ProdutosPage';

withWideScreen();
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const produto = (id: number, nome: string, fields: Partial<ProdutoListItem> = {}) =>
  ({
    id,
    nome,
    codigo_interno: `P-${id}`,
    codigo_barras: null,
    grupo_produto: 1,
    movimenta_estoque: true,
    habilitar_nota_fiscal: true,
    possui_variacoes: false,
    possui_composicao: false,
    entrada_unidade: 'UN',
    saida_unidade: 'UN',
    entrada_quantidade: 1,
    saida_quantidade: 1,
    peso: 0,
    largura: 0,
    altura: 0,
    comprimento: 0,
    ativo: true,
    descricao: null,
    preco: 10,
    custo: 5,
    despesas_acessorias: 0,
    outras_despesas: 0,
    custo_final: 5,
    lucro_sugerido: 50,
    lucro_utilizado: 100,
    valor_venda_sugerido: 7.5,
    estoque: 10,
    estoque_minimo: 2,
    estoque_maximo: 0,
    unidade_medida: 'UN',
    categoria_id: 1,
    categoria_nome: 'Mercearia',
    foto_id: null,
    ...fields,
  }) satisfies ProdutoListItem;

/** 60 products: "Produto 01" … "Produto 59" and "Açúcar Cristal". */
const CATALOGO = [
  produto(100, 'Açúcar Cristal', { estoque: 1, estoque_minimo: 5 }),
  ...Array.from({ length: 59 }, (_, i) =>
    produto(i + 1, `Produto ${String(i + 1).padStart(2, '0')}`),
  ),
];

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * The API of the screen, answered from memory: GET /api/produtos pages and searches like the
 * server (q over nome and códigos, accents ignored). `hold` keeps the next product answer waiting.
 */
function stubApi(catalogo: ProdutoListItem[] = CATALOGO) {
  const pedidos: URLSearchParams[] = [];
  let segurar: Promise<void> | null = null;
  const api = {
    pedidos,
    hold() {
      let soltar!: () => void;
      segurar = new Promise((resolve) => (soltar = resolve));
      return () => soltar();
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://x');
      if (pathname === '/api/produtos') {
        pedidos.push(searchParams);
        if (segurar) await segurar;
        const q = normalizeSearch(searchParams.get('q') ?? '');
        const limit = Number(searchParams.get('limit') ?? 1000);
        const offset = Number(searchParams.get('offset') ?? 0);
        let found = catalogo.filter((p) =>
          normalizeSearch(`${p.nome} ${p.codigo_interno ?? ''} ${p.codigo_barras ?? ''}`).includes(
            q,
          ),
        );
        if (searchParams.get('sort') === 'preco') {
          found = [...found].sort((a, b) => a.preco - b.preco);
        }
        return json(found.slice(offset, offset + limit), { 'x-total-count': String(found.length) });
      }
      return json([]);
    }),
  );
  return api;
}

function renderPage() {
  storeSession({ nome: 'Admin', email: 'admin@empresa.com.br', role: 'admin' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ProdutosPage />
    </QueryClientProvider>,
    { route: '/produtos' },
  );
}

/** waitFor with room for the debounce and a busy machine. */
const esperar = (check: () => void) => waitFor(check, { timeout: 3000 });

const nomes = () =>
  within(screen.getByTestId('produtos-table'))
    .queryAllByTestId('produto-nome')
    .map((cell) => cell.textContent);
const busca = () => screen.getByPlaceholderText('Pesquisar produtos...');

// Rendering the whole screen is slow on a busy machine.
describe('/produtos (server paging)', { timeout: 20_000 }, () => {
  it('asks for one page, shows it and the total, and asks for the next page on demand', async () => {
    const api = stubApi();
    renderPage();
    await esperar(() => expect(nomes()).toHaveLength(25));
    expect(api.pedidos[0]!.toString()).toBe('limit=25&offset=0');
    expect(screen.getByText('1–25 de 60')).toBeTruthy();
    expect(nomes()[0]).toBe('Açúcar Cristal');
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await esperar(() => expect(nomes()[0]).toBe('Produto 25'));
    expect(api.pedidos.at(-1)!.toString()).toBe('limit=25&offset=25');
  });

  it('searches on the server once per burst of keys and repaints when the answer arrives', async () => {
    const api = stubApi();
    renderPage();
    await esperar(() => expect(nomes()).toHaveLength(25));
    const antes = api.pedidos.length;
    const soltar = api.hold();
    for (const texto of ['a', 'ac', 'acu', 'acuc', 'acucar']) {
      fireEvent.change(busca(), { target: { value: texto } });
    }
    await esperar(() => expect(api.pedidos.length).toBe(antes + 1));
    expect(api.pedidos.at(-1)!.get('q')).toBe('acucar');
    expect(api.pedidos.at(-1)!.get('offset')).toBe('0');
    // The previous rows stay on screen while the server answers.
    expect(nomes()).toHaveLength(25);
    soltar();
    await esperar(() => expect(nomes()).toEqual(['Açúcar Cristal']));
    expect(screen.getByText('1–1 de 1')).toBeTruthy();
  });

  it('shows "Nenhum produto encontrado" when the search finds nothing', async () => {
    stubApi();
    renderPage();
    await esperar(() => expect(nomes()).toHaveLength(25));
    fireEvent.change(busca(), { target: { value: 'nada disso' } });
    await screen.findByText('Nenhum produto encontrado', undefined, { timeout: 3000 });
    expect(screen.getByText('Nenhum produto corresponde à pesquisa ou aos filtros.')).toBeTruthy();
  });

  it('offers to add the first product when the catalogue is empty', async () => {
    stubApi([]);
    renderPage();
    await screen.findByText('Nenhum produto cadastrado', undefined, { timeout: 3000 });
    expect(screen.getAllByRole('link', { name: 'Adicionar Produto' }).length).toBeGreaterThan(0);
  });

  it('sorts on the server when a column header is clicked', async () => {
    const api = stubApi([
      produto(1, 'Caro', { preco: 50 }),
      produto(2, 'Barato', { preco: 1 }),
      produto(3, 'Médio', { preco: 10 }),
    ]);
    renderPage();
    await esperar(() => expect(nomes()).toEqual(['Caro', 'Barato', 'Médio']));
    fireEvent.click(screen.getByText('Preço'));
    await esperar(() => expect(nomes()).toEqual(['Barato', 'Médio', 'Caro']));
    expect(api.pedidos.at(-1)!.get('sort')).toBe('preco');
    expect(api.pedidos.at(-1)!.get('order')).toBe('asc');
  });
});
