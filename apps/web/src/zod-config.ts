import { config } from 'zod';

/**
 * Imported first by main.tsx, before any protocol schema is built: zod's JIT compiles parsers
 * with `new Function`, which the server's CSP (no eval) forbids and would report on every load.
 * Note: zod reaches the web app through @rush/protocol; it should also be listed in
 * apps/web/package.json (same pinned version) since this file imports it directly.
 */
config({ jitless: true });
