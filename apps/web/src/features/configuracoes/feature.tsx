import { IconSettings } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_ONLY } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Configuracoes = lazy(() => import('./pages/ConfiguracoesPage'));

export const feature: Feature = {
  routes: [{ path: '/configuracoes', roles: ADMIN_ONLY, Page: Configuracoes }],
  nav: [{ section: 'Sistema', to: '/configuracoes', label: 'Configurações', icon: IconSettings }],
};
