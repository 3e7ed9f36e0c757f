import { describe, expect, it } from 'vitest';
import { checkPaymentsDurability } from '../../src/platform/db/durability.ts';

/** Issue 10, 13: real-money payments are refused on the embedded database, which never syncs to disk. */
describe('payments on a database that may lose committed writes', () => {
  it.each([
    { dbKind: 'postgres', payments: 'sandbox', level: 'ok' },
    { dbKind: 'postgres', payments: 'dots', level: 'ok' },
    { dbKind: 'postgres', payments: 'off', level: 'ok' },
    { dbKind: 'pglite', payments: 'off', level: 'ok' },
    { dbKind: 'pglite', payments: 'sandbox', level: 'warning' },
    { dbKind: 'pglite', payments: 'dots', level: 'error' },
    { dbKind: 'pglite', payments: 'anything-real', level: 'error' },
  ] as const)('$dbKind with PAYMENTS=$payments: $level', ({ dbKind, payments, level }) => {
    const verdict = checkPaymentsDurability({ dbKind, payments });
    expect(verdict.level).toBe(level);
    if (verdict.level === 'error') {
      expect(verdict.text).toContain(`PAYMENTS=${payments}`);
      expect(verdict.text).toMatch(/DATABASE_URL/);
    }
    if (verdict.level === 'warning') expect(verdict.text).toMatch(/sandbox/);
  });
});
