import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

interface TestUser {
  nome: string;
  email: string;
  role: string;
}

/** Stores a signed-in user the way the session does. */
export function storeSession(user: TestUser) {
  localStorage.setItem('token', 'token-de-teste');
  localStorage.setItem('user', JSON.stringify(user));
}

/**
 * A screen as a signed-in user sees it (the admin unless `user` says otherwise), with what the
 * screens need around them: React Query (no retries), Mantine's modals and notifications.
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/',
    user = { nome: 'Ana', email: 'admin@empresa.com.br', role: 'admin' },
  }: { route?: string; user?: TestUser } = {},
) {
  storeSession(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ModalsProvider>
        <Notifications />
        {ui}
      </ModalsProvider>
    </QueryClientProvider>,
    { route },
  );
}

/** Mantine's autosize Textarea listens to document.fonts, which jsdom lacks. */
export function stubDocumentFonts() {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
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
