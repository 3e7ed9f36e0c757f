import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document of every route (issue 34), built by @fastify/swagger from the routes' zod
 * schemas. Registered before any route (it collects them as they are added). The static files'
 * wildcard is the web app, not the API: hidden.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rush Chess API',
        version: '1',
        description: 'Generated from the routes by `npm run openapi`; errors answer the protocol ErrorBody.',
      },
    },
    transform: (doc) => (doc.url.includes('*') ? { schema: { hide: true }, url: doc.url } : jsonSchemaTransform(doc)),
  });
}

/** Where a development server serves the document (API_DOCS=true). */
export const OPENAPI_ROUTE = '/api/openapi.json';

/**
 * Serves the document of this very server at OPENAPI_ROUTE, as `npm run openapi` would write it
 * (hidden from the document itself). Only where API_DOCS is on: in development, not production.
 */
export function serveOpenApi(app: FastifyInstance): void {
  app.get(OPENAPI_ROUTE, { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/json').send(openApiText(app)),
  );
}

/** A value with every object's keys in order, so the written document is deterministic. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key]);
  return out;
}

/** The document as written to docs/api/openapi.json (keys sorted, two-space indent, final newline). */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(sorted(app.swagger()), null, 2)}\n`;
}
