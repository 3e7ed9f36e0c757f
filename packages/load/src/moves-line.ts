import { detectEnd, replay, STANDARD_FEN } from '@rush/domain';

/**
 * A fixed line of `plies` legal moves that ends nothing (no mate, stalemate or draw by rule on
 * the way), from a seeded random walk: every game of a run plays the same moves.
 */
export function movesLine(plies: number, seed = 7): string[] {
  for (let s = seed; ; s++) {
    let state = s;
    const random = () => {
      // mulberry32
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const line: string[] = [];
    let ok = true;
    for (let i = 0; i < plies && ok; i++) {
      const chess = replay(STANDARD_FEN, line);
      const moves = chess.moves({ verbose: true });
      const m = moves[Math.floor(random() * moves.length)]!;
      line.push(`${m.from}${m.to}${m.promotion ?? ''}`);
      ok = detectEnd(replay(STANDARD_FEN, line)) === null;
    }
    if (ok) return line;
  }
}
