import { lazy } from 'react';
import { ANY_ROLE, type Feature } from '../../lib/feature';

const Perfil = lazy(() => import('./pages/PerfilPage'));

/** /perfil: the signed-in user's own data, password and sessions (top bar → Perfil). */
export const feature: Feature = {
  routes: [{ path: '/perfil', roles: ANY_ROLE, Page: Perfil }],
};
