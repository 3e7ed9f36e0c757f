import fs from 'node:fs';
import { expect, it } from 'vitest';
import { OPENAPI_FILE, buildOpenApiText } from '../../src/cli/openapi-document.ts';
import { createTestDatabase } from '../support/database.ts';

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
