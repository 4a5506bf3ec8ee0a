import { IconChartBar, IconChartPie } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Relatorios = lazy(() => import('./pages/RelatoriosPage'));
const Analytics = lazy(() => import('./pages/AnalyticsPage'));

/**
 * Reports and Analytics (issue 32): any signed-in user opens the reports (the server's catalogue
 * lists only the ones the user's role may run: finance and margins for admins and managers);
 * Analytics, the owner's page of numbers, is for admins and managers, as its route.
 */
export const feature: Feature = {
  routes: [
    { path: '/relatorios', roles: ANY_ROLE, Page: Relatorios },
    { path: '/analytics', roles: ADMIN_MANAGER, Page: Analytics },
  ],
  nav: [
    { section: 'Relatórios', to: '/relatorios', label: 'Relatórios', icon: IconChartBar },
    {
      section: 'Relatórios',
      to: '/analytics',
      label: 'Analytics',
      icon: IconChartPie,
      roles: ADMIN_MANAGER,
    },
  ],
};
