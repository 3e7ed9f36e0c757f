import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/database.ts';
import { fail } from './args.ts';
import { OPENAPI_FILE, buildOpenApiText } from './openapi-document.ts';

/**
 * `npm run openapi` writes docs/api/openapi.json from the routes (the server built on an
 * in-memory database, never listening); `npm run openapi:check` fails when the committed file
 * is not what the routes give (CI runs it in `npm run check`).
 */
const USAGE = 'usage: npm run openapi [-- --check]';

const args = process.argv.slice(2);
const check = args.includes('--check');

async function main(): Promise<void> {
  if (args.some((a) => a !== '--check')) fail(USAGE, 2);
  const database = await openDatabase({ kind: 'pglite-memory' });
  let text: string;
  try {
    text = await buildOpenApiText(database);
  } finally {
    await database.close();
  }
  const shown = path.relative(process.cwd(), OPENAPI_FILE);
  if (check) {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    if (committed !== text) fail(`${shown} is stale: run \`npm run openapi\` and commit it.`);
    process.stderr.write(`${shown} is current.\n`);
    return;
  }
  fs.mkdirSync(path.dirname(OPENAPI_FILE), { recursive: true });
  fs.writeFileSync(OPENAPI_FILE, text);
  process.stderr.write(`Wrote ${shown}.\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
