import type { ServerModule } from '../server-module';
import { notificacoesRoutes } from './notificacoes.routes';

export const notificacoesModule: ServerModule = {
  routes: [{ prefix: '/notificacoes', plugin: notificacoesRoutes }],
};
