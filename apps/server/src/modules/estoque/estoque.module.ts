import type { ServerModule } from '../server-module';
import { seedDemoEstoque } from './estoque.demo';
import { estoqueRoutes } from './estoque.routes';

export const estoqueModule: ServerModule = {
  routes: [{ prefix: '/estoque', plugin: estoqueRoutes }],
  seedDemo: seedDemoEstoque,
};
