import type { ServerModule } from '../server-module';
import { categoriasRoutes } from './categorias.routes';

export const categoriasModule: ServerModule = {
  routes: [{ prefix: '/categorias', plugin: categoriasRoutes }],
};
