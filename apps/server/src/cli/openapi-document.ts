import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../config.ts';
import { buildServer } from '../app.ts';
import { systemClock } from '../platform/clock.ts';
import type { Database } from '../platform/db/database.ts';
import { openApiText } from '../platform/http/openapi.ts';
import type { Mailer } from '../platform/mail/mailer.ts';

/** Where the committed document lives (docs/api/openapi.json at the repository's root). */
export const OPENAPI_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/api/openapi.json',
);

/**
 * The settings the document is built under: the defaults, so it describes the routes every
 * deployment serves and does not change with whoever runs the script (nothing is imported).
 */
const DOCUMENT_ENV = {
  LOG_LEVEL: 'silent',
  PUZZLES_AUTO_IMPORT: 'false',
  DATA_DIR: path.join(os.tmpdir(), 'rushchess-openapi'),
};

const noMail: Mailer = { kind: 'outbox', send: () => Promise.resolve() };

/** Builds the whole server on `database` without listening and answers its OpenAPI document. */
export async function buildOpenApiText(database: Database): Promise<string> {
  const server = await buildServer({
    config: parseConfig(DOCUMENT_ENV),
    database,
    clock: systemClock,
    mailer: noMail,
    logger: false,
  });
  try {
    return openApiText(server.app);
  } finally {
    await server.close();
  }
}
