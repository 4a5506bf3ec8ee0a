import type { ServerModule } from '../server-module';
import { seedDemoVendas } from './vendas.demo';
import { vendasRoutes } from './vendas.routes';

export const vendasModule: ServerModule = {
  routes: [{ prefix: '/vendas', plugin: vendasRoutes }],
  seedDemo: seedDemoVendas,
};
