import { IconCash, IconReceiptRefund } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Financeiro = lazy(() => import('./pages/FinanceiroPage'));
const Cobrancas = lazy(() => import('./pages/CobrancasPage'));

/** Finance (spec 2.14 and issue 15) and the collections: admins and managers only. */
export const feature: Feature = {
  routes: [
    { path: '/financeiro', roles: ADMIN_MANAGER, Page: Financeiro },
    { path: '/cobrancas', roles: ADMIN_MANAGER, Page: Cobrancas },
  ],
  nav: [
    { section: 'Principal', to: '/financeiro', label: 'Financeiro', icon: IconCash },
    { section: 'Relatórios', to: '/cobrancas', label: 'Cobranças', icon: IconReceiptRefund },
  ],
};
