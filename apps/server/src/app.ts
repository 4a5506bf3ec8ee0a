import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Avisos } from './db/avisos';
import type { Database } from './db/database';
import { MODULES } from './modules';
import { authPlugin } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web';
import { MAX_UPLOAD_BYTES } from './http/multipart';

export interface AppOptions {
  db: Database;
  /**
   * The database's notices. Without them (a bare app on a database of its own) every request's
   * session is looked up in the database.
   */
  avisos?: Avisos;
  config: Config;
  /** Pino logger options; tests pass false. */
  logger?: boolean | { level: string };
}

export async function buildApp({
  db,
  avisos,
  config,
  logger,
}: AppOptions): Promise<FastifyInstance> {
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
  registerSecurityHeaders(app);
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
  await app.register(authPlugin, { db, avisos, config });

  await app.register(
    async (api) => {
      for (const { routes } of MODULES) {
        for (const { prefix, plugin } of routes) await api.register(plugin, { prefix, db, config });
      }
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}
