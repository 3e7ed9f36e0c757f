/**
 * players' public surface: a player's name that opens their profile, the profile request, and
 * their charts. The profile overlay (ProfileHost) is loaded by app/ from its own file.
 */
export { PlayerCharts } from './PlayerCharts.tsx';
export { PlayerName } from './PlayerName.tsx';
export { closeProfile, openProfile, useProfileRequest, type ProfileRequest } from './profileRequests.ts';
