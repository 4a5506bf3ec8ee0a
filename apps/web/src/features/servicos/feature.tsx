import { IconTool } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Servicos = lazy(() => import('./pages/ServicosPage'));
const ServicoForm = lazy(() => import('./pages/ServicoFormPage'));

/** The service catalogue (spec 2.9); the service orders' routes are their own feature's. */
export const feature: Feature = {
  routes: [
    { path: '/servicos', roles: ANY_ROLE, Page: Servicos },
    { path: '/servicos/adicionar-servico', roles: ANY_ROLE, Page: ServicoForm },
    { path: '/servicos/editar/:id', roles: ANY_ROLE, Page: ServicoForm },
  ],
  nav: [{ section: 'Gestão', to: '/servicos', label: 'Serviços', icon: IconTool }],
};
