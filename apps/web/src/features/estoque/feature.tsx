import { IconBuildingWarehouse } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Estoque = lazy(() => import('./pages/EstoquePage'));

export const feature: Feature = {
  routes: [{ path: '/estoque', roles: ANY_ROLE, Page: Estoque }],
  nav: [{ section: 'Gestão', to: '/estoque', label: 'Estoque', icon: IconBuildingWarehouse }],
};
