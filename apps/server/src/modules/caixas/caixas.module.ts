import type { ServerModule } from '../server-module';
import { caixasRoutes } from './caixas.routes';

export const caixasModule: ServerModule = {
  routes: [{ prefix: '/caixas', plugin: caixasRoutes }],
};
