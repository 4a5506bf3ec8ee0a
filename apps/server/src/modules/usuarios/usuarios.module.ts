import type { ServerModule } from '../server-module';
import { usuariosRoutes } from './usuarios.routes';

export const usuariosModule: ServerModule = {
  routes: [{ prefix: '/usuarios', plugin: usuariosRoutes }],
};
