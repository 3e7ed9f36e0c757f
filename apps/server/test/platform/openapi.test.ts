import fs from 'node:fs';
import { expect, it } from 'vitest';
import { OPENAPI_FILE, buildOpenApiText } from '../../src/cli/openapi-document.ts';
import { OPENAPI_ROUTE } from '../../src/platform/http/openapi.ts';
import { createTestDatabase } from '../support/database.ts';
import { startTestServer } from '../support/server.ts';

/**
 * Issue 34: docs/api/openapi.json is what the routes give. The generator runs in memory on a
 * migrated test database; a route or schema changed without `npm run openapi` fails here (and
 * `npm run openapi:check` in `npm run check`).
 */
it('the committed OpenAPI document is current', async () => {
  const database = await createTestDatabase('pglite');
  try {
    const text = await buildOpenApiText(database);
    expect(JSON.parse(text)).toMatchObject({ openapi: '3.1.0' });
    expect(
      text === fs.readFileSync(OPENAPI_FILE, 'utf8'),
      'docs/api/openapi.json is stale: run `npm run openapi`',
    ).toBe(true);
  } finally {
    await database.close();
  }
});

it('a development server (API_DOCS=true) serves its document; by default there is none', async () => {
  const dev = await startTestServer({ http: 'inject', env: { API_DOCS: 'true' } });
  const plain = await startTestServer({ http: 'inject' });
  try {
    const served = await dev.app.inject({ method: 'GET', url: OPENAPI_ROUTE });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    const doc = JSON.parse(served.body) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/play/ratings/{id}');
    expect(Object.keys(doc.paths)).not.toContain(OPENAPI_ROUTE);
    expect((await plain.app.inject({ method: 'GET', url: OPENAPI_ROUTE })).statusCode).toBe(404);
  } finally {
    await dev.stop();
    await plain.stop();
  }
});
