import type { Color } from '../play/status.ts';
import type { MoveTimeProfile, PlyAnalysis, SideFigures } from './types.ts';
import { classifyPly, plyLoss } from './classify.ts';
import { CLOCKWORK_TRIM_SHARE, CONSTANT_BAND_MS, CONSTANT_BAND_SHARE, MIN_TIMED_MOVES } from './thresholds.ts';

/**
 * The move-time profile of some think times: mean, variance and the share near the median
 * (±max(CONSTANT_BAND_MS, CONSTANT_BAND_SHARE × median)). Null with fewer than MIN_TIMED_MOVES.
 * A human's times spread (quick recaptures, long thinks); a bot's cluster at one value.
 */
export function moveTimeProfile(timesMs: readonly number[]): MoveTimeProfile | null {
  const n = timesMs.length;
  if (n < MIN_TIMED_MOVES) return null;
  const meanMs = timesMs.reduce((a, b) => a + b, 0) / n;
  const varianceMs2 = timesMs.reduce((a, t) => a + (t - meanMs) ** 2, 0) / n;
  const sorted = [...timesMs].sort((a, b) => a - b);
  const mid = Math.floor(n / 2);
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const band = Math.max(CONSTANT_BAND_MS, CONSTANT_BAND_SHARE * median);
  const near = timesMs.filter((t) => Math.abs(t - median) <= band).length;
  return { meanMs, varianceMs2, constantShare: near / n };
}

/** One side's figures over a game's analysed plies (counted: that colour's moves, not book, not forced). */
export function sideFigures(plies: readonly PlyAnalysis[], color: Color): SideFigures {
  let counted = 0;
  let lossSum = 0;
  let top1 = 0;
  let top3 = 0;
  let blunders = 0;
  let mistakes = 0;
  let inaccuracies = 0;
  let best = 0;
  const losses: number[] = [];
  const times: number[] = [];
  for (const p of plies) {
    if (p.color !== color) continue;
    const cls = classifyPly(p);
    if (cls === 'book' || cls === 'forced') continue;
    counted += 1;
    const loss = plyLoss(p);
    lossSum += loss;
    losses.push(loss);
    if (cls === 'best') best += 1;
    if (p.top[0] === p.played) top1 += 1;
    if (p.top.slice(0, 3).includes(p.played)) top3 += 1;
    if (cls === 'blunder') blunders += 1;
    else if (cls === 'mistake') mistakes += 1;
    else if (cls === 'inaccuracy') inaccuracies += 1;
    if (p.moveTimeMs !== null) times.push(p.moveTimeMs);
  }
  const share = (k: number): number => (counted === 0 ? 0 : k / counted);
  return {
    counted,
    acpl: counted === 0 ? 0 : lossSum / counted,
    top1: share(top1),
    top3: share(top3),
    blunders,
    mistakes,
    inaccuracies,
    best,
    steadyAcpl: steadyAcpl(losses),
    moveTime: moveTimeProfile(times),
  };
}

/**
 * The mean loss without the worst CLOCKWORK_TRIM_SHARE of the moves (at least one; with fewer
 * than two moves, their mean): one move the analysis misjudges at its own depth does not carry the game.
 */
export function steadyAcpl(losses: readonly number[]): number {
  if (losses.length < 2) return losses[0] ?? 0;
  const drop = Math.max(1, Math.ceil(losses.length * CLOCKWORK_TRIM_SHARE));
  const kept = [...losses].sort((a, b) => a - b).slice(0, Math.max(1, losses.length - drop));
  return kept.reduce((a, b) => a + b, 0) / kept.length;
}
