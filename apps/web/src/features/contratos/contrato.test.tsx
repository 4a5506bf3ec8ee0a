import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CONTRATO_MESSAGES, type Contrato } from '@prumo/shared/contratos';
import { todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi, type Chamada } from '../../test/api';
import { renderScreen, stubDocumentFonts } from '../../test/render';
import { contrato } from './contratos.fixtures';
import ContratoPage from './pages/ContratoPage';
import EditarContratoPage from './pages/EditarContratoPage';
import NovoContratoPage from './pages/NovoContratoPage';

stubDocumentFonts(); // the Observações and Motivo text areas autosize
withMockedApi();

/** A text as the screen reads after whitespace is normalized (money's no-break space). */
const plano = (texto: string) => texto.replace(/\s/g, ' ');

const SERVICO = {
  id: 3,
  nome: 'Suporte de TI',
  categoria: 'Informática',
  preco: 150,
  ativo: true,
};

/** The contract screens' API: customers, services, the contract 7 and what the writes answer. */
function stubApi(atual: Contrato = contrato()) {
  let salvo = atual;
  const chamadas = mockApi(({ url, method, body }) => {
    if (url.startsWith('/api/cadastros?')) {
      return json([{ id: 5, nome: 'Maria Souza', tipo: 'cliente' }], 200, {
        'x-total-count': '1',
      });
    }
    if (url === '/api/servicos') return json([SERVICO]);
    if (url === '/api/contratos' && method === 'POST') return json({ ...salvo, id: 9 }, 201);
    if (url === '/api/contratos/7' && method === 'PUT') {
      salvo = { ...salvo, ...(body as object) };
      return json(salvo);
    }
    if (url === '/api/contratos/7') return json(salvo);
    if (url.startsWith('/api/contratos/7/cancelamento?')) {
      return json({
        data: todayISO(),
        fim_fidelidade: '2027-01-09',
        meses_restantes: 2,
        multa: 60,
      });
    }
    if (url === '/api/contratos/7/status' && method === 'PATCH') {
      salvo = {
        ...salvo,
        situacao: 'Cancelado',
        cancelado_em: todayISO(),
        motivo_cancelamento: (body as { motivo: string }).motivo,
        multa_cancelamento: 60,
        proximo_faturamento: null,
      };
      return json(salvo);
    }
  });
  return chamadas;
}

const renderRota = (route: string) =>
  renderScreen(
    <Routes>
      <Route path="/contratos/novo" element={<NovoContratoPage />} />
      <Route path="/contratos/:id/editar" element={<EditarContratoPage />} />
      <Route path="/contratos/:id" element={<ContratoPage />} />
    </Routes>,
    { route, user: { nome: 'Gustavo', email: 'g@empresa.com.br', role: 'manager' } },
  );

const form = () => screen.getByTestId('contrato-form');
const campo = (label: string | RegExp) =>
  within(form()).getByLabelText(label, { selector: 'input' });
const digitar = (input: HTMLElement, texto: string) =>
  fireEvent.change(input, { target: { value: texto } });
const escritas = (chamadas: Chamada[], url: string) =>
  chamadas.filter((c) => c.url === url && c.method !== 'GET');

