import type { ActivityType } from '@rush/domain';
import type { ActivityView } from '@rush/protocol';
import type { ActivityFacts } from './online.store.ts';

/**
 * The titles of the online list's activities (ours: the SPEC names the types, not their
 * wording). The web shows the title as sent, so the wording lives in one place.
 */
export const ACTIVITY_TITLES: Record<ActivityType, string> = {
  match_making: 'Searching for a match', // ours
  'battle-puzzle-search': 'Waiting in a puzzle battle lobby', // ours
  game_in_progress: 'Playing a game', // ours
  'battle-puzzle': 'Playing a puzzle battle', // ours
  'single-puzzle': 'Solving puzzles', // ours
  browsing: 'Browsing', // ours
  idle: 'Idle', // ours
};

/** Casual puzzles leave no open record between puzzles: an attempt this recent still counts as solving. */
export const RECENT_PUZZLE_MS = 5 * 60_000;

const view = (type: ActivityType, extra: Partial<ActivityView> = {}): ActivityView => ({
  title: ACTIVITY_TITLES[type],
  type,
  query: null,
  elo: null,
  owner: null,
  privacy: null,
  ...extra,
});

/**
 * SPEC 3 activity, derived on the server from what the user is doing right now. When several
 * hold at once, what others can act on (Spectate, Join) and what takes the user's attention
 * wins: a running game, a running battle, a search, a lobby gathering, puzzles; idle and
 * browsing only when nothing else holds.
 */
export function deriveActivity(uid: string, state: 'online' | 'idle', facts: ActivityFacts): ActivityView {
  const gameId = facts.games.get(uid);
  if (gameId) return view('game_in_progress', { query: gameId });
  const lobby = facts.lobbies.get(uid);
  if (lobby?.status === 'started') return view('battle-puzzle', { query: lobby.lobbyId });
  // Join on a matchmaking entry names the seeker (the wizard's challenge-by-uid flow).
  if (facts.searching.has(uid)) return view('match_making', { query: uid });
  if (lobby) {
    return view('battle-puzzle-search', {
      query: lobby.lobbyId,
      owner: lobby.ownerUid,
      privacy: lobby.privacy,
      elo: lobby.ownerElo,
    });
  }
  if (facts.puzzling.has(uid)) return view('single-puzzle');
  return view(state === 'idle' ? 'idle' : 'browsing');
}
