// eslint-disable-next-line no-restricted-imports -- a test reads the SPEC and the sample catalogue; the rules stay pure.
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- the sample catalogue is gzipped in the repo.
import { gunzipSync } from 'node:zlib';
import { Chess } from 'chess.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyUci } from '../play/position.ts';
import { puzzleFromCsv, type PuzzleRow } from './catalog.ts';
import { judgeMove } from './judge.ts';

// The validated Lichess sample the catalogue is imported from (issue 6), next to the repository.
// The catalogue as the repo ships it (gzip), not the shared folder: CI runs on a bare clone.
const SAMPLE = new URL('../../../../apps/server/data/puzzles/lichess-puzzles-sample.csv.gz', import.meta.url);
const readSample = () => gunzipSync(readFileSync(SAMPLE)).toString('utf8');

let rows: PuzzleRow[] = [];
beforeAll(() => {
  const lines = readSample().split('\n').slice(1).filter(Boolean);
  rows = lines.map((line) => {
    const row = puzzleFromCsv(line.split(','));
    if (!row) throw new Error(`sample line does not parse: ${line}`);
    return row;
  });
});

const puzzle = (id: string): PuzzleRow => {
  const found = rows.find((r) => r.id === id);
  if (!found) throw new Error(`puzzle ${id} is not in the sample`);
  return found;
};

/** The board the user faces at `ply`: the FEN with every earlier move played. */
const boardAt = (p: PuzzleRow, ply: number): Chess => {
  const board = new Chess(p.fen);
  for (const m of p.moves.slice(0, ply)) expect(applyUci(board, m)).not.toBeNull();
  return board;
};

const lan = (m: { from: string; to: string; promotion?: string }) => `${m.from}${m.to}${m.promotion ?? ''}`;

const matingMoves = (board: Chess): string[] =>
  board
    .moves({ verbose: true })
    .filter((m) => {
      board.move(m);
      const mate = board.isCheckmate();
      board.undo();
      return mate;
    })
    .map(lan);

/** Plays the whole solution through the judge, checking each verdict and reply on a real board. */
function solve(p: PuzzleRow) {
  const board = boardAt(p, 1);
  for (let ply = 1; ply < p.moves.length; ply += 2) {
    const last = ply === p.moves.length - 1;
    const verdict = judgeMove(p, ply, p.moves[ply]!);
    expect(verdict).toEqual(
      last
        ? { verdict: 'correct', reply: null, solved: true }
        : { verdict: 'correct', reply: p.moves[ply + 1], solved: false },
    );
    expect(applyUci(board, p.moves[ply]!)).not.toBeNull();
    if (verdict.verdict === 'correct' && verdict.reply) expect(applyUci(board, verdict.reply)).not.toBeNull();
  }
}

