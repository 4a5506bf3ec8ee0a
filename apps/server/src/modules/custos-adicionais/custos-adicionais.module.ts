import type { ServerModule } from '../server-module';
import { custosAdicionaisRoutes } from './custos-adicionais.routes';

export const custosAdicionaisModule: ServerModule = {
  routes: [{ prefix: '/custos-adicionais', plugin: custosAdicionaisRoutes }],
};
