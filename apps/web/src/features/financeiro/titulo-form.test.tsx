import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FINANCEIRO_MESSAGES } from '@prumo/shared/financeiro';
import { formatDecimal, formatMoney } from '@prumo/shared/money';
import { renderWithProviders } from '../../test/render';
import { TituloFormModal } from './components/TituloFormModal';
import { novoTituloValues } from './titulo-form';

afterEach(() => vi.unstubAllGlobals());

// The Observações textarea grows with its text and listens to the fonts, which jsdom lacks.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API the form calls, answered from memory; records the titles it receives. */
function stubApi() {
  const enviados: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/financeiro/categorias') {
        return json([
          { id: 5, nome: 'Aluguel', tipo: 'despesa', slug: null, ativo: true },
          {
            id: 1,
            nome: 'Venda de produtos',
            tipo: 'receita',
            slug: 'venda-produtos',
            ativo: true,
          },
        ]);
      }
      if (url === '/api/financeiro/titulos' && init?.method === 'POST') {
        enviados.push(JSON.parse(String(init.body)));
        return json({ id: 1 }, 201);
      }
      if (url.startsWith('/api/cadastros')) return json([]);
      return json({});
    }),
  );
  return enviados;
}

function renderForm(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <Notifications />
        <TituloFormModal
          edicao={{
            natureza: 'pagar',
            values: novoTituloValues('pagar', '2026-03-10'),
            travado: false,
          }}
          onClose={onClose}
        />
      </DatesProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

const form = () => screen.getByTestId('titulo-form');
const campo = (label: string) => within(form()).getByLabelText(label, { exact: false });
/** What the money inputs show: "R$ 333,34". */
const reais = (...valores: number[]) => valores.map((v) => `R$ ${formatDecimal(v)}`);
const digitar = (input: HTMLElement, texto: string) =>
  fireEvent.change(input, { target: { value: texto } });

describe('Nova conta a pagar', () => {
  it('splits the value in three, shows the difference of an edited installment, and sends the plan', async () => {
    const enviados = stubApi();
    const onClose = renderForm();
    expect(screen.getByText(FINANCEIRO_MESSAGES.novoPagar)).toBeTruthy();

    digitar(campo('Descrição'), 'Aluguel da loja');
    digitar(campo('Valor'), '1000');
    digitar(screen.getByTestId('num-parcelas'), '3');

    const valores = () =>
      screen
        .getAllByLabelText(/^Valor da parcela/)
        .map((input) => (input as HTMLInputElement).value);
    await waitFor(() => expect(valores()).toEqual(reais(333.34, 333.33, 333.33)));
    expect(screen.queryByTestId('parcelas-diferenca')).toBeNull();

    digitar(screen.getByLabelText('Valor da parcela 1'), '400');
    const diferenca = await screen.findByTestId('parcelas-diferenca');
    expect(diferenca.textContent).toContain(`Sobram ${formatMoney(66.66)}.`);
    fireEvent.click(within(diferenca).getByRole('button', { name: 'Ajustar a última parcela' }));
    await waitFor(() => expect(valores()).toEqual(reais(400, 333.33, 266.67)));
    expect(screen.queryByTestId('parcelas-diferenca')).toBeNull();

    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(enviados).toHaveLength(1));
    const enviado = enviados[0] as { parcelas: { vencimento: string; valor: number }[] };
    expect(enviado).toMatchObject({ natureza: 'pagar', descricao: 'Aluguel da loja', valor: 1000 });
    expect(enviado.parcelas.map((p) => p.valor)).toEqual([400, 333.33, 266.67]);
    expect(enviado.parcelas.map((p) => p.vencimento)).toEqual([
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 30_000);

  it('does not send a title without its description and value', async () => {
    const enviados = stubApi();
    renderForm();
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar' }));
    await screen.findByText(FINANCEIRO_MESSAGES.descricaoObrigatoria);
    expect(enviados).toHaveLength(0);
  }, 15_000);
});
