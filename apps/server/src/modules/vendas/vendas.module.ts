import type { ServerModule } from '../server-module';
import { seedDemoVendas } from './vendas.demo';
import { agendamentosRoutes, vendasRoutes } from './vendas.routes';

export const vendasModule: ServerModule = {
  routes: [
    { prefix: '/vendas', plugin: vendasRoutes },
    { prefix: '/agendamentos', plugin: agendamentosRoutes },
  ],
  seedDemo: seedDemoVendas,
};
