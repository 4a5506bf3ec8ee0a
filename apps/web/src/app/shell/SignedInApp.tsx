import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/pt-br';
import { AppShell } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { useTemaDoUsuario } from '../../components/tema';
import { AppRoutes } from '../router';
import {
  avisarSeDoisFatoresObrigatorio,
  useDoisFatoresObrigatorio,
} from './dois-fatores-obrigatorio';
import { useLogoutPorInatividade } from './inatividade';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import classes from './Shell.module.css';

/** Sidebar 280 px, top bar 64 px; the sidebar becomes an overlay below 768 px. */
const SIDEBAR_WIDTH = 280;
const TOPBAR_HEIGHT = 64;

function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: avisarSeDoisFatoresObrigatorio }),
    mutationCache: new MutationCache({ onError: avisarSeDoisFatoresObrigatorio }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The signed-in application: the router, providers for data, dialogs and dates, and the shell. */
export default function SignedInApp() {
  // One cache per signed-in session: signing out unmounts this and drops every cached list.
  const [queryClient] = useState(createQueryClient);
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
            <Notifications position="top-right" />
            <Shell />
          </ModalsProvider>
        </DatesProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}

function Shell() {
  const [sidebarOpen, sidebar] = useDisclosure(true);
  // The spec closes the sidebar on a link choice at 768 px or narrower.
  const closesOnChoice = useMediaQuery('(max-width: 768px)');
  const isOverlay = useMediaQuery('(max-width: 767.98px)');
  useTemaDoUsuario();
  useLogoutPorInatividade();
  useDoisFatoresObrigatorio();

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
      <AppShell.Main className={classes.main}>
        <AppRoutes />
      </AppShell.Main>
    </AppShell>
  );
}
