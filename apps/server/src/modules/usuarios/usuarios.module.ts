import type { ServerModule } from '../server-module';
import { perfilRoutes } from './perfil.routes';
import { usuariosRoutes } from './usuarios.routes';

export const usuariosModule: ServerModule = {
  routes: [
    { prefix: '/usuarios', plugin: usuariosRoutes },
    { prefix: '/perfil', plugin: perfilRoutes },
  ],
};
