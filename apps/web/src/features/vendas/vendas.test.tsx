import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@prumo/shared/money';
import { VENDA_MESSAGES, type AutorizacaoDesconto } from '@prumo/shared/vendas';
import { comRetentativas, RETENTATIVAS } from '../../api/vendas';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { AutorizacaoCancelada, comAutorizacao } from '../../components/autorizacao';
import { VendaRapida } from './components/VendaRapida';

afterEach(() => vi.unstubAllGlobals());

const CAFE = {
  id: 1,
  nome: 'Café Torrado 500g',
  categoria_nome: 'Mercearia',
  estoque: 48,
  unidade_medida: 'UN',
  preco: 21.9,
  codigo_barras: '7896543210012',
  codigo_interno: 'PRD-0001',
  ativo: true,
};
const CAFE_EXTRA = {
  ...CAFE,
  id: 2,
  nome: 'Café Extra Forte 250g',
  codigo_barras: '7896543210029',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API the counter calls, answered from memory; records the sales it receives. */
function stubApi() {
  const vendas: unknown[] = [];
  const buscas: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/produtos/search')) {
        const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
        buscas.push(q);
        return json(
          [CAFE, CAFE_EXTRA].filter((p) => p.codigo_barras.includes(q) || /caf/i.test(q)),
        );
      }
      if (url === '/api/vendas/parametros')
        return json({ desconto_limite: 10, balanca_modo: 'preco' });
      if (url === '/api/vendas' && init?.method === 'POST') {
        vendas.push(JSON.parse(String(init.body)));
        return json({ id: 9, numero: 9, valor_final: 43.8, troco: 6.2 }, 201);
      }
      return json({});
    }),
  );
  return { vendas, buscas };
}

function renderPdv() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <VendaRapida caixaAberto />
    </QueryClientProvider>,
  );
}

const busca = () => screen.getByTestId('pdv-busca') as HTMLInputElement;
const linhas = () => screen.queryAllByTestId('pdv-item');
function digitarEEnter(texto: string) {
  fireEvent.change(busca(), { target: { value: texto } });
  fireEvent.keyDown(busca(), { key: 'Enter' });
}

describe('Venda Rápida (keyboard)', () => {
  it('starts in the search; a barcode and Enter adds a unit, again makes the line 2, 3* adds 3', async () => {
    stubApi();
    renderPdv();
    expect(document.activeElement).toBe(busca());

    digitarEEnter(CAFE.codigo_barras);
    expect(busca().value).toBe('');
    await waitFor(() => expect(linhas()).toHaveLength(1));
    digitarEEnter(CAFE.codigo_barras);
    await waitFor(() =>
      expect((screen.getByTestId('pdv-item-quantidade') as HTMLInputElement).value).toBe('2'),
    );
    digitarEEnter(`3*${CAFE.codigo_barras}`);
    await waitFor(() =>
      expect((screen.getByTestId('pdv-item-quantidade') as HTMLInputElement).value).toBe('5'),
    );
    expect(linhas()).toHaveLength(1);
    expect(screen.getByTestId('pdv-total').textContent).toBe(formatMoney(109.5));
  });

  it('a barcode that is no product adds nothing and says so', async () => {
    stubApi();
    renderPdv();
    digitarEEnter('7890000000000');
    await screen.findByText(/Produto não encontrado/);
    expect(linhas()).toHaveLength(0);
  });

  it('a name shows suggestions picked with the arrows and Enter', async () => {
    stubApi();
    renderPdv();
    fireEvent.change(busca(), { target: { value: 'cafe' } });
    const lista = await screen.findByTestId('pdv-sugestoes', {}, { timeout: 2000 });
    expect(within(lista).getAllByRole('option')).toHaveLength(2);
    fireEvent.keyDown(busca(), { key: 'ArrowDown' });
    fireEvent.keyDown(busca(), { key: 'ArrowDown' });
    expect(within(lista).getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(busca(), { key: 'Enter' });
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(screen.getByTestId('pdv-item-nome').textContent).toBe(CAFE_EXTRA.nome);
  });

  it('F9 with no items does nothing; with items it sends the sale with the cash and troco', async () => {
    const api = stubApi();
    renderPdv();
    fireEvent.keyDown(window, { key: 'F9' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.vendas).toHaveLength(0);

    digitarEEnter(`2*${CAFE.codigo_barras}`);
    await waitFor(() => expect(linhas()).toHaveLength(1));
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByLabelText('Valor recebido'));
    fireEvent.change(screen.getByLabelText('Valor recebido'), { target: { value: '50' } });
    await screen.findByText('Troco: R$ 6,20');
    fireEvent.keyDown(window, { key: 'F9' });
    await waitFor(() => expect(api.vendas).toHaveLength(1));
    expect(api.vendas[0]).toMatchObject({
      tipo: 'balcao',
      atendimento_rapido: true,
      forma_pagamento: null,
      pagamentos: [{ forma: 'dinheiro', valor: 50 }],
      itens: [{ produto_id: 1, quantidade: 2, preco_unitario: 21.9, desconto_item: 0 }],
    });
    expect((api.vendas[0] as { inicio_atendimento: string }).inicio_atendimento).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );
    await waitFor(() => expect(linhas()).toHaveLength(0));
    await screen.findByTestId('pdv-ultima-venda');
  });
});

