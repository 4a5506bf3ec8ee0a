import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Analytics } from '@prumo/shared/relatorios';
import { json, mockApi, withMockedApi } from '../../test/api';
import { renderScreen, withWideScreen } from '../../test/render';
import AnalyticsPage from './pages/AnalyticsPage';

withMockedApi();
withWideScreen();

const comparacao = (atual: number, anterior: number, ano_anterior: number) => ({
  atual,
  anterior,
  ano_anterior,
});

const NUMEROS: Analytics = {
  periodo: { de: '2030-02-01', ate: '2030-02-28' },
  anterior: { de: '2030-01-04', ate: '2030-01-31' },
  ano_anterior: { de: '2029-02-01', ate: '2029-02-28' },
  agrupar: 'dia',
  kpis: {
    faturamento: comparacao(220, 200, 0),
    vendas: comparacao(3, 4, 0),
    ticket_medio: comparacao(73.33, 50, 0),
    margem_bruta: comparacao(100, 100, 50),
    descontos: comparacao(0, 10, 0),
  },
  serie: [{ periodo: '01/02/2030', atual: 150, ano_anterior: 0 }],
  top_produtos: [{ nome: 'Furadeira', valor: 200, participacao: 60 }],
  top_clientes: [{ nome: 'Ana Compradora', valor: 290, participacao: 63.04 }],
  formas_pagamento: [{ nome: 'Boleto', valor: 290, participacao: 100 }],
  dias_da_semana: [{ nome: 'Sexta', vendas: 2, valor: 200 }],
  horas: [{ nome: '10h', vendas: 1, valor: 150 }],
  mrr: 1234.5,
};

describe('Analytics', () => {
  it('shows each figure against the previous period and last year, and leads to the ABC curves', async () => {
    const chamadas = mockApi(({ url }) => {
      if (url.startsWith('/api/analytics?')) return json(NUMEROS);
    });
    renderScreen(
      <Routes>
        <Route path="/analytics" element={<AnalyticsPage />} />
      </Routes>,
      { route: '/analytics?de=2030-02-01&ate=2030-02-28' },
    );
    const faturamento = await screen.findByTestId('kpi-Faturamento', {}, { timeout: 5000 });
    expect(faturamento.textContent?.replace(/\s/g, ' ')).toContain('R$ 220,00');
    // 220 against 200: +10,0%; against a year with no sales: nothing to compare.
    expect(within(faturamento).getByText('+10,0%')).toBeTruthy();
    expect(within(faturamento).getByText('—')).toBeTruthy();
    expect(within(screen.getByTestId('kpi-Número de vendas')).getByText('-25,0%')).toBeTruthy();
    expect(screen.getByTestId('kpi-MRR').textContent?.replace(/\s/g, ' ')).toContain('R$ 1.234,50');
    expect(chamadas.some((c) => c.url === '/api/analytics?de=2030-02-01&ate=2030-02-28')).toBe(
      true,
    );

    const produtos = await screen.findByTestId('analytics-produtos', {}, { timeout: 5000 });
    expect(within(produtos).getByText('Furadeira')).toBeTruthy();
    expect(within(produtos).getByRole('link', { name: 'Ver curva ABC' }).getAttribute('href')).toBe(
      '/relatorios?r=curva-abc-produtos&de=2030-02-01&ate=2030-02-28',
    );
  });
});
