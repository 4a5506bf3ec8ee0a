import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locacao, LocacaoResumo } from '@prumo/shared/contratos';
import { addDaysISO, formatDate, todayISO } from '@prumo/shared/dates';
import { formatMoney } from '@prumo/shared/money';
import { json, mockApi, withMockedApi } from '../../../test/api';
import { renderScreen, withWideScreen } from '../../../test/render';
import ContratosPage from '../pages/ContratosPage';
import LocacaoPage from './pages/LocacaoPage';

withMockedApi();
withWideScreen();

/** Money as the screen reads after whitespace is normalized. */
const hoje = todayISO();
const reais = (valor: number) => formatMoney(valor).replace(/\s/g, ' ');
const texto = (el: HTMLElement) => (el.textContent ?? '').replace(/\s/g, ' ');

const resumo = (numero: number, extra: Partial<LocacaoResumo> = {}): LocacaoResumo => ({
  id: numero,
  numero,
  cliente_id: 1,
  cliente_nome: `Cliente ${numero}`,
  situacao: 'Retirada',
  retirada: addDaysISO(hoje, -10),
  devolucao_prevista: addDaysISO(hoje, -2),
  retirada_em: addDaysISO(hoje, -10),
  devolvida_em: null,
  itens_texto: 'Betoneira 400 L × 1',
  valor: 360,
  caucao: 500,
  atrasada: false,
  dias_atraso: 0,
  ...extra,
});

const locacao = (extra: Partial<Locacao> = {}): Locacao => ({
  ...resumo(7, { atrasada: true, dias_atraso: 2 }),
  forma_pagamento: 'pix',
  observacoes: null,
  dias: 8,
  itens: [
    {
      id: 1,
      item_id: 1,
      produto_id: 9,
      nome: 'Betoneira 400 L',
      quantidade: 1,
      preco_diaria: 60,
      preco_semanal: 300,
      preco_mensal: 900,
      meses: 0,
      semanas: 1,
      dias: 1,
      valor: 360,
      subtotal: 360,
      unidades: [{ id: 1, numero: 1, identificacao: 'PAT-0101' }],
    },
  ],
  multa_atraso: null,
  danos: null,
  caucao_devolvida: null,
  motivo_cancelamento: null,
  titulos: [],
  created_at: '2026-11-17T12:00:00.000Z',
  ...extra,
});

describe('Contratos → Locações', () => {
  it('lists the rentals from the server and filters the late ones, with their count', async () => {
    const chamadas = mockApi(({ url }) => {
      if (url === '/api/locacoes/resumo')
        return json({ reservadas: 0, retiradas: 2, atrasadas: 1 });
      if (url.startsWith('/api/locacoes?')) {
        const atrasadas = new URL(url, 'http://x').searchParams.get('atrasadas') === 'true';
        const todas = [resumo(2, { atrasada: true, dias_atraso: 3 }), resumo(1)];
        const lista = atrasadas ? todas.filter((l) => l.atrasada) : todas;
        return json(lista, 200, { 'x-total-count': String(lista.length) });
      }
    });
    renderScreen(
      <Routes>
        <Route path="/contratos" element={<ContratosPage />} />
      </Routes>,
      { route: '/contratos?aba=locacoes' },
    );
    const tabela = await screen.findByTestId('locacoes-table');
    await waitFor(() => expect(within(tabela).getByText('Cliente 1')).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Nova Locação' })).toBeTruthy();
    expect(texto(within(tabela).getByText(/de atraso/))).toBe(
      `${formatDate(addDaysISO(hoje, -2))} (3 dias de atraso)`,
    );

    fireEvent.click(await screen.findByText('Atrasadas (1)'));
    await waitFor(() => expect(within(tabela).queryByText('Cliente 1')).toBeNull());
    expect(chamadas.some((c) => c.url.includes('atrasadas=true'))).toBe(true);
  });

  it('checks a late rental in with the fee shown before confirming, and sends the day and damages', async () => {
    let atual = locacao();
    const chamadas = mockApi(({ url, method, body }) => {
      if (url === '/api/locacoes/7' && method === 'GET') return json(atual);
      if (url === '/api/locacoes/7/status' && method === 'PATCH') {
        const { danos } = body as { danos: number };
        atual = locacao({
          situacao: 'Devolvida',
          atrasada: false,
          devolvida_em: hoje,
          multa_atraso: 120,
          danos,
          caucao_devolvida: 500 - danos,
        });
        return json(atual);
      }
    });
    renderScreen(
      <Routes>
        <Route path="/contratos/locacoes/:id" element={<LocacaoPage />} />
      </Routes>,
      { route: '/contratos/locacoes/7' },
    );
    expect(texto(await screen.findByTestId('locacao-atrasada'))).toContain('2 dias de atraso');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar devolução' }));
    const form = await screen.findByTestId('locacao-movimento-form');
    fireEvent.change(within(form).getByLabelText(/^Data/), { target: { value: formatDate(hoje) } });
    fireEvent.change(within(form).getByLabelText('Danos'), { target: { value: '80,00' } });
    await waitFor(() =>
      expect(texto(screen.getByTestId('devolucao-previa'))).toContain(
        `Caução a devolver: ${reais(420)}`,
      ),
    );
    expect(texto(screen.getByTestId('devolucao-previa'))).toContain(
      `Atraso de 2 dias: ${reais(120)}`,
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar devolução' }));
    await waitFor(() =>
      expect(texto(screen.getByTestId('locacao-multa'))).toBe(`2 dias: ${reais(120)}`),
    );
    const patch = chamadas.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ situacao: 'Devolvida', data: hoje, danos: 80 });
    expect(patch.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });
});
