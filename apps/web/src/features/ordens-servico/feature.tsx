import { IconClipboardList } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const OrdensServico = lazy(() => import('./pages/OrdensServicoPage'));
const PainelOs = lazy(() => import('./pages/PainelOsPage'));
const AdicionarOs = lazy(() => import('./pages/AdicionarOsPage'));
const EditarOs = lazy(() => import('./pages/EditarOsPage'));

/** Service orders (spec 2.10 and issue 12): the hub with its list and panel, and the order form. */
export const feature: Feature = {
  routes: [
    { path: '/ordem-servicos', roles: ANY_ROLE, Page: OrdensServico },
    { path: '/servicos/painel-os', roles: ANY_ROLE, Page: PainelOs },
    { path: '/servicos/adicionar-os', roles: ANY_ROLE, Page: AdicionarOs },
    { path: '/servicos/editar-os/:id', roles: ANY_ROLE, Page: EditarOs },
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
