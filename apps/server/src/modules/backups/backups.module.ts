import type { ServerModule } from '../server-module';
import { backupsRoutes } from './backups.routes';

export const backupsModule: ServerModule = {
  routes: [{ prefix: '/configuracoes/backups', plugin: backupsRoutes }],
};
