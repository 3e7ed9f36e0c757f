/** The accounts module's public surface: other modules and the composition root import only this (and schema.ts). */
export { toWireBalances } from './balances.ts';
export {
  DEFAULT_FACEBOOK_API_VERSION,
  DEFAULT_FACEBOOK_DIALOG_URL,
  DEFAULT_FACEBOOK_GRAPH_URL,
  facebookSettings,
} from './facebook-settings.ts';
export type { FacebookSettings } from './facebook-settings.ts';
export { avatarUrl } from './me.ts';
export { PresenceStore } from './presence.store.ts';
export { countOnlineAt } from './presence.ts';
export { requireAuth, signedInFirst } from './request-auth.ts';
export type { RequestAuth } from './request-auth.ts';
export { registerAccounts } from './routes.ts';
export type { AccountsModule, ProfileLink } from './routes.ts';
export { AccountStore } from './store.ts';
export type { UserStanding } from './store.ts';
export { ThrottleStore } from './throttle.store.ts';
export { reserveAttempt } from './throttle.ts';
export type { ThrottleRule } from './throttle.store.ts';
