/**
 * Fair play (issue 14): every number the rules use, named, with the reason for its value.
 * The verdict thresholds were tuned on the committed fixtures (real human Lichess games and
 * Stockfish self-play, analysed at depth 10 MultiPV 3; see fixtures/README.md).
 */

/** No verdict on a game shorter than this (Lichess gives none under about 36 plies). */
export const MIN_VERDICT_PLIES = 36;
/** A player's pattern is judged over their last this-many analysed money games. */
export const ROLLING_GAMES = 10;
/** Evaluation graph bound: ±this many centipawns (a mate shows at the bound). */
export const GRAPH_CP = 1000;

/** A mate in n scores ±(MATE_CP - n): beyond any real evaluation, and a shorter mate is better. */
export const MATE_CP = 10_000;

/**
 * The first this-many plies (5 moves each) are book: everyone knows an opening, so matching the
 * engine there says nothing (Lichess skips the opening the same way).
 */
export const BOOK_PLIES = 10;

/**
 * Evaluations are clamped to ±this before a loss is taken (Lichess clamps at 1000 for ACPL too):
 * giving away 500 of a +1500 advantage is not a mistake a player or a cheater cares about.
 */
export const LOSS_CLAMP_CP = 1000;

/**
 * Move classes by centipawn loss (after the clamp). Centipawns, not Lichess's win-chance drop,
 * because the clamp already mutes won/lost positions, a loss threshold keeps the class monotone
 * in the loss (testable), and the verdicts read ACPL and engine matches, not the classes.
 * A move the engine ranked first, or within BEST_LOSS_CP of it (depth noise), is 'best'.
 */
export const BEST_LOSS_CP = 10;
export const INACCURACY_LOSS_CP = 50;
export const MISTAKE_LOSS_CP = 100;
export const BLUNDER_LOSS_CP = 300;

/** Move-time profile: null with fewer timed counted moves than this. */
export const MIN_TIMED_MOVES = 10;
/** A move time is "at the median" when within ±max(this, CONSTANT_BAND_SHARE × median). */
export const CONSTANT_BAND_MS = 300;
export const CONSTANT_BAND_SHARE = 0.1;

/** A side needs this many counted (not book, not forced) moves for a game verdict. */
export const MIN_COUNTED_MOVES = 12;

/**
 * Game verdict: suspect when play is both very accurate AND matches the engine's choices.
 * Either alone happens to humans (a quiet game, an obvious forcing line); both over a game rarely.
 */
export const SUSPECT_ACPL = 15;
export const SUSPECT_TOP1 = 0.75;
export const SUSPECT_TOP3 = 0.95;
/**
 * Clockwork move times (a bot or a script relaying one) strengthen the case: with this share of
 * moves at the median time, the accuracy thresholds loosen to the CLOCKWORK_ ones.
 */
export const CLOCKWORK_SHARE = 0.7;
export const CLOCKWORK_ACPL = 25;
export const CLOCKWORK_TOP1 = 0.6;
export const CLOCKWORK_TOP3 = 0.85;

/**
 * Player pattern: at least this many games with enough counted moves, judged on their figures
 * weighted by counted moves (a short game weighs less), with thresholds a little looser than one
 * game's because more moves make the averages steadier. Or: this many suspect games in the window.
 */
export const MIN_PATTERN_GAMES = 5;
export const PATTERN_ACPL = 20;
export const PATTERN_TOP1 = 0.7;
export const PATTERN_TOP3 = 0.92;
export const PATTERN_SUSPECT_GAMES = 3;

/** Collusion: a pair meeting at least this often, making at least this share of each one's games. */
export const FREQUENT_PAIR_GAMES = 5;
export const FREQUENT_PAIR_SHARE = 0.5;
/** Collusion: a staked game resigned or aborted before this ply, this many times by one pair. */
export const EARLY_END_PLIES = 20;
export const EARLY_END_GAMES = 3;
export const EARLY_END_STATUSES: readonly string[] = ['resign', 'aborted'];
/** Collusion: over this many decided games, one side received at least this share of the stakes. */
export const ONE_WAY_MIN_GAMES = 4;
export const ONE_WAY_SHARE = 0.8;
