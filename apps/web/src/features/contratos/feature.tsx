import { IconSignature } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Contratos = lazy(() => import('./pages/ContratosPage'));
const NovoContrato = lazy(() => import('./pages/NovoContratoPage'));
const EditarContrato = lazy(() => import('./pages/EditarContratoPage'));
const Contrato = lazy(() => import('./pages/ContratoPage'));

/**
 * Contracts (spec 2.14's tabs Serviços, Locações, Assinaturas; issue 31): the service contracts
 * with their "Faturar hoje" queue and reajuste indices, the form and each contract's page.
 * Admins and managers only, as the server's routes; a 'user' sees neither the link nor the pages.
 */
export const feature: Feature = {
  routes: [
    { path: '/contratos', roles: ADMIN_MANAGER, Page: Contratos },
    { path: '/contratos/novo', roles: ADMIN_MANAGER, Page: NovoContrato },
    { path: '/contratos/:id/editar', roles: ADMIN_MANAGER, Page: EditarContrato },
    { path: '/contratos/:id', roles: ADMIN_MANAGER, Page: Contrato },
  ],
  nav: [
    {
      section: 'Gestão',
      to: '/contratos',
      label: 'Contratos',
      icon: IconSignature,
      roles: ADMIN_MANAGER,
    },
  ],
};
