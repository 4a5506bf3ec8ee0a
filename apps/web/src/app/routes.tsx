import { lazy } from 'react';
import { ANY_ROLE, type AppRoute } from '../lib/feature';
import { COMING_SOON_ROUTES } from './coming-soon';
import { FEATURES } from './features';

const NotFound = lazy(() => import('./pages/NotFoundPage'));

const built = FEATURES.flatMap((feature) => feature.routes);
const builtPaths = new Set(built.map((route) => route.path));

/**
 * Every route of the spec's route tables, each behind the guard: the features' own, the
 * placeholders of the areas still to come, and "not found" for the rest.
 */
export const appRoutes: AppRoute[] = [
  ...built,
  ...COMING_SOON_ROUTES.filter((route) => !builtPaths.has(route.path)),
  { path: '*', roles: ANY_ROLE, Page: NotFound },
];
