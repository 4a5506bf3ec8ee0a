import { ajusteDeEstoqueHook } from '../produtos/produtos.repository';
import type { ServerModule } from '../server-module';
import { seedDemoEstoque } from './estoque.demo';
import { registrarAjusteEstoque } from './estoque.repository';
import { estoqueRoutes } from './estoque.routes';

ajusteDeEstoqueHook.set(registrarAjusteEstoque);

export const estoqueModule: ServerModule = {
  routes: [{ prefix: '/estoque', plugin: estoqueRoutes }],
  seedDemo: seedDemoEstoque,
};
