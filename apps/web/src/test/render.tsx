import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '../lib/session';

/**
 * Renders with the providers every screen expects (Mantine, session, router); `rerender` keeps
 * them (they are the wrapper), so a test can give the same component new props.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider>
        <SessionProvider>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </SessionProvider>
      </MantineProvider>
    ),
  });
}

/** Stores a signed-in user the way the session does. */
export function storeSession(user: { nome: string; email: string; role: string }) {
  localStorage.setItem('token', 'token-de-teste');
  localStorage.setItem('user', JSON.stringify(user));
}

/**
 * A wide window for the tests of a file: the test setup answers every media query with false,
 * which would hide the columns of a table (mantine-datatable shows a column only while its media
 * query matches). Tables also scroll back to their top when the page changes.
 */
export function withWideScreen() {
  const matchMedia = window.matchMedia;
  window.HTMLElement.prototype.scrollTo ??= () => {};
  beforeEach(() => {
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: !query.includes('max-width'),
    });
  });
  afterEach(() => {
    window.matchMedia = matchMedia;
  });
}
