import { lazy } from 'react';
import { ANY_ROLE, type AppRoute } from '../lib/feature';
import { FEATURES } from './features';

const NotFound = lazy(() => import('./pages/NotFoundPage'));

/** Every route of the spec's route tables, each behind the guard, and "not found" for the rest. */
export const appRoutes: AppRoute[] = [
  ...FEATURES.flatMap((feature) => feature.routes),
  { path: '*', roles: ANY_ROLE, Page: NotFound },
];
