import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { TEXTS } from '@rush/domain';
import { sendError } from './error-handler.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

/**
 * Serves the built SPA on the same origin as the API. Unknown API paths get a JSON 404; any other
 * GET gets index.html and the client router decides (unknown routes go to /404 there).
 */
export async function installStatic(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? DEFAULT_WEB_DIST);
  const index = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/ws') || url === '/healthz') {
      return sendError(reply, 404, 'NOT_FOUND', TEXTS.notFound);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
    }
    return sendError(reply, 404, 'NOT_FOUND', TEXTS.notFound);
  });
}
