import type { ServerModule } from '../server-module';
import { produtosRoutes } from './produtos.routes';
import { seedDemoProdutos } from './produtos.demo';

export const produtosModule: ServerModule = {
  routes: [{ prefix: '/produtos', plugin: produtosRoutes }],
  seedDemo: seedDemoProdutos,
};
