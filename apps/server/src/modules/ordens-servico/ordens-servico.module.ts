import type { ServerModule } from '../server-module';
import { seedDemoOrdensServico } from './ordens-servico.demo';
import { ordensServicoRoutes } from './ordens-servico.routes';

export const ordensServicoModule: ServerModule = {
  routes: [{ prefix: '/ordens-servico', plugin: ordensServicoRoutes }],
  seedDemo: seedDemoOrdensServico,
};
