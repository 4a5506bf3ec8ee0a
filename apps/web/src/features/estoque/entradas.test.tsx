import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type {
  DevolucaoOrigem,
  EntradaNfe,
  EntradaNfeResumo,
  EntradaPrevia,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import {
  renderScreen,
  renderWithProviders,
  storeSession,
  stubDocumentFonts,
  withWideScreen,
} from '../../test/render';
import EntradasXmlPage from './pages/EntradasXmlPage';
import EstoquePage from './pages/EstoquePage';

withWideScreen();
stubDocumentFonts(); // a return's reason: an autosize Textarea
withMockedApi();

const CHAVE = '35261111444777000161550010000001011405268130';

const RESUMO: EntradaNfeResumo = {
  id: 7,
  chave: CHAVE,
  numero: 101,
  serie: 1,
  emitida_em: '2026-11-27T13:15:00.000Z',
  valor_total: 306.9,
  fornecedor_id: 9,
  fornecedor_nome: 'Distribuidora Exemplo de Cafés Ltda',
  fornecedor_cnpj: '11444777000161',
  total_itens: 2,
  usuario_nome: 'Ana Administradora',
  created_at: '2026-11-28T12:00:00.000Z',
};

const PREVIA: EntradaPrevia = {
  chave: CHAVE,
  numero: 101,
  serie: 1,
  emitida_em: '2026-11-27T13:15:00.000Z',
  homologacao: true,
  valor_produtos: 270,
  valor_desconto: 0,
  valor_despesas: 0,
  valor_total: 270,
  fornecedor: {
    id: null,
    nome: 'Distribuidora Exemplo de Cafés Ltda',
    cnpj: '11444777000161',
    inscricao_estadual: '111222333444',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  itens: [
    {
      n_item: 1,
      codigo: 'F-1',
      descricao: 'Cafe torrado 500 g cx 12',
      gtin: '7891000315507',
      ncm: '09012100',
      cfop: '5102',
      unidade: 'CX',
      quantidade: 2,
      valor_unitario: 120,
      custo_total: 245.52,
      produto: { id: 3, nome: 'Café torrado 500 g', unidade: 'UN' },
      origem: 'gtin',
      fator: 1,
      gtin_ambiguo: [],
    },
    {
      n_item: 2,
      codigo: 'F-2',
      descricao: 'Filtro de papel',
      gtin: '012345678905',
      ncm: '48239099',
      cfop: '5102',
      unidade: 'UN',
      quantidade: 3,
      valor_unitario: 10,
      custo_total: 30,
      produto: null,
      origem: 'criar',
      fator: 1,
      gtin_ambiguo: [
        { id: 4, nome: 'Filtro 103', unidade: 'UN' },
        { id: 5, nome: 'Filtro 103 (caixa)', unidade: 'UN' },
      ],
    },
  ],
  parcelas: [
    { numero: '001', vencimento: '2026-12-27', valor: 135 },
    { numero: '002', vencimento: '2027-01-26', valor: 135 },
  ],
};

const DETALHE: EntradaNfe = {
  ...RESUMO,
  itens: [
    {
      ordem: 1,
      produto_id: 3,
      produto_nome: 'Café torrado 500 g',
      unidade: 'UN',
      codigo_fornecedor: 'F-1',
      descricao: 'Cafe torrado 500 g cx 12',
      gtin: '7891000315507',
      unidade_nota: 'CX',
      quantidade_nota: 2,
      fator: 12,
      quantidade: 24,
      custo_unitario: 10.23,
      valor_total: 245.52,
    },
  ],
  movimentacoes: [
    {
      id: 1,
      produto_id: 3,
      produto_nome: 'Café torrado 500 g',
      quantidade: 24,
      data: '2026-11-28',
    },
  ],
  titulos: [
    {
      id: 11,
      descricao: 'Compra NF-e 101 — Distribuidora Exemplo de Cafés Ltda',
      valor: 270,
      cancelado: false,
      parcelas: [
        { numero: 1, vencimento: '2099-12-27', valor: 135, valor_pago: 0, status: 'aberto' },
        { numero: 2, vencimento: '2020-01-26', valor: 135, valor_pago: 0, status: 'aberto' },
      ],
    },
  ],
};

const stubApi = (responder: (chamada: Chamada) => Response | undefined = () => undefined) =>
  mockApi(responder, (chamada) => {
    const { pathname } = new URL(chamada.url, 'http://x');
    if (pathname === '/api/entradas-nfe' && chamada.method === 'GET') {
      return json([RESUMO], 200, { 'x-total-count': '1' });
    }
    if (pathname === '/api/entradas-nfe/previa') return json(PREVIA);
    if (pathname === '/api/entradas-nfe') return json(DETALHE, 201);
    if (pathname === '/api/entradas-nfe/7') return json(DETALHE);
    return json([]);
  });

const renderPage = (role = 'admin', route = '/estoque/entradas-xml') =>
  renderScreen(<EntradasXmlPage />, {
    route,
    user: { nome: 'Ana', email: 'admin@empresa.com.br', role },
  });

async function enviarXml() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const arquivo = new File(['<nfeProc/>'], 'nota.xml', { type: 'application/xml' });
  fireEvent.change(input, { target: { files: [arquivo] } });
  return within(await screen.findByTestId('entrada-conferencia'));
}

describe('/estoque/entradas-xml', () => {
  it('lists the entries and opens one with its items and payables', async () => {
    stubApi();
    renderPage();
    const tabela = await screen.findByTestId('entradas-table');
    expect(await within(tabela).findByText('Distribuidora Exemplo de Cafés Ltda')).toBeTruthy();
    expect(within(tabela).getByText('11.444.777/0001-61')).toBeTruthy();
    expect(within(tabela).getByText('000.000.101')).toBeTruthy();
    expect(within(tabela).getByText('R$ 306,90')).toBeTruthy();

    fireEvent.click(within(tabela).getByRole('button', { name: /Ver NF-e 101/ }));
    const detalhe = within(await screen.findByTestId('entrada-detalhe'));
    expect(detalhe.getByText('24 UN')).toBeTruthy();
    expect(detalhe.getByText('R$ 10,23')).toBeTruthy();
    expect(detalhe.getAllByTestId('entrada-titulo')).toHaveLength(1);
    expect(detalhe.getByText('Vencido')).toBeTruthy();
    expect(detalhe.getByText('Em aberto')).toBeTruthy();
  });

  it('opens the entry of the address (?entrada=), as a return links to it', async () => {
    stubApi();
    renderPage('manager', '/estoque/entradas-xml?entrada=7');
    const detalhe = within(await screen.findByTestId('entrada-detalhe'));
    expect(detalhe.getByText('24 UN')).toBeTruthy();
  });

  it('returns goods to the supplier from an entry, with the NF-e de devolução', async () => {
    const ORIGEM: DevolucaoOrigem = {
      tipo: 'fornecedor',
      chave: CHAVE,
      modelo: 55,
      numero: 101,
      serie: 1,
      emitida_em: '2026-11-27T13:15:00.000Z',
      pessoa: { id: 9, nome: 'Distribuidora Exemplo de Cafés Ltda' },
      nota_id: null,
      entrada_id: 7,
      venda_id: null,
      itens: [
        {
          n_item: 1,
          produto_id: 3,
          produto_nome: 'Café torrado 500 g',
          descricao: 'Cafe torrado 500 g cx 12',
          unidade: 'CX',
          fator: 12,
          quantidade: 2,
          devolvida: 0,
          disponivel: 2,
          valor_unitario: 120,
          valor_liquido_unitario: 122.76,
        },
      ],
    };
    const chamadas = stubApi(({ url, method }) => {
      if (url === '/api/devolucoes/origem?tipo=fornecedor&entrada_id=7') return json(ORIGEM);
      if (url === '/api/devolucoes' && method === 'POST') {
        return json({ id: 6, nota_id: 120, nota_numero: 120, nota_situacao: 'Autorizada' }, 201);
      }
    });
    renderPage();
    const tabela = await screen.findByTestId('entradas-table');
    fireEvent.click(await within(tabela).findByRole('button', { name: /Ver NF-e 101/ }));
    await screen.findByTestId('entrada-detalhe');
    fireEvent.click(screen.getByRole('button', { name: 'Devolver ao fornecedor' }));
    const dialogo = within(await screen.findByRole('dialog', { name: 'Devolver ao fornecedor' }));
    expect((await dialogo.findByTestId('devolucao-pessoa')).textContent).toBe(
      'Distribuidora Exemplo de Cafés Ltda',
    );
    fireEvent.change(dialogo.getByLabelText('Quantidade a devolver do item 1'), {
      target: { value: '1' },
    });
    expect(dialogo.getByTestId('devolucao-valor').textContent).toBe(formatMoney(122.76));
    fireEvent.change(dialogo.getByLabelText(/Motivo/), { target: { value: 'Embalagem avariada' } });
    fireEvent.click(dialogo.getByLabelText('Recebido agora do fornecedor'));
    expect(dialogo.getByLabelText(/Conta onde entra o valor/)).toBeTruthy();
    fireEvent.click(dialogo.getByLabelText('Crédito com o fornecedor (conta a receber em aberto)'));
    fireEvent.click(dialogo.getByRole('button', { name: 'Emitir NF-e de devolução' }));
    expect(await screen.findByText('Devolução registrada: NF-e nº 000.000.120')).toBeTruthy();
    const envio = chamadas.find((c) => c.url === '/api/devolucoes' && c.method === 'POST')!;
    expect(envio.body).toEqual({
      tipo: 'fornecedor',
      entrada_id: 7,
      motivo: 'Embalagem avariada',
      acerto: 'credito',
      itens: [{ n_item: 1, quantidade: 1 }],
    });
    expect(envio.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('searches on the server', async () => {
    const chamadas = stubApi();
    renderPage();
    await screen.findByTestId('entradas-table');
    fireEvent.change(screen.getByLabelText('Pesquisar entradas'), {
      target: { value: 'cafés' },
    });
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('q=caf%C3%A9s'))).toBe(true));
  });

  it('previews an XML, lets each item change product and factor, and confirms', async () => {
    const chamadas = stubApi();
    renderPage();
    const conferencia = await enviarXml();
    expect(conferencia.getByTestId('fornecedor-novo')).toBeTruthy();
    expect(conferencia.getByText('Homologação: sem valor fiscal')).toBeTruthy();
    expect(conferencia.getByTestId('produto-1').textContent).toBe('Café torrado 500 g');
    expect(conferencia.getByTestId('origem-1').textContent).toBe('GTIN');
    expect(conferencia.getByTestId('produto-2').textContent).toBe('Criar produto');

    // A box of 12: the stock gets 24 units at the box's cost over 24.
    fireEvent.change(conferencia.getByLabelText('Fator do item 1'), { target: { value: '12' } });
    expect(conferencia.getByTestId('entrada-1').textContent).toBe('24 UN');
    expect(conferencia.getByTestId('custo-1').textContent).toBe(formatMoney(10.23));

    // The GTIN on two products: the user picks one.
    const ambiguo = within(conferencia.getByTestId('ambiguo-2'));
    fireEvent.click(ambiguo.getByRole('button', { name: 'Filtro 103 (caixa)' }));
    expect(conferencia.getByTestId('produto-2').textContent).toBe('Filtro 103 (caixa)');
    expect(conferencia.getByTestId('origem-2').textContent).toBe('Escolhido');
    expect(conferencia.getAllByText(/^Duplicata 00[12]$/)).toHaveLength(2);

    fireEvent.click(conferencia.getByRole('button', { name: 'Confirmar entrada' }));
    await screen.findByTestId('entrada-detalhe');
    const envio = chamadas.find((c) => c.url === '/api/entradas-nfe' && c.method === 'POST')!;
    expect(envio.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    const corpo = envio.body as FormData;
    expect(JSON.parse(String(corpo.get('dados')))).toEqual({
      itens: [
        { n_item: 1, produto_id: 3, fator: 12 },
        { n_item: 2, produto_id: 5, fator: 1 },
      ],
    });
    expect((corpo.get('xml') as File).name).toBe('nota.xml');
    expect(
      await screen.findByText('Entrada da NF-e 101 lançada no estoque e no financeiro'),
    ).toBeTruthy();
  });

  it('keeps confirmation off while a factor is missing, and back to create a product', async () => {
    stubApi();
    renderPage();
    const conferencia = await enviarXml();
    fireEvent.change(conferencia.getByLabelText('Fator do item 1'), { target: { value: '' } });
    expect(conferencia.getByText('Informe um fator maior que zero')).toBeTruthy();
    expect(
      conferencia.getByRole('button', { name: 'Confirmar entrada' }).hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.click(conferencia.getByRole('button', { name: 'Criar produto' }));
    expect(conferencia.getByTestId('produto-1').textContent).toBe('Criar produto');
  });

  it("tells the server's reason when the XML is refused", async () => {
    stubApi((chamada) =>
      chamada.url === '/api/entradas-nfe/previa'
        ? json({ error: 'VALIDATION_ERROR', message: 'Assinatura inválida' }, 400)
        : undefined,
    );
    const erros = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await screen.findByTestId('entradas-table');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'nota.xml')] } });
    expect(await screen.findByText('Erro ao ler o XML: Assinatura inválida')).toBeTruthy();
    expect(screen.queryByTestId('entrada-conferencia')).toBeNull();
    expect(erros).toHaveBeenCalled();
  });
});

describe('/estoque', () => {
  it('offers the XML import to admins and managers only', async () => {
    stubApi();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    for (const [role, visivel] of [
      ['manager', true],
      ['user', false],
    ] as const) {
      storeSession({ nome: 'X', email: 'x@empresa.com.br', role });
      const { unmount } = renderWithProviders(
        <QueryClientProvider client={client}>
          <EstoquePage />
        </QueryClientProvider>,
        { route: '/estoque' },
      );
      await screen.findByText('Nova Movimentação');
      const link = screen.queryByRole('link', { name: 'Importar XML de compra' });
      expect(Boolean(link), role).toBe(visivel);
      if (link) expect(link.getAttribute('href')).toBe('/estoque/entradas-xml');
      unmount();
    }
  });
});
