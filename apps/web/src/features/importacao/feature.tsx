import { IconTableImport } from '@tabler/icons-react';
import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Importacao = lazy(() => import('./pages/ImportacaoPage'));

// Under Configurações, but also for managers (Configurações itself is the admin's).
export const feature: Feature = {
  routes: [{ path: '/configuracoes/importar', roles: ADMIN_MANAGER, Page: Importacao }],
  nav: [
    {
      section: 'Sistema',
      to: '/configuracoes/importar',
      label: 'Importar dados',
      icon: IconTableImport,
      roles: ADMIN_MANAGER,
    },
  ],
};
