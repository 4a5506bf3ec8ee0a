import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { cadastrosRoutes } from './modules/cadastros/cadastros.routes';
import { categoriasRoutes } from './modules/categorias/categorias.routes';
import { custosAdicionaisRoutes } from './modules/custos-adicionais/custos-adicionais.routes';
import { estoqueRoutes } from './modules/estoque/estoque.routes';
import { etiquetasRoutes } from './modules/etiquetas/etiquetas.routes';
import { produtosRoutes } from './modules/produtos/produtos.routes';
import { precosProdutoRoutes } from './modules/tabelas-precos/precos.routes';
import { tabelasPrecosRoutes } from './modules/tabelas-precos/tabelas-precos.routes';
import { usuariosRoutes } from './modules/usuarios/usuarios.routes';
import { authPlugin } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { MAX_UPLOAD_BYTES } from './http/multipart';

export interface AppOptions {
  db: Database;
  config: Config;
  /** Pino logger options; tests pass false. */
  logger?: boolean | { level: string };
}

export async function buildApp({ db, config, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Errors are logged by the error handler; a line per request would only be noise.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    // JSON bodies over 1 MiB answer 413 (file uploads use multipart with their own limits).
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before compression: its onSend hook stores the answer while it is still JSON text.
  await app.register(idempotencyPlugin, { db });
  await registerSecurityHeaders(app);
  // Lists of thousands of rows are megabytes of JSON: gzip (fast level) cuts them ~10×.
  await app.register(compress, {
    encodings: ['gzip', 'deflate'],
    threshold: 1024,
    zlibOptions: { level: 5 },
  });
  // Uploads: each file up to 5 MB (checked again per rule), a JSON "dados" field up to 1 MiB.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 20, fields: 5, fieldSize: 1_048_576, parts: 25 },
  });
  await registerDocs(app);
  await app.register(authPlugin, { db, config });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { prefix: '/auth', db, config });
      await api.register(usuariosRoutes, { prefix: '/usuarios', db });
      await api.register(cadastrosRoutes, { prefix: '/cadastros', db });
      await api.register(categoriasRoutes, { prefix: '/categorias', db });
      await api.register(produtosRoutes, { prefix: '/produtos', db });
      await api.register(precosProdutoRoutes, { prefix: '/produtos', db });
      await api.register(tabelasPrecosRoutes, { prefix: '/tabelas-precos', db });
      await api.register(custosAdicionaisRoutes, { prefix: '/custos-adicionais', db });
      await api.register(etiquetasRoutes, { prefix: '/etiquetas', db });
      await api.register(estoqueRoutes, { prefix: '/estoque', db, config });
      await api.register(auditoriaRoutes, { prefix: '/auditoria', db, config });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
