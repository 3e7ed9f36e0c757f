/**
 * The landing's featured game (issue 19), chosen as Lichess TV chooses its channel's game: of the
 * live games, the one between the strongest players (the higher sum of the two ratings), the
 * newest on a tie so the screen moves on to fresh games. Pure: the store hands the live games.
 */
export interface FeaturedCandidate {
  id: string;
  whiteRating: number;
  blackRating: number;
  createdAt: Date;
}

export function pickFeatured<T extends FeaturedCandidate>(live: readonly T[]): T | null {
  let best: T | null = null;
  for (const g of live) {
    if (!best) {
      best = g;
      continue;
    }
    const strength = g.whiteRating + g.blackRating - (best.whiteRating + best.blackRating);
    const newer = g.createdAt.getTime() - best.createdAt.getTime();
    if (strength > 0 || (strength === 0 && (newer > 0 || (newer === 0 && g.id > best.id)))) best = g;
  }
  return best;
}