describe('sending a sale', () => {
  const semRede = () => new ApiError(0, undefined);

  it('retries a network failure with the same call, up to RETENTATIVAS times, and not a refusal', async () => {
    const espera = () => Promise.resolve();
    let tentativas = 0;
    await expect(
      comRetentativas(async () => {
        tentativas++;
        if (tentativas < 3) throw semRede();
        return 'ok';
      }, espera),
    ).resolves.toBe('ok');
    expect(tentativas).toBe(3);

    tentativas = 0;
    await expect(
      comRetentativas(async () => {
        tentativas++;
        throw semRede();
      }, espera),
    ).rejects.toBeInstanceOf(ApiError);
    expect(tentativas).toBe(RETENTATIVAS + 1);

    tentativas = 0;
    const recusa = new ApiError(409, 'Estoque insuficiente', 'ESTOQUE_INSUFICIENTE');
    await expect(
      comRetentativas(async () => {
        tentativas++;
        throw recusa;
      }, espera),
    ).rejects.toBe(recusa);
    expect(tentativas).toBe(1);
  });

  it('asks for a manager when the discount needs one, until it goes through or is cancelled', async () => {
    const pedida = new ApiError(403, 'O desconto passa do limite', 'AUTORIZACAO_NECESSARIA');
    const invalida = new ApiError(
      403,
      VENDA_MESSAGES.autorizacaoInvalida,
      'AUTORIZACAO_NECESSARIA',
    );
    const enviadas: Array<AutorizacaoDesconto | null> = [];
    const motivos: Array<string | undefined> = [];
    const emails: Array<string | undefined> = [];
    const respostas = [
      { email: 'gerente@empresa.com.br', senha: 'errada' },
      { email: 'gerente@empresa.com.br', senha: 'certa' },
    ];
    const venda = await comAutorizacao(
      async (autorizacao) => {
        enviadas.push(autorizacao);
        if (!autorizacao) throw pedida;
        if (autorizacao.senha !== 'certa') throw invalida;
        return 'vendida';
      },
      async (motivo, email) => {
        motivos.push(motivo);
        emails.push(email);
        return respostas.shift() ?? null;
      },
    );
    expect(venda).toBe('vendida');
    expect(enviadas.map((a) => a?.senha ?? null)).toEqual([null, 'errada', 'certa']);
    expect(motivos).toEqual(['O desconto passa do limite', VENDA_MESSAGES.autorizacaoInvalida]);
    // A refused try keeps its e-mail for the next.
    expect(emails).toEqual(['', 'gerente@empresa.com.br']);

    await expect(
      comAutorizacao(
        async () => {
          throw pedida;
        },
        async () => null,
      ),
    ).rejects.toBeInstanceOf(AutorizacaoCancelada);
  });
});
