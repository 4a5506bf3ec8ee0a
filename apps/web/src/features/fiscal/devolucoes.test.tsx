import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  DEVOLUCOES_MENSAGENS as M,
  type Devolucao,
  type DevolucaoOrigem,
  type DevolucaoResumo,
  type NotaFiscal,
} from '@prumo/shared/fiscal';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { notaFiscal, SEM_EVENTOS, STATUS_FISCAL } from '../../test/fiscal';
import { renderScreen, stubDocumentFonts, withWideScreen } from '../../test/render';
import NotaFiscalDetalhePage from './pages/NotaFiscalDetalhePage';
import NotaFiscalPage from './pages/NotaFiscalPage';

withWideScreen();
stubDocumentFonts(); // the reason's autosize Textarea
withMockedApi();

const CHAVE = '35261112345678000195550010000000071234567890';
const CHAVE_DEVOLUCAO = '35261112345678000195550010000000991234567891';

const NOTA = notaFiscal(7, { chave: CHAVE, valor_total: 60.47 });

/** The return's own NF-e (finalidade 4): no sale. */
const NOTA_DEVOLUCAO: NotaFiscal = {
  ...NOTA,
  id: 99,
  numero: 99,
  chave: CHAVE_DEVOLUCAO,
  venda_id: null,
  venda_numero: null,
  finalidade: 4,
  devolucao_id: 5,
  valor_total: 51.48,
};

const ORIGEM: DevolucaoOrigem = {
  tipo: 'cliente',
  chave: CHAVE,
  modelo: 55,
  numero: 7,
  serie: 1,
  emitida_em: '2026-11-20T13:05:00Z',
  pessoa: { id: 3, nome: 'Maria Souza' },
  nota_id: 7,
  entrada_id: null,
  venda_id: 40,
  itens: [
    {
      n_item: 1,
      produto_id: 11,
      produto_nome: 'Café torrado 500 g',
      descricao: 'Café torrado 500 g',
      unidade: 'UN',
      fator: 1,
      quantidade: 4,
      devolvida: 1,
      disponivel: 3,
      valor_unitario: 12,
      valor_liquido_unitario: 10.5,
    },
    {
      n_item: 2,
      produto_id: 12,
      produto_nome: 'Filtro de papel 103',
      descricao: 'Filtro de papel 103',
      unidade: 'CX',
      fator: 1,
      quantidade: 2.5,
      devolvida: 0,
      disponivel: 2.5,
      valor_unitario: 8,
      valor_liquido_unitario: 7.99,
    },
  ],
};

/** The return as the list shows it. */
const RESUMO: DevolucaoResumo = {
  id: 5,
  tipo: 'cliente',
  chave_referenciada: CHAVE,
  numero_origem: 7,
  pessoa_id: 3,
  pessoa_nome: 'Maria Souza',
  motivo: 'Produto com defeito de fábrica',
  acerto: 'reembolso',
  valor_total: 51.48,
  nota_id: 99,
  nota_numero: 99,
  nota_situacao: 'Autorizada',
  usuario_nome: 'Ana',
  created_at: '2026-11-21T12:00:00Z',
};

const DEVOLUCAO: Devolucao = {
  ...RESUMO,
  nota_origem_id: 7,
  entrada_id: null,
  venda_id: 40,
  cancelada_em: null,
  itens: [
    {
      n_item: 1,
      produto_id: 11,
      produto_nome: 'Café torrado 500 g',
      descricao: 'Café torrado 500 g',
      unidade: 'UN',
      quantidade: 3,
      quantidade_estoque: 3,
      valor_unitario: 12,
      valor_total: 31.5,
    },
  ],
  movimentacoes: [
    {
      id: 70,
      produto_id: 11,
      produto_nome: 'Café torrado 500 g',
      tipo: 'entrada',
      quantidade: 3,
      data: '2026-11-21',
    },
  ],
  titulos: [
    {
      id: 81,
      natureza: 'pagar',
      descricao: 'Devolução NF-e 7 — Maria Souza',
      valor: 51.48,
      status: 'pago',
    },
  ],
};

