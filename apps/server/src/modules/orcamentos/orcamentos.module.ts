import type { ServerModule } from '../server-module';
import { seedDemoOrcamentos } from './orcamentos.demo';
import { orcamentosRoutes } from './orcamentos.routes';

export const orcamentosModule: ServerModule = {
  routes: [{ prefix: '/orcamentos', plugin: orcamentosRoutes }],
  seedDemo: seedDemoOrcamentos,
};
