import type { ServerModule } from '../server-module';
import { seedDemoEtiquetas } from './etiquetas.demo';
import { etiquetasRoutes } from './etiquetas.routes';

export const etiquetasModule: ServerModule = {
  routes: [{ prefix: '/etiquetas', plugin: etiquetasRoutes }],
  seedDemo: seedDemoEtiquetas,
};
