import type { ServerModule } from '../server-module';
import { auditoriaRoutes } from './auditoria.routes';

export const auditoriaModule: ServerModule = {
  routes: [{ prefix: '/auditoria', plugin: auditoriaRoutes }],
};
