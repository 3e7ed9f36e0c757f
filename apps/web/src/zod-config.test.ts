import { expect, test } from 'vitest';

test('zod, loaded after zod-config, builds jitless (no new Function under the CSP)', async () => {
  await import('./zod-config.ts');
  const { config, z } = await import('zod');
  // zod reads its settings from the very object zod-config writes.
  expect(config()).toBe((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig);
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
});
