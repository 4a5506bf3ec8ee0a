import { IconLayoutDashboard } from '@tabler/icons-react';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Dashboard = lazy(() => import('./pages/DashboardPage'));

export const feature: Feature = {
  routes: [
    { path: '/', roles: ANY_ROLE, Page: Dashboard },
    { path: '/dashboard', roles: ANY_ROLE, Page: Dashboard },
    // The sign-in screen answers at any address; signed in at /login, the user lands here.
    { path: '/login', roles: ANY_ROLE, Page: () => <Navigate to="/dashboard" replace /> },
  ],
  nav: [{ section: 'Principal', to: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard }],
};
