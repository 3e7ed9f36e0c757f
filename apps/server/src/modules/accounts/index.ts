/** The accounts module's public surface: other modules and the composition root import only this. */
export { toWireBalances } from './balances.ts';
export { avatarUrl } from './me.ts';
export { onlineSince, PresenceStore } from './presence.store.ts';
export { countOnlineAt, onlineRecount } from './presence.ts';
export { requireAuth, signedInFirst } from './request-auth.ts';
export type { RequestAuth } from './request-auth.ts';
export { registerAccounts } from './routes.ts';
export type { AccountsModule, ProfileLink } from './routes.ts';
export { AccountStore } from './store.ts';
export type { UserStanding } from './store.ts';
export { ThrottleStore } from './throttle.store.ts';
export { usernamesOf } from './usernames.store.ts';
export { reserveAttempt } from './throttle.ts';
export type { ThrottleRule } from './throttle.store.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { presence, sessions, users } from './schema.ts';
// Signed-in players seeded straight into the database: benchmarks, the fault suite, journeys' pool.
export { SESSION_COOKIE } from './sessions.ts';
export { seededAccount } from './seeded.ts';
export type { SeededAccount, SeededAccountRows } from './seeded.ts';
