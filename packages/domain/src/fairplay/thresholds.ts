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
 * Short games (issue 33): a game under MIN_VERDICT_PLIES gets no accuracy verdict (too few moves
 * for an ACPL), but a side whose every counted move (not book: the first BOOK_PLIES plies; not
 * forced) was the engine's first choice, over at least SHORT_MIN_COUNTED such moves, is suspect:
 * a win resigned at ply 35 has 12-13 counted moves per side. On every 22-35-ply prefix of the
 * fixtures (fixtures.test.ts): one human side of 120 played 8 such moves in a row from ply 11, none
 * 9; at 9, 61 of 270 engine prefixes are caught (the rest are the pattern's to judge).
 * 'First choice' is the move class 'best': the engine's top move or within BEST_LOSS_CP of it,
 * the analysis' own depth noise. Such games also count in the player's pattern (playerVerdict),
 * from PATTERN_MIN_COUNTED counted moves on, so a run of short engine wins adds up.
 */
export const SHORT_MIN_COUNTED = 9;
export const PATTERN_MIN_COUNTED = 6;

/*
 * What the fixtures showed (fixtures/README.md; depth-10 MultiPV-3 analysis):
 * - 120 human sides (60 Lichess games, players 1300-1900, bullet to rapid): ACPL 14.5-246 (24 and
 *   up in the first 40 games the thresholds were set on; 14.5 in a 15-move bullet game of the 20
 *   added after), top-1 14-67%, top-3 32-89%; move times at the median up to 68% (whole seconds).
 * - 32 Stockfish sides (depth 12 and 16, 40k and 80k nodes): ACPL 0.5-16 (at most 8.2 without
 *   clockwork times), top-1 only 50-83% (an engine searching deeper than the analysis often
 *   prefers another move), top-3 73-100%, never a blunder.
 * So a low ACPL separates best; the top-1 match alone does not. The top-3 match guards the ACPL
 * against easy games: beyond the ±1000 clamp every winning move loses "nothing", so converting a
 * won game lowers a human's ACPL but not their engine match.
 */

/**
 * Game verdict: suspect when the ACPL is at most SUSPECT_ACPL AND the engine match is high
 * (top-1 at least SUSPECT_TOP1 or top-3 at least SUSPECT_TOP3). ACPL 12: half the lowest human ACPL
 * of the games it was set on, above every engine side without clockwork times.
 */
export const SUSPECT_ACPL = 12;
export const SUSPECT_TOP1 = 0.6;
export const SUSPECT_TOP3 = 0.7;
/**
 * Clockwork move times (a bot, or a script relaying one, moves at one pace) strengthen the case:
 * with at least CLOCKWORK_SHARE of the timed moves near the median time, the bounds loosen to the
 * CLOCKWORK_ ones. 0.8 stays above the 68% that humans reached in bullet on whole-second clocks
 * (the server measures milliseconds, where a human's times spread more).
 */
export const CLOCKWORK_SHARE = 0.8;
/**
 * Under clockwork the ACPL read is the steady one (figures.ts steadyAcpl): the mean loss without
 * the side's worst CLOCKWORK_TRIM_SHARE of counted moves (at least one). Why (issue 33): over the
 * 15 counted moves of a 40-ply game one move the analysis misjudges at its own depth (an engine
 * move of a deeper or shallower search, re-searched one ply later: losses of 100-300 cp) moves
 * the plain ACPL by 10-20: the probe's all-engine game read ACPL 26.7 against this bound of 25.
 * Measured on Stockfish self-play at 40 plies with clockwork times (docs/design/fair-play.md):
 * 216 sides played at depth 6-12 and analysed at depth 6-10, the plain ACPL left 8 clean, the
 * steady ACPL with the clockwork rule of verdicts.ts 2, both analysed at depth 6 (shallower than
 * or as shallow as the play); analysed at depth 8 or deeper, none of 120 (the plain ACPL: 3).
 */
export const CLOCKWORK_TRIM_SHARE = 0.1;
export const CLOCKWORK_ACPL = 25;
export const CLOCKWORK_TOP1 = 0.5;
export const CLOCKWORK_TOP3 = 0.8;

/**
 * Player pattern: at least MIN_PATTERN_GAMES games with enough counted moves, judged on their
 * figures weighted by counted moves (a short game weighs less): an ACPL at most PATTERN_ACPL with a
 * top-1 match of PATTERN_TOP1 or a top-3 match of PATTERN_TOP3 over that many moves is a pattern
 * no human in the fixtures came near (in no window of their games). Or: at least
 * PATTERN_SUSPECT_GAMES games in the window are suspect on their own.
 */
export const MIN_PATTERN_GAMES = 5;
export const PATTERN_ACPL = 15;
export const PATTERN_TOP1 = 0.55;
export const PATTERN_TOP3 = 0.8;
export const PATTERN_SUSPECT_GAMES = 3;

/** Collusion: a pair meeting at least this often, making at least this share of each one's games. */
export const FREQUENT_PAIR_GAMES = 5;
export const FREQUENT_PAIR_SHARE = 0.5;
/**
 * Collusion: a staked game given up before this ply, this many times by one pair. Given up:
 * resigned, aborted, left (timeout) or let the clock run out (outoftime); before ply 20 no fair
 * game is decided on the board often enough to repeat.
 */
export const EARLY_END_PLIES = 20;
export const EARLY_END_GAMES = 3;
export const EARLY_END_STATUSES: readonly string[] = ['resign', 'aborted', 'timeout', 'outoftime'];
/** Collusion: over this many decided games, one side received at least this share of the stakes. */
export const ONE_WAY_MIN_GAMES = 4;
export const ONE_WAY_SHARE = 0.8;
