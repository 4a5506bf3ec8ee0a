import { IconSignature } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Contratos = lazy(() => import('./pages/ContratosPage'));
const NovoContrato = lazy(() => import('./pages/NovoContratoPage'));
const EditarContrato = lazy(() => import('./pages/EditarContratoPage'));
const Contrato = lazy(() => import('./pages/ContratoPage'));
const NovaLocacao = lazy(() => import('./locacoes/pages/NovaLocacaoPage'));
const EditarLocacao = lazy(() => import('./locacoes/pages/EditarLocacaoPage'));
const Locacao = lazy(() => import('./locacoes/pages/LocacaoPage'));
const CalendarioLocacoes = lazy(() => import('./locacoes/pages/CalendarioLocacoesPage'));
const ItensLocaveis = lazy(() => import('./locacoes/pages/ItensLocaveisPage'));
const NovaAssinatura = lazy(() => import('./assinaturas/NovaAssinaturaPage'));
const Assinatura = lazy(() => import('./assinaturas/AssinaturaPage'));

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
    { path: '/contratos/locacoes/nova', roles: ADMIN_MANAGER, Page: NovaLocacao },
    { path: '/contratos/locacoes/calendario', roles: ADMIN_MANAGER, Page: CalendarioLocacoes },
    { path: '/contratos/locacoes/itens', roles: ADMIN_MANAGER, Page: ItensLocaveis },
    { path: '/contratos/locacoes/:id/editar', roles: ADMIN_MANAGER, Page: EditarLocacao },
    { path: '/contratos/locacoes/:id', roles: ADMIN_MANAGER, Page: Locacao },
    { path: '/contratos/assinaturas/nova', roles: ADMIN_MANAGER, Page: NovaAssinatura },
    { path: '/contratos/assinaturas/:id', roles: ADMIN_MANAGER, Page: Assinatura },
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
