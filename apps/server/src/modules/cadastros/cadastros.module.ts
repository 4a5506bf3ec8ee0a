import type { ServerModule } from '../server-module';
import { cadastrosRoutes } from './cadastros.routes';
import { seedDemoCadastros } from './cadastros.demo';

export const cadastrosModule: ServerModule = {
  routes: [{ prefix: '/cadastros', plugin: cadastrosRoutes }],
  seedDemo: seedDemoCadastros,
};
