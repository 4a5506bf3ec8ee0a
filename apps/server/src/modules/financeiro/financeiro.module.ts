import type { ServerModule } from '../server-module';
import { financeiroRoutes } from './financeiro.routes';
import { dashboardRoutes, relatoriosRoutes } from './relatorios.routes';

export const financeiroModule: ServerModule = {
  routes: [
    { prefix: '/financeiro', plugin: financeiroRoutes },
    { prefix: '/financeiro', plugin: relatoriosRoutes },
    { prefix: '/dashboard', plugin: dashboardRoutes },
  ],
};
