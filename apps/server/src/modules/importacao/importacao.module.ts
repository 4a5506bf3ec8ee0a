import type { ServerModule } from '../server-module';
import { importacaoRoutes } from './importacao.routes';

export const importacaoModule: ServerModule = {
  routes: [{ prefix: '/importacoes', plugin: importacaoRoutes }],
};
