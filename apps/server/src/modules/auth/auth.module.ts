import type { ServerModule } from '../server-module';
import { authRoutes } from './auth.routes';

export const authModule: ServerModule = { routes: [{ prefix: '/auth', plugin: authRoutes }] };
