import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssinaturaResumo, MetricasAssinaturas } from '@prumo/shared/contratos';
import { json, mockApi } from '../../../test/api';
import { renderScreen } from '../../../test/render';
import ContratosPage from '../pages/ContratosPage';

afterEach(() => vi.unstubAllGlobals());

const METRICAS: MetricasAssinaturas = {
  mrr: 1234.5,
  arr: 14814,
  assinantes: 12,
  em_teste: 3,
  meses: [
    {
      mes: '2027-03',
      assinantes: 12,
      mrr: 1234.5,
      novos: 2,
      cancelados: 1,
      mrr_cancelado: 99.9,
      churn_contagem: 9.09,
      churn_receita: 7.5,
    },
  ],
};

const resumo = (numero: number, situacao: AssinaturaResumo['situacao']): AssinaturaResumo => ({
  id: numero,
  numero,
  cliente_id: 1,
  cliente_nome: `Cliente ${numero}`,
  plano_id: 1,
  plano_nome: 'Profissional',
  valor: 189.9,
  ciclo: 'mensal',
  situacao,
  inicio: '2027-01-10',
  fim_teste: null,
  proxima_renovacao: situacao === 'Cancelada' ? null : '2027-04-10',
  cancelar_ao_fim: false,
  cancelada_em: null,
});

describe('Contratos → Assinaturas', () => {
  it('shows the metrics and the subscriptions, filtered by situação from the address', async () => {
    const chamadas = mockApi(({ url }) => {
      if (url === '/api/assinaturas/metricas') return json(METRICAS);
      if (url.startsWith('/api/assinaturas?')) {
        const situacao = new URL(url, 'http://x').searchParams.get('situacao');
        const todas = [resumo(1, 'Ativa'), resumo(2, 'Inadimplente')].filter(
          (a) => !situacao || a.situacao === situacao,
        );
        return json(todas, 200, { 'x-total-count': String(todas.length) });
      }
    });
    renderScreen(
      <Routes>
        <Route path="/contratos" element={<ContratosPage />} />
      </Routes>,
      { route: '/contratos?aba=assinaturas&situacao=Inadimplente' },
    );
    const cards = await screen.findByTestId('assinaturas-metricas');
    await waitFor(() =>
      expect(within(cards).getByTestId('stat-MRR').textContent).toBe('R$\u00a01.234,50'),
    );
    expect(within(cards).getByTestId('stat-ARR').textContent).toBe('R$\u00a014.814,00');
    expect(within(cards).getByTestId('stat-Assinantes ativos').textContent).toBe(
      '12 (+3 em teste)',
    );
    // The rows the server answered for the filter (their cells follow the screen's width).
    const tabela = await screen.findByTestId('assinaturas-table');
    await waitFor(() =>
      expect(tabela.querySelector('[data-assinatura-numero="2"]')).not.toBeNull(),
    );
    expect(tabela.querySelector('[data-assinatura-numero="1"]')).toBeNull();
    expect(chamadas.some((c) => c.url.includes('situacao=Inadimplente'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Nova assinatura' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Planos' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Serviços' }));
    expect(screen.queryByRole('link', { name: 'Nova assinatura' })).toBeNull();
  });
});