describe('Novo Contrato', () => {
  it('computes the first billing day live and sends the contract with its defaults', async () => {
    const chamadas = stubApi();
    renderRota('/contratos/novo');
    await screen.findByTestId('contrato-form');

    fireEvent.click(campo(/^Cliente/));
    fireEvent.click(await screen.findByRole('option', { name: 'Maria Souza', hidden: true }));
    fireEvent.click(campo('Adicionar serviço'));
    fireEvent.click(await screen.findByRole('option', { name: /Suporte de TI/, hidden: true }));
    const linha = await screen.findByTestId('item-contrato');
    digitar(within(linha).getByLabelText('Quantidade'), '2');
    await waitFor(() =>
      expect(screen.getByTestId('total-ciclo').textContent).toBe(formatMoney(300)),
    );
    expect(within(linha).getByTestId('item-subtotal').textContent).toBe(formatMoney(300));

    // Day 31 in February bills on its last day.
    digitar(campo(/^Início/), '10/02/2027');
    digitar(campo(/^Dia de faturamento/), '31');
    await waitFor(() =>
      expect(screen.getByTestId('primeiro-faturamento').textContent).toBe(
        'Primeiro faturamento: 28/02/2027',
      ),
    );
    // Due on the billing day, moved to the next business day: 28/02/2027 is a Sunday.
    expect(screen.getByTestId('primeiro-vencimento').textContent).toBe(
      'Vencimento da primeira fatura: 01/03/2027',
    );
    digitar(campo(/^Dias até o vencimento/), '5');
    digitar(campo(/^Fidelidade/), '12');
    digitar(campo(/^Multa/), '20');
    fireEvent.change(within(form()).getByLabelText('Descrição'), {
      target: { value: '  Suporte mensal  ' },
    });

    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar contrato' }));
    await waitFor(() => expect(escritas(chamadas, '/api/contratos')).toHaveLength(1));
    const [envio] = escritas(chamadas, '/api/contratos');
    expect(envio!.method).toBe('POST');
    expect(envio!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(envio!.body).toEqual({
      cliente_id: 5,
      descricao: 'Suporte mensal',
      itens: [{ servico_id: 3, quantidade: 2, valor: 150 }],
      inicio: '2027-02-10',
      fim: null,
      periodicidade: 'mensal',
      dia_faturamento: 31,
      dias_vencimento: 5,
      vencimento_dia_util: true,
      forma_pagamento: 'boleto',
      fidelidade_meses: 12,
      multa_fidelidade: 20,
      reajuste_indice: null,
      reajuste_percentual: null,
      observacoes: null,
    });
    // Saved: on to the new contract's page.
    expect(await screen.findByTestId('contrato-titulo')).toBeTruthy();
  }, 20_000);

  it('sends nothing without a customer or a service, and says so beside them', async () => {
    const chamadas = stubApi();
    renderRota('/contratos/novo');
    await screen.findByTestId('contrato-form');
    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar contrato' }));
    expect(await within(form()).findByText(CONTRATO_MESSAGES.clienteObrigatorio)).toBeTruthy();
    expect(screen.getByTestId('itens-erro').textContent).toBe(CONTRATO_MESSAGES.itensObrigatorios);
    expect(escritas(chamadas, '/api/contratos')).toHaveLength(0);
  });
});

describe('Editar Contrato', () => {
  it('shows the services read-only, keeps a billed calendar fixed and shows the server’s refusal', async () => {
    mockApi(({ url, method }) => {
      if (url === '/api/contratos/7' && method === 'PUT') {
        return json({ error: 'REGRA_VIOLADA', message: CONTRATO_MESSAGES.faturado }, 409);
      }
      if (url === '/api/contratos/7') return json(contrato());
      if (url.startsWith('/api/cadastros?')) return json([], 200, { 'x-total-count': '0' });
    });
    renderRota('/contratos/7/editar');
    await screen.findByTestId('contrato-form');
    expect(within(screen.getByTestId('itens-leitura')).getByText('Suporte de TI')).toBeTruthy();
    expect(screen.getByTestId('itens-novo-preco').textContent).toContain('Novo preço');
    expect(screen.queryByLabelText('Adicionar serviço')).toBeNull();
    expect((campo(/^Início/) as HTMLInputElement).disabled).toBe(true);
    expect((campo(/^Dia de faturamento/) as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(within(form()).getByRole('button', { name: 'Salvar contrato' }));
    expect(
      await screen.findByText(`Erro ao salvar o contrato: ${CONTRATO_MESSAGES.faturado}`),
    ).toBeTruthy();
  });
});

describe('the contract page', () => {
  it('cancels: shows the fee of the day before confirming, asks the reason, then PATCHes', async () => {
    const chamadas = stubApi();
    renderRota('/contratos/7');
    expect((await screen.findByTestId('contrato-titulo')).textContent).toBe('Contrato Nº 000007');
    const acoes = screen.getByTestId('contrato-acoes');
    // Active: it may be suspended or cancelled, not resumed.
    expect(within(acoes).getByRole('button', { name: 'Suspender' })).toBeTruthy();
    expect(within(acoes).queryByRole('button', { name: 'Retomar' })).toBeNull();
    expect(within(acoes).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe(
      '/contratos/7/editar',
    );
    const faturas = screen.getByTestId('contrato-faturas');
    expect(within(faturas).getByText('10/11/2026 a 09/12/2026')).toBeTruthy();
    expect(within(faturas).getByText('Em aberto')).toBeTruthy();
    expect(
      within(faturas).getByRole('link', { name: 'Ver no Financeiro' }).getAttribute('href'),
    ).toBe('/financeiro?aba=receber&titulo=81');

    fireEvent.click(within(acoes).getByRole('button', { name: 'Cancelar contrato' }));
    const dialogo = await screen.findByTestId('cancelar-contrato');
    const multa = await within(dialogo).findByTestId('cancelamento-multa');
    expect(multa.textContent).toBe(
      `Multa de fidelidade: ${formatMoney(60)} (2 meses restantes até 09/01/2027)`,
    );
    expect(chamadas.some((c) => c.url === `/api/contratos/7/cancelamento?data=${todayISO()}`)).toBe(
      true,
    );
    expect(escritas(chamadas, '/api/contratos/7/status')).toHaveLength(0);

    const confirmar = within(dialogo).getByRole('button', { name: 'Cancelar contrato' });
    fireEvent.click(confirmar);
    expect(await within(dialogo).findByText(CONTRATO_MESSAGES.motivoCancelamento)).toBeTruthy();
    expect(escritas(chamadas, '/api/contratos/7/status')).toHaveLength(0);

    digitar(within(dialogo).getByLabelText(/Motivo do cancelamento/), 'Cliente encerrou a loja');
    fireEvent.click(confirmar);
    await waitFor(() => expect(escritas(chamadas, '/api/contratos/7/status')).toHaveLength(1));
    const [patch] = escritas(chamadas, '/api/contratos/7/status');
    expect(patch!.method).toBe('PATCH');
    expect(patch!.body).toEqual({
      situacao: 'Cancelado',
      motivo: 'Cliente encerrou a loja',
      data: todayISO(),
    });
    expect(patch!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // Told, and the page shows how it was cancelled.
    const cancelamento = await screen.findByTestId('cancelamento');
    expect(screen.getAllByText('Contrato cancelado')).toHaveLength(2);
    expect(cancelamento.textContent).toContain('Motivo: Cliente encerrou a loja');
    expect(plano(cancelamento.textContent ?? '')).toContain(
      plano(`Multa de fidelidade: ${formatMoney(60)}`),
    );
    // Cancelled for good: no more moves, no edit.
    await waitFor(() =>
      expect(within(acoes).queryByRole('button', { name: 'Cancelar contrato' })).toBeNull(),
    );
    expect(within(acoes).queryByRole('button', { name: 'Suspender' })).toBeNull();
    expect(within(acoes).queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('says "Sem multa: fora da fidelidade" when no fee is due', async () => {
    mockApi(({ url }) => {
      if (url === '/api/contratos/7') return json(contrato({ fidelidade_meses: 0 }));
      if (url.startsWith('/api/contratos/7/cancelamento?')) {
        return json({ data: todayISO(), fim_fidelidade: null, meses_restantes: 0, multa: 0 });
      }
    });
    renderRota('/contratos/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar contrato' }));
    const dialogo = await screen.findByTestId('cancelar-contrato');
    expect((await within(dialogo).findByTestId('cancelamento-multa')).textContent).toBe(
      'Sem multa: fora da fidelidade',
    );
  });
});

describe('NFS-e das faturas', () => {
  it("issues a bill's NFS-e from its row and then links to it", async () => {
    let emitida = false;
    const chamadas = mockApi(({ url, method }) => {
      if (url === '/api/fiscal/status') {
        return json({
          ambiente: 'simulacao',
          pronto: true,
          pendencias: [],
          nfse_ativa: true,
          nfse_emissor_nacional: true,
        });
      }
      if (url === '/api/nfse' && method === 'POST') {
        emitida = true;
        return json([{ id: 55, situacao: 'Autorizada', numero_nfse: 3, chave: null }], 201);
      }
      if (url === '/api/contratos/7') {
        const atual = contrato();
        return json({
          ...atual,
          faturas: atual.faturas.map((f) =>
            emitida ? { ...f, nfse_id: 55, nfse_situacao: 'Autorizada' } : f,
          ),
        });
      }
    });
    renderRota('/contratos/7');
    const faturas = await screen.findByTestId('contrato-faturas');
    fireEvent.click(await within(faturas).findByRole('button', { name: 'Emitir NFS-e' }));
    await waitFor(() =>
      expect(chamadas.filter((c) => c.url === '/api/nfse' && c.method === 'POST')).toHaveLength(1),
    );
    expect(chamadas.find((c) => c.url === '/api/nfse')!.body).toEqual({ contrato_fatura_id: 11 });
    const link = await within(faturas).findByRole('link', { name: /Autorizada/ });
    expect(link.getAttribute('href')).toBe('/nota-fiscal/nfse/55');
  });
});
