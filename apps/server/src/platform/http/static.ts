import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { TEXTS } from '@rush/domain';
import { sendError } from './error-handler.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/dist');

/** Files whose names carry their content's hash: a name never changes content, so keep it a year. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The HTML shell names the current chunks: always asked again (a 304 by its ETag when unchanged). */
export const SHELL_CACHE_CONTROL = 'no-cache';
/** Anything else of the build (the favicon): an hour. */
const OTHER_CACHE_CONTROL = 'public, max-age=3600';

const cacheControlOf = (root: string, file: string): string => {
  // `file` is the copy sent: `index.html.br` is the shell too.
  const relative = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (relative.startsWith('assets/')) return HASHED_CACHE_CONTROL;
  if (relative === 'index.html') return SHELL_CACHE_CONTROL;
  return OTHER_CACHE_CONTROL;
};

/**
 * Serves the built SPA on the same origin as the API. Unknown API paths get a JSON 404; any other
 * GET gets index.html and the client router decides (unknown routes go to /404 there).
 *
 * The build writes brotli and gzip copies of its text files (apps/web/build/precompress.ts);
 * `preCompressed` sends the best one the client accepts, with Content-Encoding and Vary. Hashed
 * assets are immutable for a year; the shell is revalidated on every load by its ETag. A client
 * holding a shell of an older build meets missing chunks: the web reloads once (chunkReload.ts).
 */
export async function installStatic(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? DEFAULT_WEB_DIST);
  const index = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are served in place of their originals, never by their own names;
      // the build manifest is for the budget test, not for browsers.
      globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
      cacheControl: false,
      etag: true,
      setHeaders: (reply: FastifyReply, file: string) => {
        const cacheControl = cacheControlOf(root, file);
        reply.header('cache-control', cacheControl);
        // A policy governs documents (and workers, which we have none of): on a script or a
        // stylesheet it is bytes for nothing, twenty times over on a cold load.
        if (cacheControl === HASHED_CACHE_CONTROL) reply.removeHeader('content-security-policy');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/ws') ||
      url === '/healthz' ||
      url.startsWith('/healthz/')
    ) {
      return sendError(reply, 404, 'NOT_FOUND', TEXTS.notFound);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb) {
      return reply.header('cache-control', SHELL_CACHE_CONTROL).sendFile('index.html', root);
    }
    return sendError(reply, 404, 'NOT_FOUND', TEXTS.notFound);
  });
}
