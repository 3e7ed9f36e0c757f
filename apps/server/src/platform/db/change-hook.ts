import type { DbOrTx } from './database.ts';

/**
 * Work another capability adds to a change, inside the change's own transaction, given what the
 * changed thing was before and is after (the admin audit log writes its row this way, so an
 * action and its record commit or roll back together). Owners of a change accept one and call
 * it after their writes; the platform knows neither side.
 */
export type ChangeHook = (tx: DbOrTx, change: { before: unknown; after: unknown }) => Promise<void>;
