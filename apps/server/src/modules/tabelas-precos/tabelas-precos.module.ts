import { tabelasDoCustoHook } from '../custos-adicionais/custos-adicionais.repository';
import type { ServerModule } from '../server-module';
import { precosProdutoRoutes } from './precos.routes';
import { seedDemoTabelasPrecos } from './tabelas-precos.demo';
import { tabelasDoCusto } from './tabelas-precos.repository';
import { tabelasPrecosRoutes } from './tabelas-precos.routes';

tabelasDoCustoHook.set(tabelasDoCusto);

export const tabelasPrecosModule: ServerModule = {
  routes: [
    { prefix: '/tabelas-precos', plugin: tabelasPrecosRoutes },
    // A product's prices per table: /api/produtos/{id}/precos.
    { prefix: '/produtos', plugin: precosProdutoRoutes },
  ],
  seedDemo: seedDemoTabelasPrecos,
};
