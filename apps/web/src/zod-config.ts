/**
 * Imported first by main.tsx, before any protocol schema is built: zod's JIT compiles parsers
 * with `new Function`, which the server's CSP (no eval) forbids and would report on every load.
 *
 * This is what `z.config({ jitless: true })` does, without importing zod: zod keeps its settings
 * on `globalThis.__zod_globalConfig` and reads them from there when it loads, so zod stays off
 * the first load (importing `config` put about 3 kB of zod's core into the shared vendor file).
 * zod-config.test.ts proves zod sees it; e2e delivery.spec that no eval is tried under the CSP.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