const CONTAS = [
  {
    id: 1,
    nome: 'Caixa da loja',
    tipo: 'caixa',
    banco: null,
    agencia: null,
    conta: null,
    saldo_inicial: 0,
    data_saldo_inicial: '2026-01-01',
    ativo: true,
    saldo: 500,
  },
  {
    id: 2,
    nome: 'Conta encerrada',
    tipo: 'corrente',
    banco: null,
    agencia: null,
    conta: null,
    saldo_inicial: 0,
    data_saldo_inicial: '2026-01-01',
    ativo: false,
    saldo: 0,
  },
];

/** The API answered from memory; every call is recorded. */
const stubApi = (answer: (chamada: Chamada) => Response | undefined) =>
  mockApi(answer, ({ url }) => {
    if (/^\/api\/notas-fiscais\/\d+\/eventos$/.test(url)) return json(SEM_EVENTOS);
    if (url === '/api/financeiro/contas') return json(CONTAS);
    if (url === '/api/fiscal/status') return json(STATUS_FISCAL);
    if (
      url.startsWith('/api/fiscal/lacunas') ||
      url.startsWith('/api/fiscal/inutilizacoes') ||
      url.startsWith('/api/devolucoes?') ||
      url.startsWith('/api/notas-fiscais?') ||
      url.startsWith('/api/cadastros?')
    ) {
      return json([], 200, { 'x-total-count': '0' });
    }
    return json({});
  });

const render = (route: string, role: 'admin' | 'manager' | 'user' = 'manager') =>
  renderScreen(
    <Routes>
      <Route path="/nota-fiscal" element={<NotaFiscalPage />} />
      <Route path="/nota-fiscal/:id" element={<NotaFiscalDetalhePage />} />
    </Routes>,
    { route, user: { nome: 'Ana', email: 'gerente@empresa.com.br', role } },
  );

const posts = (chamadas: Chamada[]) =>
  chamadas.filter((c) => c.url === '/api/devolucoes' && c.method === 'POST');

/** Opens the dialog from the note and waits for its items. */
async function abrirDialogo() {
  fireEvent.click(await screen.findByRole('button', { name: 'Registrar devolução' }));
  const dialogo = await screen.findByRole('dialog', { name: 'Registrar devolução' });
  await within(dialogo).findByTestId('devolucao-item-1');
  return dialogo;
}

const quantidade = (dialogo: HTMLElement, nItem: number) =>
  within(dialogo).getByLabelText(`Quantidade a devolver do item ${nItem}`);
const emitir = (dialogo: HTMLElement) =>
  fireEvent.click(within(dialogo).getByRole('button', { name: 'Emitir NF-e de devolução' }));

