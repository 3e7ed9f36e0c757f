import { graphCp } from '@rush/domain';

/**
 * The evaluation graph's data: plies on x (0 = the start, level), White's advantage on y through
 * the domain's graph bound (graphCp), so a mate or a huge advantage sits at the edge. A ply nothing
 * evaluated (the book) has no point: the line spans it rather than dipping to level.
 */
export function graphSeries(evals: readonly (number | null)[]): [number[], (number | null)[]] {
  return [
    [0, ...evals.map((_, i) => i + 1)],
    [0, ...evals.map((cp) => (cp === null ? null : graphCp(cp)))],
  ];
}

/** The y axis labels: whole pawns with a sign ("+3", "-10", "0"). */
export function pawnTick(cp: number): string {
  const p = Math.round(cp / 100);
  return p > 0 ? `+${p}` : String(p);
}

/** The x axis labels: a ply's full-move number, none at the start or between plies. */
export function moveTick(ply: number): string {
  return Number.isInteger(ply) && ply > 0 ? String(Math.ceil(ply / 2)) : '';
}
