import { produtosDoGrupoHook } from '../categorias/categorias.repository';
import type { ServerModule } from '../server-module';
import { produtosDoGrupo } from './produtos.repository';
import { produtosRoutes } from './produtos.routes';
import { seedDemoProdutos } from './produtos.demo';

produtosDoGrupoHook.set(produtosDoGrupo);

export const produtosModule: ServerModule = {
  routes: [{ prefix: '/produtos', plugin: produtosRoutes }],
  seedDemo: seedDemoProdutos,
};
