import type { ServerModule } from '../server-module';
import { seedDemoLocacoes } from './locacoes.demo';
import { locacoesRoutes } from './locacoes.routes';

export const locacoesModule: ServerModule = {
  routes: [{ prefix: '/locacoes', plugin: locacoesRoutes }],
  seedDemo: seedDemoLocacoes,
};
