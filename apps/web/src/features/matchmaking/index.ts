/**
 * matchmaking's public surface: the challenge link, starting a match (and the notice when it is
 * refused) and the app state. Its pages and hosts (start, match, invitations, challenges,
 * announcements) are loaded by app/ from their own files.
 */
export { challengeHref } from './challengeHref.ts';
export { storeMatchmaking, useAppState } from './queries.ts';
export { RefusalNotice } from './RefusalNotice.tsx';
export { useMatchStart } from './useMatchStart.ts';
