/** social's public surface: the counts of the user menu's badges. The social layer (SocialHost) is loaded by app/. */
export { usePendingInvites, useUnreadMessages } from './queries.ts';
