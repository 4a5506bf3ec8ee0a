import type { ServerModule } from '../server-module';
import { seedDemoServicos } from './servicos.demo';
import { servicosRoutes } from './servicos.routes';

export const servicosModule: ServerModule = {
  routes: [{ prefix: '/servicos', plugin: servicosRoutes }],
  seedDemo: seedDemoServicos,
};
