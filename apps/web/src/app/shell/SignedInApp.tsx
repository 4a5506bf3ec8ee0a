import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/pt-br';
import { AppShell } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRoutes } from '../router';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import classes from './Shell.module.css';

/** Sidebar 280 px, top bar 64 px; the sidebar becomes an overlay below 768 px. */
const SIDEBAR_WIDTH = 280;
const TOPBAR_HEIGHT = 64;

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The signed-in application: providers for data, dialogs and dates, and the shell. */
export default function SignedInApp() {
  // One cache per signed-in session: signing out unmounts this and drops every cached list.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" />
          <Shell />
        </ModalsProvider>
      </DatesProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const [sidebarOpen, sidebar] = useDisclosure(true);
  // The spec closes the sidebar on a link choice at 768 px or narrower.
  const closesOnChoice = useMediaQuery('(max-width: 768px)');
  const isOverlay = useMediaQuery('(max-width: 767.98px)');

  return (
    <AppShell
      layout="alt"
      header={{ height: TOPBAR_HEIGHT }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !sidebarOpen, desktop: !sidebarOpen },
      }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar sidebarOpen={sidebarOpen} onToggleSidebar={sidebar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} data-testid="sidebar">
        <Sidebar onNavigate={() => closesOnChoice && sidebar.close()} />
      </AppShell.Navbar>
      {isOverlay && sidebarOpen && (
        <div
          className={classes.overlay}
          onClick={sidebar.close}
          data-testid="sidebar-overlay"
          aria-hidden
        />
      )}
      <AppShell.Main bg="gray.0">
        <AppRoutes />
      </AppShell.Main>
    </AppShell>
  );
}
