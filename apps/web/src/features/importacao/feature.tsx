import { lazy } from 'react';
import { ADMIN_MANAGER } from '@prumo/shared/auth';
import type { Feature } from '../../lib/feature';

const Importacao = lazy(() => import('./pages/ImportacaoPage'));

// Under Configurações, but also for managers (Configurações itself is the admin's): reached from
// its "Importar dados" tab and from "Importar planilha" in the Exportar menu of the lists whose
// records can be imported. No sidebar link: the spec fixes the sidebar's links.
export const feature: Feature = {
  routes: [{ path: '/configuracoes/importar', roles: ADMIN_MANAGER, Page: Importacao }],
};
