import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '../lib/session';

/** Renders with the providers every screen expects (Mantine, session, router). */
export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  return render(
    <MantineProvider>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </SessionProvider>
    </MantineProvider>,
  );
}

/** Stores a signed-in user the way the session does. */
export function storeSession(user: { nome: string; email: string; role: string }) {
  localStorage.setItem('token', 'token-de-teste');
  localStorage.setItem('user', JSON.stringify(user));
}
