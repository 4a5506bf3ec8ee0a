import type { ServerModule } from '../server-module';
import { analyticsRoutes, relatoriosRoutes } from './relatorios.routes';

export const relatoriosModule: ServerModule = {
  routes: [
    { prefix: '/relatorios', plugin: relatoriosRoutes },
    { prefix: '/analytics', plugin: analyticsRoutes },
  ],
};
