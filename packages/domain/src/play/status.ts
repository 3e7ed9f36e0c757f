import { PLAY_TEXTS } from './texts.ts';

/**
 * SPEC 4 live game statuses (the external platform's names). `started` is the only live one;
 * every other status is final. Threefold, fifty moves and insufficient material end as `draw`
 * (as on Lichess), stalemate has its own status.
 */
export const GAME_STATUSES = [
  'started',
  'resign',
  'draw',
  'outoftime',
  'nostart',
  'timeout',
  'stalemate',
  'cheat',
  'unknownfinish',
  'aborted',
  'mate',
  'variantEnd',
] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export type FinishedStatus = Exclude<GameStatus, 'started'>;

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];
export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export const isFinished = (s: GameStatus): s is FinishedStatus => s !== 'started';

/** Statuses that end a game without a result: nobody wins, nobody is rated, stakes go back. */
export const isCancelled = (s: GameStatus): boolean => s === 'aborted' || s === 'nostart';

/** SPEC 4 texts per status; mate and aborted have none in the SPEC, so theirs are ours. */
export function statusText(status: GameStatus): string | null {
  switch (status) {
    case 'started':
      return null;
    case 'resign':
      return PLAY_TEXTS.statusResign;
    case 'draw':
      return PLAY_TEXTS.statusDraw;
    case 'outoftime':
      return PLAY_TEXTS.statusOutOfTime;
    case 'nostart':
      return PLAY_TEXTS.statusNoStart;
    case 'timeout':
      return PLAY_TEXTS.statusTimeout;
    case 'stalemate':
      return PLAY_TEXTS.statusStalemate;
    case 'cheat':
      return PLAY_TEXTS.statusCheat;
    case 'mate':
      return PLAY_TEXTS.statusMate;
    case 'aborted':
      return PLAY_TEXTS.statusAborted;
    case 'unknownfinish':
    case 'variantEnd':
      return PLAY_TEXTS.statusUnknown;
  }
}

export type ResultTitle = 'CONGRATS' | 'Unlucky' | 'DRAW' | 'ABORTED' | 'GAME ENDED';

/**
 * SPEC 4 result titles, per viewer: the winner reads CONGRATS, the loser Unlucky, both players
 * DRAW when nobody won, ABORTED when the game never counted; spectators (and anything we
 * cannot place) read GAME ENDED.
 */
export function resultTitle(opts: {
  status: GameStatus;
  winner: Color | null;
  viewer: Color | null;
}): ResultTitle | null {
  const { status, winner, viewer } = opts;
  if (!isFinished(status)) return null;
  if (isCancelled(status)) return viewer ? 'ABORTED' : 'GAME ENDED';
  if (viewer === null || status === 'unknownfinish' || status === 'variantEnd') return 'GAME ENDED';
  if (winner === null) return 'DRAW';
  return winner === viewer ? 'CONGRATS' : 'Unlucky';
}
