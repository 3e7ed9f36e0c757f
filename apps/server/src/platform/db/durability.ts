import type { DatabaseKind } from './database.ts';

/**
 * PGlite cannot be made durable: it starts PostgreSQL with `-F` (fsync off), and even without
 * that flag its Node filesystem (Emscripten NODEFS) has no fsync and its fdatasync is a no-op,
 * so a committed transaction may sit in the OS page cache when the machine dies. A deposit the
 * provider confirmed, or a withdrawal hold it was told about, would then be lost on our side
 * only. So real-money payments need PostgreSQL; sandbox money is allowed on PGlite, with a warning.
 */
export interface DurabilityFacts {
  dbKind: DatabaseKind;
  /** The payments mode (config.payments): 'sandbox', 'off', or a real provider such as 'dots'. */
  payments: string;
}

export type DurabilityVerdict = { level: 'ok' } | { level: 'warning'; text: string } | { level: 'error'; text: string };

export function checkPaymentsDurability({ dbKind, payments }: DurabilityFacts): DurabilityVerdict {
  // No USD moves at all with payments off; PostgreSQL syncs every commit (fsync on by default).
  if (dbKind === 'postgres' || payments === 'off') return { level: 'ok' };
  if (payments === 'sandbox') {
    return {
      level: 'warning',
      text:
        'The embedded database (PGlite) does not sync to disk: a machine crash can lose the last ' +
        'committed changes. Fine for sandbox payments; set DATABASE_URL to a PostgreSQL server before ' +
        'taking real money.',
    };
  }
  return {
    level: 'error',
    text:
      `PAYMENTS=${payments} moves real US dollars, and the embedded database (PGlite) does not sync ` +
      'to disk: a machine crash could lose deposits and withdrawal holds the provider already saw. ' +
      'Set DATABASE_URL to a PostgreSQL server, or use PAYMENTS=sandbox.',
  };
}
