import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

/**
 * Serves the built single-page app. Hashed assets are cached for a year; any other GET that is
 * not an API call answers index.html so that deep links (/produtos/editar/7) work.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexPath);

  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing hashed asset is a 404, not the app's HTML (a browser would try to run it).
    const isAsset = request.url.startsWith('/assets/');
    if (
      hasWebApp &&
      !isApi &&
      !isAsset &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .send(
        errorBody(
          'NOT_FOUND',
          `Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`,
        ),
      );
  });
}
