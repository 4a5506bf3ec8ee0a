import type { ServerModule } from '../server-module';
import { relatoriosRoutes } from './relatorios.routes';

export const relatoriosModule: ServerModule = {
  routes: [{ prefix: '/relatorios', plugin: relatoriosRoutes }],
};
