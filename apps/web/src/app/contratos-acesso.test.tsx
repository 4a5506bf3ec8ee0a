import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, withMockedApi } from '../test/api';
import { renderScreen } from '../test/render';
import { AppRoutes } from './router';
import { Sidebar } from './shell/Sidebar';

withMockedApi();

/*
 * Contratos is for admins and managers (issue 31): the route's guard and the sidebar follow the
 * roles the feature declares (features/contratos/feature.tsx), as the server's routes do.
 */

/** The Contratos screen's calls, answered empty. */
function stubContratos() {
  return mockApi(({ url }) => {
    if (url === '/api/contratos/a-faturar') return json([]);
    if (url === '/api/contratos/faturamento-automatico') {
      return json({ executado_em: null, resultado: null, erro: null, proximo_em: null });
    }
    if (url.startsWith('/api/contratos?')) return json([], 200, { 'x-total-count': '0' });
  });
}

const renderApp = (user: { nome: string; email: string; role: string }) =>
  renderScreen(
    <>
      <Sidebar onNavigate={() => {}} />
      <AppRoutes />
    </>,
    { route: '/contratos', user },
  );

describe('who sees Contratos', () => {
  it('lets a manager open /contratos and shows them the sidebar link', async () => {
    stubContratos();
    renderApp({ nome: 'Gustavo Gerente', email: 'g@empresa.com.br', role: 'manager' });
    expect(
      await screen.findByRole('heading', { name: 'Contratos' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Nenhum contrato encontrado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contratos' }).getAttribute('href')).toBe('/contratos');
  });

  it("denies a 'user' the page and the sidebar link", async () => {
    const chamadas = stubContratos();
    renderApp({ nome: 'Vera Vendedora', email: 'v@empresa.com.br', role: 'user' });
    expect(await screen.findByText('Acesso Negado')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contratos' })).toBeNull();
    // The links any role may open are still there.
    expect(screen.getByRole('link', { name: 'Ordem de Serviços' })).toBeTruthy();
    expect(chamadas.some((c) => c.url.startsWith('/api/contratos'))).toBe(false);
  });
});
