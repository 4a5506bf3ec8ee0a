import { IconLayoutDashboard } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Dashboard = lazy(() => import('./pages/DashboardPage'));

export const feature: Feature = {
  routes: [
    { path: '/', roles: ANY_ROLE, Page: Dashboard },
    { path: '/dashboard', roles: ANY_ROLE, Page: Dashboard },
  ],
  nav: [{ section: 'Principal', to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard }],
};