describe('judgeMove on real Lichess puzzles (the user plays moves[1], moves[3], ...)', () => {
  it('accepts a short puzzle solution with its reply and solves it on the last move', () => {
    // 0000D: d3d6 (setup) f8d8 d6d8 f6d8 — two user moves.
    const p = puzzle('0000D');
    expect(p.moves).toHaveLength(4);
    solve(p);
    expect(judgeMove(p, 1, 'f8d8')).toEqual({ verdict: 'correct', reply: 'd6d8', solved: false });
    expect(judgeMove(p, 3, 'f6d8')).toEqual({ verdict: 'correct', reply: null, solved: true });
  });

  it('accepts a long puzzle move by move (00008, three user moves)', () => {
    const p = puzzle('00008');
    expect(p.themes).toContain('long');
    expect(p.moves).toEqual(['f2g3', 'e6e7', 'b2b1', 'b3c1', 'b1c1', 'h6c1']);
    solve(p);
    expect(judgeMove(p, 1, 'e6e7')).toEqual({ verdict: 'correct', reply: 'b2b1', solved: false });
    expect(judgeMove(p, 3, 'b3c1')).toEqual({ verdict: 'correct', reply: 'b1c1', solved: false });
    expect(judgeMove(p, 5, 'h6c1')).toEqual({ verdict: 'correct', reply: null, solved: true });
  });

  it('accepts a very long promotion puzzle (004b0, four user moves, a2a1q last)', () => {
    const p = puzzle('004b0');
    expect(p.themes).toEqual(expect.arrayContaining(['veryLong', 'promotion']));
    expect(p.moves).toHaveLength(8);
    solve(p);
    expect(judgeMove(p, 7, 'a2a1q')).toEqual({ verdict: 'correct', reply: null, solved: true });
  });

  it('needs the promotion piece of the solution (004b0: a2a1q, not a rook, nor a bare a2a1)', () => {
    const p = puzzle('004b0');
    for (const uci of ['a2a1r', 'a2a1n', 'a2a1b', 'a2a1', 'a2a1Q']) {
      expect(judgeMove(p, 7, uci), uci).toEqual({ verdict: 'wrong' });
    }
  });

  it('accepts a promotion that mates (001w5: g7g8q) and refuses the under-promotions that do not', () => {
    const p = puzzle('001w5');
    expect(p.themes).toEqual(expect.arrayContaining(['mateIn2', 'promotion']));
    solve(p);
    expect(matingMoves(boardAt(p, 3))).toEqual(['g7g8q']);
    for (const uci of ['g7g8r', 'g7g8b', 'g7g8n', 'g7g8']) {
      expect(judgeMove(p, 3, uci), uci).toEqual({ verdict: 'wrong' });
    }
  });

  it('calls a legal move other than the solution wrong, at every user ply', () => {
    for (const id of ['00008', '004b0', '0000D']) {
      const p = puzzle(id);
      for (let ply = 1; ply < p.moves.length; ply += 2) {
        const board = boardAt(p, ply);
        const mates = new Set(matingMoves(board));
        const other = board
          .moves({ verbose: true })
          .map(lan)
          .find((m) => m !== p.moves[ply] && !mates.has(m));
        expect(other, `${id} ply ${ply} has another legal move`).toBeDefined();
        expect(judgeMove(p, ply, other!)).toEqual({ verdict: 'wrong' });
      }
    }
  });

  it('judges a move at the wrong ply wrong', () => {
    const p = puzzle('00008');
    // The opponent's plies (0, 2, 4) are never the user's, even with the opponent's own move.
    expect(judgeMove(p, 0, 'f2g3')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(p, 2, 'b2b1')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(p, 4, 'b1c1')).toEqual({ verdict: 'wrong' });
    // A right move sent for another user ply.
    expect(judgeMove(p, 3, 'e6e7')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(p, 1, 'b3c1')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(p, 5, 'e6e7')).toEqual({ verdict: 'wrong' });
    // Past the end, before the start, or not a whole ply.
    for (const ply of [6, 7, 99, -1, 1.5, NaN, Infinity]) {
      expect(judgeMove(p, ply, 'h6c1'), String(ply)).toEqual({ verdict: 'wrong' });
    }
  });

  it('judges malformed and illegal UCI wrong, on middle and last plies alike', () => {
    const p = puzzle('00008');
    const bad = ['', 'e6', 'e6e', 'E6E7', 'e6e7 ', ' e6e7', 'e6-e7', 'e6e7k', 'e6e9', 'i6e7', 'e7e6', 'a1a8', 'h6c1q'];
    for (const uci of bad) {
      expect(judgeMove(p, 1, uci), `ply 1 ${JSON.stringify(uci)}`).toEqual({ verdict: 'wrong' });
      expect(judgeMove(p, 5, uci), `ply 5 ${JSON.stringify(uci)}`).toEqual({ verdict: 'wrong' });
    }
  });

  it('does not change the puzzle it judges', () => {
    const p = puzzle('00008');
    const before = structuredClone(p);
    judgeMove(p, 5, 'a1a8');
    judgeMove(p, 5, 'h6c1');
    judgeMove(p, 1, 'e6e7');
    expect(p).toEqual(before);
  });
});

describe('judgeMove: in mate puzzles any mating move on the last ply counts (Lichess)', () => {
  it('finds a mate-in-one puzzle with two mates in the sample and accepts either', () => {
    const mateInOne = rows.filter((r) => r.themes.includes('mateIn1'));
    expect(mateInOne.length).toBeGreaterThan(100);
    let checked = 0;
    for (const p of mateInOne) {
      expect(p.moves).toHaveLength(2);
      const mates = matingMoves(boardAt(p, 1));
      expect(mates, p.id).toContain(p.moves[1]);
      if (mates.length < 2) continue;
      for (const m of mates) {
        expect(judgeMove(p, 1, m), `${p.id} ${m}`).toEqual({ verdict: 'correct', reply: null, solved: true });
      }
      // Any other legal move is still wrong.
      const other = boardAt(p, 1)
        .moves({ verbose: true })
        .map(lan)
        .find((m) => !mates.includes(m));
      if (other) expect(judgeMove(p, 1, other), `${p.id} ${other}`).toEqual({ verdict: 'wrong' });
      if (++checked === 3) break;
    }
    expect(checked).toBe(3);
  });

  it('001KR: d1d8 mates as well as the solution f1f8', () => {
    const p = puzzle('001KR');
    expect(p.moves).toEqual(['h8g8', 'f1f8']);
    expect(matingMoves(boardAt(p, 1)).sort()).toEqual(['d1d8', 'f1f8']);
    expect(judgeMove(p, 1, 'f1f8')).toEqual({ verdict: 'correct', reply: null, solved: true });
    expect(judgeMove(p, 1, 'd1d8')).toEqual({ verdict: 'correct', reply: null, solved: true });
  });

  it('keeps the mate rule to the last ply: earlier, only the solution counts', () => {
    // A made-up line from 001KR's position, where f1f8 and d1d8 mate but the "solution" plays on.
    const real = puzzle('001KR');
    const board = boardAt(real, 1);
    const mates = matingMoves(board);
    const setup = board
      .moves({ verbose: true })
      .map(lan)
      .find((m) => !mates.includes(m))!;
    applyUci(board, setup);
    const reply = lan(board.moves({ verbose: true })[0]!);
    applyUci(board, reply);
    const final = lan(board.moves({ verbose: true })[0]!);
    const line: PuzzleRow = { ...real, id: 'line', moves: [real.moves[0]!, setup, reply, final] };
    expect(judgeMove(line, 1, 'f1f8')).toEqual({ verdict: 'wrong' });
    expect(judgeMove(line, 1, setup)).toEqual({ verdict: 'correct', reply, solved: false });
    expect(judgeMove(line, 3, final)).toEqual({ verdict: 'correct', reply: null, solved: true });
  });
});
