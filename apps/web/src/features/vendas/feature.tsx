import { IconShoppingCart } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Vendas = lazy(() => import('./pages/VendasPage'));

export const feature: Feature = {
  routes: [{ path: '/vendas', roles: ANY_ROLE, Page: Vendas }],
  nav: [{ section: 'Principal', to: '/vendas', label: 'Vendas', icon: IconShoppingCart }],
};
