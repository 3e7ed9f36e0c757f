import type { GameVerdict, PlayerVerdict, SideFigures } from './types.ts';
import {
  CLOCKWORK_ACPL,
  CLOCKWORK_SHARE,
  CLOCKWORK_TOP1,
  CLOCKWORK_TOP3,
  MIN_COUNTED_MOVES,
  MIN_PATTERN_GAMES,
  MIN_VERDICT_PLIES,
  PATTERN_ACPL,
  PATTERN_MIN_COUNTED,
  PATTERN_SUSPECT_GAMES,
  PATTERN_TOP1,
  PATTERN_TOP3,
  ROLLING_GAMES,
  SHORT_MIN_COUNTED,
  SUSPECT_ACPL,
  SUSPECT_TOP1,
  SUSPECT_TOP3,
} from './thresholds.ts';

const pct = (share: number): string => `${Math.round(share * 100)}%`;

interface Bounds {
  acpl: number;
  top1: number;
  top3: number;
}

/** The reasons when accuracy AND engine matching both cross the bounds; null otherwise. */
function accuracyReasons(f: Pick<SideFigures, 'acpl' | 'top1' | 'top3'>, b: Bounds, over: string): string[] | null {
  if (f.acpl > b.acpl) return null;
  const matches: string[] = [];
  if (f.top1 >= b.top1) matches.push(`top-1 match ${pct(f.top1)}`);
  if (f.top3 >= b.top3) matches.push(`top-3 match ${pct(f.top3)}`);
  if (matches.length === 0) return null;
  return [`ACPL ${Math.round(f.acpl)} over ${over}`, ...matches];
}

/**
 * Why one side's play in one game looks assisted, or null: low ACPL and a high engine match;
 * with clockwork move times the bounds loosen (a bot relayed by a script moves at one pace).
 * Needs MIN_COUNTED_MOVES counted moves.
 *
 * Known limits: an engine weakened on purpose (low depth or skill, ACPL 25+) plays like a good
 * human and passes, as it does on Lichess without their machine-learned models; and a strong
 * human's quiet game can reach an ACPL near 12, which the top-3 bound and the admin review absorb
 * (a hold is a review, not a ban). The fixtures hold no titled players' games.
 */
export function suspectReasons(f: SideFigures): string[] | null {
  if (f.counted < MIN_COUNTED_MOVES) return null;
  const over = `${f.counted} moves`;
  const strict = accuracyReasons(f, { acpl: SUSPECT_ACPL, top1: SUSPECT_TOP1, top3: SUSPECT_TOP3 }, over);
  const clockwork = f.moveTime !== null && f.moveTime.constantShare >= CLOCKWORK_SHARE;
  const clockReason = clockwork ? [`move times near-constant ${pct(f.moveTime!.constantShare)}`] : [];
  if (strict) return [...strict, ...clockReason];
  if (!clockwork) return null;
  // The steady ACPL (without the worst moves): a bot relayed at one pace is judged on its play,
  // not on the one move the analysis misjudged (thresholds.ts CLOCKWORK_TRIM_SHARE).
  const steady = { ...f, acpl: f.steadyAcpl ?? f.acpl };
  const loose = accuracyReasons(steady, { acpl: CLOCKWORK_ACPL, top1: CLOCKWORK_TOP1, top3: CLOCKWORK_TOP3 }, over);
  if (loose) return [`steady ${loose[0]!}`, ...loose.slice(1), ...clockReason];
  // Clockwork and a steady ACPL within the strict bound: no engine match needed. An engine
  // searching to another depth than the analysis often agrees on few first choices (top-1 27%,
  // top-3 67% for one Stockfish side at depth 8 against a depth-8 MultiPV-3 analysis) while
  // losing almost nothing; the match guards a human's converted won game, and a human does not
  // move at one pace (issue 33).
  if (steady.acpl <= SUSPECT_ACPL) return [`steady ACPL ${Math.round(steady.acpl)} over ${over}`, ...clockReason];
  return null;
}

