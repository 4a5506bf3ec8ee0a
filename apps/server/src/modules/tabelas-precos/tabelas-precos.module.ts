import type { ServerModule } from '../server-module';
import { precosProdutoRoutes } from './precos.routes';
import { seedDemoTabelasPrecos } from './tabelas-precos.demo';
import { tabelasPrecosRoutes } from './tabelas-precos.routes';

export const tabelasPrecosModule: ServerModule = {
  routes: [
    { prefix: '/tabelas-precos', plugin: tabelasPrecosRoutes },
    // A product's prices per table: /api/produtos/{id}/precos.
    { prefix: '/produtos', plugin: precosProdutoRoutes },
  ],
  seedDemo: seedDemoTabelasPrecos,
};
