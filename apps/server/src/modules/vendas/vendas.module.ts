import { recebidoNosCaixasHook } from '../caixas/caixas.repository';
import type { ServerModule } from '../server-module';
import { seedDemoVendas } from './vendas.demo';
import { recebidoNosCaixas } from './vendas.repository';
import { agendamentosRoutes, vendasRoutes } from './vendas.routes';

recebidoNosCaixasHook.set(recebidoNosCaixas);

export const vendasModule: ServerModule = {
  routes: [
    { prefix: '/vendas', plugin: vendasRoutes },
    { prefix: '/agendamentos', plugin: agendamentosRoutes },
  ],
  seedDemo: seedDemoVendas,
};
