import { IconClipboardList } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const OrdensServico = lazy(() => import('./pages/OrdensServicoPage'));
const PainelOs = lazy(() => import('./pages/PainelOsPage'));

/** Service orders (spec 2.10 and issue 12): the hub with its list and panel. */
export const feature: Feature = {
  routes: [
    { path: '/ordem-servicos', roles: ANY_ROLE, Page: OrdensServico },
    { path: '/servicos/painel-os', roles: ANY_ROLE, Page: PainelOs },
  ],
  nav: [
    {
      section: 'Gestão',
      to: '/ordem-servicos',
      label: 'Ordem de Serviços',
      icon: IconClipboardList,
    },
  ],
};
