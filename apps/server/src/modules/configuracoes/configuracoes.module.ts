import type { ServerModule } from '../server-module';
import { seedConfiguracoesDemo } from './configuracoes.demo';
import { configuracoesRoutes } from './configuracoes.routes';

export const configuracoesModule: ServerModule = {
  routes: [{ prefix: '/configuracoes', plugin: configuracoesRoutes }],
  seedDemo: seedConfiguracoesDemo,
};
