import { IconFileDescription } from '@tabler/icons-react';
import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Orcamentos = lazy(() => import('./pages/OrcamentosPage'));
const AdicionarOrcamento = lazy(() => import('./pages/AdicionarOrcamentoPage'));
const VisualizarOrcamento = lazy(() => import('./pages/VisualizarOrcamentoPage'));
const EditarOrcamento = lazy(() => import('./pages/EditarOrcamentoPage'));

/** Quotes (spec 2.12 and issue 14): the list, the form, the view with its moves and conversion. */
export const feature: Feature = {
  routes: [
    { path: '/orcamentos', roles: ANY_ROLE, Page: Orcamentos },
    { path: '/orcamentos/adicionar-orcamento', roles: ANY_ROLE, Page: AdicionarOrcamento },
    { path: '/orcamentos/visualizar/:id', roles: ANY_ROLE, Page: VisualizarOrcamento },
    { path: '/orcamentos/editar/:id', roles: ANY_ROLE, Page: EditarOrcamento },
  ],
  nav: [{ section: 'Gestão', to: '/orcamentos', label: 'Orçamentos', icon: IconFileDescription }],
};
