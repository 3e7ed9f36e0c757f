/**
 * SPEC 3 Puzzle (id, fen, solution, themes, rating, solutionShown) and SPEC 9 selection rules,
 * in the Lichess puzzle CSV's conventions: `fen` is the position BEFORE the opponent's move;
 * `moves[0]` is that move (auto-played after 1 s); the user plays the side opposite to the
 * FEN's side to move; the user's moves are moves[1], moves[3], ...
 */
export interface PuzzleRow {
  id: string;
  fen: string;
  /** UCI moves, the opponent's setup move first. */
  moves: string[];
  rating: number;
  themes: string[];
}

export const DIFFICULTIES = ['easiest', 'easier', 'normal', 'harder', 'hardest'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** SPEC 9: casual difficulty offsets around the user's puzzle rating (default normal). */
export const DIFFICULTY_OFFSET: Readonly<Record<Difficulty, number>> = {
  easiest: -600,
  easier: -300,
  normal: 0,
  harder: 300,
  hardest: 600,
};

/** The themes a user can pick (SPEC 3); `healthyMix` (default) is any puzzle. */
export const PUZZLE_THEMES = [
  'healthyMix',
  'advancedPawn',
  'advantage',
  'crushing',
  'equality',
  'backRankMate',
  'fork',
  'pin',
  'skewer',
  'discoveredAttack',
  'sacrifice',
  'hangingPiece',
  'mate',
  'mateIn1',
  'mateIn2',
  'mateIn3',
  'mateIn4',
  'mateIn5',
  'short',
  'long',
  'veryLong',
  'opening',
  'middlegame',
  'endgame',
  'rookEndgame',
  'pawnEndgame',
  'bishopEndgame',
  'knightEndgame',
  'queenEndgame',
  'queenRookEndgame',
  'promotion',
  'kingsideAttack',
  'queensideAttack',
  'defensiveMove',
  'deflection',
  'attraction',
  'quietMove',
  'exposedKing',
  'trappedPiece',
  'intermezzo',
  'zugzwang',
] as const;
export type PuzzleTheme = (typeof PUZZLE_THEMES)[number];

export const DEFAULT_PUZZLE_RATING = 1500;

/**
 * The rating a selection aims at: a whole rating, as the catalogue's are (a player's Glicko-2
 * rating is fractional; every mode, casual, solo and battle, rounds it here the same way).
 */
export const targetRating = (userRating: number, difficulty: Difficulty): number =>
  Math.round(userRating) + DIFFICULTY_OFFSET[difficulty];

/**
 * The window searched around the target: ±100 first, then wider steps until something is found
 * (the server tries them in order, each an indexed range query).
 */
export const SELECTION_WINDOWS = [100, 200, 400, 800, 3000] as const;

/** How many recent puzzles a user is not shown again. */
export const RECENT_PUZZLES = 200;

/** The colour the user plays: the opposite of the side to move in the FEN. */
export function userColor(fen: string): 'white' | 'black' {
  return fen.split(' ')[1] === 'w' ? 'black' : 'white';
}

/** Parses one Lichess CSV line's fields (PuzzleId,FEN,Moves,Rating,...,Themes,...); null if malformed. */
export function puzzleFromCsv(fields: readonly string[]): PuzzleRow | null {
  const [id, fen, moves, rating, , , , themes] = fields;
  if (!id || !fen || !moves || !rating) return null;
  // Plain digits only: Number() would also take '1e3', '0x708' or '-1800' as a rating.
  if (!/^\d{1,5}$/.test(rating)) return null;
  const r = Number(rating);
  const ms = moves.trim().split(/\s+/);
  if (ms.length < 2 || !ms.every((m) => /^[a-h][1-8][a-h][1-8][qrbn]?$/.test(m))) return null;
  // userColor reads the side to move, so it must be there and be w or b.
  const fenFields = fen.split(' ');
  if (fenFields.length < 4 || (fenFields[1] !== 'w' && fenFields[1] !== 'b')) return null;
  return { id, fen, moves: ms, rating: r, themes: (themes ?? '').trim().split(/\s+/).filter(Boolean) };
}
