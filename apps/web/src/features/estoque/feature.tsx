import { IconBuildingWarehouse } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Estoque = lazy(() => import('./pages/EstoquePage'));
const EntradasXml = lazy(() => import('./pages/EntradasXmlPage'));

export const feature: Feature = {
  routes: [
    { path: '/estoque', roles: ANY_ROLE, Page: Estoque },
    { path: '/estoque/entradas-xml', roles: ADMIN_MANAGER, Page: EntradasXml },
  ],
  nav: [{ section: 'Gestão', to: '/estoque', label: 'Estoque', icon: IconBuildingWarehouse }],
};