/** Counted moves of the class 'best' (figures stored before the count existed: the top-1 moves). */
const bestMoves = (f: SideFigures): number => f.best ?? Math.round(f.top1 * f.counted);

/**
 * Why a side looks assisted whatever the game's length, or null: every one of at least
 * SHORT_MIN_COUNTED counted (not book, not forced) moves was the engine's first choice (issue 33).
 */
export function everyMoveBestReason(f: SideFigures): string | null {
  if (f.counted < SHORT_MIN_COUNTED || bestMoves(f) < f.counted) return null;
  return `every one of ${f.counted} moves after the book the engine's first choice`;
}

/**
 * One game, one side: insufficient, clean or suspect. A game of MIN_VERDICT_PLIES or more with
 * MIN_COUNTED_MOVES counted moves is judged on its accuracy (suspectReasons); any game, short ones
 * included, is suspect when every counted move was the engine's first choice (everyMoveBestReason).
 * A short game is otherwise insufficient: the player's pattern judges it (playerVerdict).
 */
export function gameVerdict(figures: SideFigures, totalPlies: number): GameVerdict {
  const allBest = everyMoveBestReason(figures);
  if (totalPlies < MIN_VERDICT_PLIES || figures.counted < MIN_COUNTED_MOVES)
    return allBest ? { kind: 'suspect', reasons: [allBest] } : { kind: 'insufficient' };
  const reasons = suspectReasons(figures);
  if (reasons) return { kind: 'suspect', reasons };
  return allBest ? { kind: 'suspect', reasons: [allBest] } : { kind: 'clean' };
}

/**
 * A player's pattern over their last ROLLING_GAMES analysed money games (newest first): the
 * figures of the games with at least PATTERN_MIN_COUNTED counted moves (short wins included,
 * issue 33), weighted by counted moves, need at least MIN_PATTERN_GAMES such games (one lucky
 * game is no pattern); or PATTERN_SUSPECT_GAMES of them are suspect on their own (by accuracy,
 * or every move the engine's first choice).
 */
export function playerVerdict(recent: readonly SideFigures[]): PlayerVerdict {
  const games = recent.slice(0, ROLLING_GAMES).filter((f) => f.counted >= PATTERN_MIN_COUNTED);
  const reasons: string[] = [];
  if (games.length >= MIN_PATTERN_GAMES) {
    const moves = games.reduce((a, f) => a + f.counted, 0);
    const weighted = (pick: (f: SideFigures) => number): number =>
      games.reduce((a, f) => a + pick(f) * f.counted, 0) / moves;
    const avg = { acpl: weighted((f) => f.acpl), top1: weighted((f) => f.top1), top3: weighted((f) => f.top3) };
    const over = `${moves} moves in ${games.length} games`;
    const pattern = accuracyReasons(avg, { acpl: PATTERN_ACPL, top1: PATTERN_TOP1, top3: PATTERN_TOP3 }, over);
    if (pattern) reasons.push(...pattern);
  }
  const suspect = games.filter((f) => suspectReasons(f) !== null || everyMoveBestReason(f) !== null).length;
  if (suspect >= PATTERN_SUSPECT_GAMES) reasons.push(`${suspect} of ${games.length} recent games suspect`);
  return reasons.length > 0 ? { kind: 'suspect', reasons } : { kind: 'clean' };
}

/**
 * Whether a finished staked game's payout is held for review: the winner's game is suspect, or
 * their pattern including this game is. Reasons (game first, then pattern, no repeats) go to the admin.
 */
export function holdDecision(game: GameVerdict, pattern: PlayerVerdict): { hold: boolean; reasons: string[] } {
  const reasons: string[] = [];
  if (game.kind === 'suspect') reasons.push(...game.reasons);
  if (pattern.kind === 'suspect') reasons.push(...pattern.reasons.map((r) => `pattern: ${r}`));
  return { hold: game.kind === 'suspect' || pattern.kind === 'suspect', reasons: [...new Set(reasons)] };
}