describe('registrar devolução (issue 29, item 4)', () => {
  it('computes the value, refuses more than available, checks before sending, sends the body and opens the new note', async () => {
    const chamadas = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(NOTA);
      if (url === '/api/notas-fiscais/99') return json(NOTA_DEVOLUCAO);
      if (url === '/api/devolucoes/origem?tipo=cliente&nota_id=7') return json(ORIGEM);
      if (url === '/api/devolucoes' && method === 'POST') return json(DEVOLUCAO, 201);
      if (url === '/api/devolucoes/5') return json(DEVOLUCAO);
    });
    render('/nota-fiscal/7');
    const dialogo = await abrirDialogo();
    const d = within(dialogo);
    expect(d.getByText('NF-e Nº 000.000.007 · Série 1')).toBeTruthy();
    expect(d.getByTestId('devolucao-pessoa').textContent).toBe('Maria Souza');
    expect(d.getByTestId('disponivel-1').textContent).toBe('3 UN');
    expect(d.getByText('já devolvido 1 UN')).toBeTruthy();
    expect(d.getByTestId('devolucao-valor').textContent).toBe(formatMoney(0));

    // 2 × R$ 10,50 (the net unit value).
    fireEvent.change(quantidade(dialogo, 1), { target: { value: '2' } });
    expect(d.getByTestId('devolucao-valor').textContent).toBe(formatMoney(21));

    // More than the 2,5 CX still available: told at once, and nothing is sent.
    fireEvent.change(quantidade(dialogo, 2), { target: { value: '3' } });
    const acima = M.quantidadeAcimaDoSaldo(2, '2,5', 'CX');
    expect(d.getByText(acima)).toBeTruthy();
    emitir(dialogo);
    expect(await d.findByText(M.motivo)).toBeTruthy();
    expect(d.getByText(M.acerto)).toBeTruthy();
    expect(posts(chamadas)).toHaveLength(0);

    // Devolver tudo: 3 × 10,50 + 2,5 × 7,99 = 31,50 + 19,98.
    fireEvent.click(d.getByRole('button', { name: 'Devolver tudo' }));
    expect(d.queryByText(acima)).toBeNull();
    expect(d.getByTestId('devolucao-valor').textContent).toBe(formatMoney(51.48));

    fireEvent.change(d.getByLabelText(/Motivo/), {
      target: { value: '  Produto com defeito de fábrica ' },
    });
    fireEvent.click(d.getByLabelText('Reembolsar agora'));
    emitir(dialogo);
    expect(await d.findByText(M.conta)).toBeTruthy();
    expect(posts(chamadas)).toHaveLength(0);

    fireEvent.click(d.getByLabelText(/Conta de onde sai o reembolso/));
    expect(screen.queryByRole('option', { name: 'Conta encerrada', hidden: true })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Caixa da loja', hidden: true }));
    emitir(dialogo);

    expect(await screen.findByText('Devolução registrada: NF-e nº 000.000.099')).toBeTruthy();
    const [envio] = posts(chamadas);
    expect(envio!.body).toEqual({
      tipo: 'cliente',
      nota_id: 7,
      motivo: 'Produto com defeito de fábrica',
      acerto: 'reembolso',
      conta_id: 1,
      itens: [
        { n_item: 1, quantidade: 3 },
        { n_item: 2, quantidade: 2.5 },
      ],
    });
    expect(envio!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // The return's note opens.
    expect(await screen.findByRole('heading', { name: 'NF-e Nº 000.000.099' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Registrar devolução' })).toBeNull(),
    );
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    const chamadas = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(NOTA);
      if (url === '/api/devolucoes/origem?tipo=cliente&nota_id=7') return json(ORIGEM);
      if (url === '/api/devolucoes' && method === 'POST') {
        return json({ error: 'REGRA_VIOLADA', message: M.nfeDesativada }, 409);
      }
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render('/nota-fiscal/7', 'admin');
    const dialogo = await abrirDialogo();
    const d = within(dialogo);
    fireEvent.change(quantidade(dialogo, 1), { target: { value: '1' } });
    fireEvent.change(d.getByLabelText(/Motivo/), { target: { value: 'Troca de voltagem' } });
    fireEvent.click(d.getByLabelText('Crédito para o cliente (conta a pagar em aberto)'));
    emitir(dialogo);
    expect((await d.findByTestId('devolucao-erro')).textContent).toBe(
      `Erro ao registrar a devolução: ${M.nfeDesativada}`,
    );
    expect(posts(chamadas)[0]!.body).toEqual({
      tipo: 'cliente',
      nota_id: 7,
      motivo: 'Troca de voltagem',
      acerto: 'credito',
      itens: [{ n_item: 1, quantidade: 1 }],
    });
    expect(screen.getByRole('dialog', { name: 'Registrar devolução' })).toBeTruthy();
  });

  it('asks who returns when the sale had no customer (an NFC-e)', async () => {
    const nfce: NotaFiscal = {
      ...NOTA,
      modelo: 65,
      destinatario_nome: null,
      destinatario_documento: null,
    };
    const chamadas = stubApi(({ url, method }) => {
      if (url === '/api/notas-fiscais/7') return json(nfce);
      if (url === '/api/devolucoes/origem?tipo=cliente&nota_id=7') {
        return json({ ...ORIGEM, modelo: 65, pessoa: null });
      }
      if (url.startsWith('/api/cadastros?')) {
        return json([{ id: 8, nome: 'João Lima' }], 200, { 'x-total-count': '1' });
      }
      if (url === '/api/devolucoes' && method === 'POST') return json(DEVOLUCAO, 201);
    });
    render('/nota-fiscal/7');
    const dialogo = await abrirDialogo();
    const d = within(dialogo);
    expect(d.getByText('NFC-e Nº 000.000.007 · Série 1')).toBeTruthy();
    expect(d.getByTestId('devolucao-pessoa').textContent).toBe('Consumidor não identificado');
    fireEvent.change(quantidade(dialogo, 2), { target: { value: '1,5' } });
    expect(d.getByTestId('devolucao-valor').textContent).toBe(formatMoney(11.99));
    fireEvent.change(d.getByLabelText(/Motivo/), { target: { value: 'Desistência' } });
    fireEvent.click(d.getByLabelText('Crédito para o cliente (conta a pagar em aberto)'));
    emitir(dialogo);
    expect(await d.findByText(M.semCliente)).toBeTruthy();
    expect(posts(chamadas)).toHaveLength(0);

    fireEvent.click(d.getByLabelText(/Cliente que devolve/));
    fireEvent.click(await screen.findByRole('option', { name: 'João Lima', hidden: true }));
    emitir(dialogo);
    await waitFor(() => expect(posts(chamadas)).toHaveLength(1));
    expect(posts(chamadas)[0]!.body).toEqual({
      tipo: 'cliente',
      nota_id: 7,
      cliente_id: 8,
      motivo: 'Desistência',
      acerto: 'credito',
      itens: [{ n_item: 2, quantidade: 1.5 }],
    });
  });

  it('offers Registrar devolução only to admins and managers, on an authorized sale note', async () => {
    stubApi(({ url }) => {
      if (url === '/api/notas-fiscais/7') return json(NOTA);
      if (url === '/api/notas-fiscais/8') {
        return json({ ...NOTA, id: 8, situacao: 'Rejeitada', c_stat: 778 });
      }
    });
    const { unmount } = render('/nota-fiscal/7', 'user');
    await screen.findByTestId('nota-detalhe');
    expect(screen.queryByRole('button', { name: 'Registrar devolução' })).toBeNull();
    unmount();
    render('/nota-fiscal/8', 'admin');
    await screen.findByTestId('nota-detalhe');
    expect(screen.queryByRole('button', { name: 'Registrar devolução' })).toBeNull();
  });
});

describe('nota de devolução (finalidade 4)', () => {
  it('shows the return instead of the sale, with the link to the original note; cancelling offers no sale', async () => {
    const chamadas = stubApi(({ url }) => {
      if (url === '/api/notas-fiscais/99') return json(NOTA_DEVOLUCAO);
      if (url === '/api/devolucoes/5') return json(DEVOLUCAO);
      if (url === '/api/notas-fiscais/99/eventos') {
        return json({
          ...SEM_EVENTOS,
          cancelamento: {
            permitido: true,
            prazo_ate: '2099-11-21T13:05:02Z',
            restante_segundos: 3600,
            motivo: null,
          },
        });
      }
    });
    render('/nota-fiscal/99', 'admin');
    const secao = within(await screen.findByTestId('nota-devolucao'));
    expect(await secao.findByText('Devolução de cliente')).toBeTruthy();
    expect(secao.getByTestId('devolucao-chave-referenciada').textContent).toBe(
      '3526 1112 3456 7800 0195 5500 1000 0000 0712 3456 7890',
    );
    expect(secao.getByRole('link', { name: 'Nº 000.000.007' }).getAttribute('href')).toBe(
      '/nota-fiscal/7',
    );
    expect(secao.getByTestId('devolucao-motivo').textContent).toBe(
      'Produto com defeito de fábrica',
    );
    expect(secao.getByText('Reembolsar agora')).toBeTruthy();
    const itens = within(secao.getByTestId('devolucao-itens'));
    expect(itens.getByText('1. Café torrado 500 g')).toBeTruthy();
    expect(itens.getByText('3 UN')).toBeTruthy();
    expect(itens.getByText('R$ 31,50')).toBeTruthy();
    expect(
      secao.getByRole('link', { name: 'Devolução NF-e 7 — Maria Souza' }).getAttribute('href'),
    ).toBe('/financeiro?titulo=81');
    expect(screen.getByTestId('nota-finalidade').textContent).toBe('Devolução');
    expect(screen.queryByText('Venda')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar devolução' })).toBeNull();
    expect(chamadas.some((c) => c.url.startsWith('/api/devolucoes/origem'))).toBe(false);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar nota' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cancelar NF-e Nº 000.000.099' });
    expect(within(dialogo).queryByLabelText(/Cancelar também a venda/)).toBeNull();
  });

  it("links a supplier's return to the purchase's entry, and tells it was undone", async () => {
    stubApi(({ url }) => {
      if (url === '/api/notas-fiscais/99') return json(NOTA_DEVOLUCAO);
      if (url === '/api/devolucoes/5') {
        return json({
          ...DEVOLUCAO,
          tipo: 'fornecedor',
          acerto: 'credito',
          pessoa_nome: 'Distribuidora Exemplo',
          nota_origem_id: null,
          entrada_id: 12,
          venda_id: null,
          cancelada_em: '2026-11-22T15:30:00Z',
          titulos: [],
        });
      }
    });
    render('/nota-fiscal/99', 'admin');
    const secao = within(await screen.findByTestId('nota-devolucao'));
    expect(await secao.findByText('Devolução ao fornecedor')).toBeTruthy();
    expect(secao.getByRole('link', { name: /Nº 000\.000\.007/ }).getAttribute('href')).toBe(
      '/estoque/entradas-xml?entrada=12',
    );
    expect(secao.getByText('Crédito com o fornecedor (conta a receber em aberto)')).toBeTruthy();
    expect(secao.getByText('Distribuidora Exemplo')).toBeTruthy();
    // Its note was cancelled: the return was undone with it.
    const desfeita = within(secao.getByTestId('devolucao-desfeita'));
    expect(desfeita.getByText('Desfeita em 22/11/2026 12:30')).toBeTruthy();
    expect(
      desfeita.getByText(/o estoque voltou e o título da devolução foi cancelado/),
    ).toBeTruthy();
  });
});

describe('/nota-fiscal: devoluções', () => {
  it("badges a return's note in the list and lists the returns with their notes, searched on the server", async () => {
    const chamadas = stubApi(({ url }) => {
      if (url.startsWith('/api/notas-fiscais?')) {
        return json([NOTA, NOTA_DEVOLUCAO], 200, { 'x-total-count': '2' });
      }
      if (url.startsWith('/api/devolucoes?')) {
        return json([RESUMO], 200, { 'x-total-count': '1' });
      }
    });
    render('/nota-fiscal', 'admin');
    const notas = await screen.findByTestId('notas-nfe-table');
    await waitFor(() => expect(within(notas).getByText('000.000.099')).toBeTruthy());
    const devolucaoNaLista = notas.querySelector('[data-nota-numero="99"]') as HTMLElement;
    expect(within(devolucaoNaLista).getByTestId('nota-devolucao-badge').textContent).toBe(
      'Devolução',
    );
    const normal = notas.querySelector('[data-nota-numero="7"]') as HTMLElement;
    expect(within(normal).queryByTestId('nota-devolucao-badge')).toBeNull();

    const painel = within(await screen.findByTestId('devolucoes-painel'));
    const linha = await painel.findByText('Maria Souza');
    const row = linha.closest('tr')!;
    expect(within(row).getByText('Devolução de cliente')).toBeTruthy();
    expect(within(row).getByText('000.000.007')).toBeTruthy();
    expect(within(row).getByText('R$ 51,48')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '000.000.099' }).getAttribute('href')).toBe(
      '/nota-fiscal/99',
    );
    expect(within(row).getByText('Autorizada')).toBeTruthy();
    const listas = () =>
      chamadas
        .filter((c) => c.url.startsWith('/api/devolucoes?'))
        .map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
    expect(listas()[0]).toEqual({ limit: '10', offset: '0' });

    fireEvent.change(painel.getByLabelText('Pesquisar devoluções'), {
      target: { value: 'maria' },
    });
    await waitFor(() => expect(listas().at(-1)).toEqual({ q: 'maria', limit: '10', offset: '0' }));
  });

  it('shows no returns to a user, nor on the NFC-e tab', async () => {
    const chamadas = stubApi(() => undefined);
    const { unmount } = render('/nota-fiscal', 'user');
    await screen.findByTestId('notas-nfe-table');
    expect(screen.queryByTestId('devolucoes-painel')).toBeNull();
    unmount();
    render('/nota-fiscal?aba=nfce', 'admin');
    await screen.findByTestId('notas-nfce-table');
    expect(screen.queryByTestId('devolucoes-painel')).toBeNull();
    expect(chamadas.some((c) => c.url.startsWith('/api/devolucoes'))).toBe(false);
  });
});
