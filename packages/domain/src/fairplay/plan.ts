import { isBookPly } from './classify.ts';

/**
 * How much engine a finished game's analysis gets (issue 35). Staked games decide money (a hold,
 * the player's pattern), so they get the full search the verdict thresholds were tuned on
 * (FAIRPLAY_DEPTH, MultiPV 3). Rated games without a stake feed no hold and no pattern (those read
 * money games only), so two plies less: at depth 8 and deeper no engine side of the self-play
 * measurement stayed clean (docs/design/fair-play.md), so their verdicts stay meaningful. Casual
 * games (a player asked for the analysis) only show the moves' classes and the best move: four
 * plies less and MultiPV 1 (the top-3 match then equals the top-1 one, which can only make a
 * verdict milder, never harsher).
 */
export type AnalysisTier = 'staked' | 'rated' | 'casual';

export interface AnalysisPlan {
  depth: number;
  multipv: number;
}

/** The search of every position of a game of `tier`, from the configured full depth. */
export function analysisPlan(tier: AnalysisTier, fullDepth: number): AnalysisPlan {
  const full = Math.max(1, Math.floor(fullDepth));
  if (tier === 'staked') return { depth: full, multipv: 3 };
  if (tier === 'rated') return { depth: Math.max(1, full - 2), multipv: 3 };
  return { depth: Math.max(1, full - 4), multipv: 1 };
}

/** Which tier a game is: a stake first (a staked game may also be rated), then rated, else casual. */
export function analysisTier(game: { staked: boolean; rated: boolean }): AnalysisTier {
  return game.staked ? 'staked' : game.rated ? 'rated' : 'casual';
}

/**
 * What the analysis does with a position (after k plies):
 * - 'search': ask the engine (a counted move is played from it, or a counted move led to it);
 * - 'next': no search: it has one legal move, so its evaluation is the next position's negated;
 * - 'skip': nothing the rules read needs it (book, or before a forced move).
 */
export type PositionWork = 'search' | 'next' | 'skip';

/** Whether ply i (1-based) counts in the figures: the rules' own test (classifyPly: not book, not forced). */
const counted = (i: number, legal: readonly number[]): boolean => !isBookPly(i) && legal[i - 1] !== 1;

/**
 * The work per position 0..n of a game of n plies, from the legal moves in each position
 * (`legal[k]`; 0 at a mate or stalemate, which the analysis scores by the rules, never the engine). A counted ply i reads the search of position i-1 (the
 * engine's top moves and the best evaluation) and the evaluation of position i (the played
 * move's). Book and forced plies are read by no rule (figures.ts skips them), so a position is
 * searched only for a counted ply; a position with one legal move that a counted ply needs the
 * evaluation of takes it from the next one (which is then evaluated in turn).
 */
export function positionWork(legal: readonly number[]): PositionWork[] {
  const n = legal.length - 1;
  const work: PositionWork[] = [];
  let evalWanted = false; // the previous position took its evaluation from this one
  for (let k = 0; k <= n; k++) {
    const searchWanted = k < n && counted(k + 1, legal);
    const wanted = searchWanted || evalWanted || (k >= 1 && counted(k, legal));
    if (!wanted || legal[k] === 0) work.push('skip');
    else if (!searchWanted && legal[k] === 1 && k < n) work.push('next');
    else work.push('search');
    evalWanted = work[k] === 'next';
  }
  return work;
}
