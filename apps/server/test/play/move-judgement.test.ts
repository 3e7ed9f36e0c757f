import { describe, expect, it } from 'vitest';
import { fenHistory, flagDeadline, PLAY_TEXTS, STANDARD_FEN } from '@rush/domain';
import type { GameRecord } from '../../src/modules/play/games.store.ts';
import { judgeMove } from '../../src/modules/play/move-judgement.ts';
import { gameRecord } from './game-record.ts';

const T0 = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/** A blitz game (3+2) after `moves`, its clocks running since T0 once two plies are played. */
function game(moves: string[], over: Partial<GameRecord> = {}): GameRecord {
  const fens = fenHistory(STANDARD_FEN, moves);
  return gameRecord({
    fen: fens[fens.length - 1]!,
    moves,
    san: moves.map(() => '?'),
    fens,
    moveTimes: moves.map(() => null),
    ply: moves.length,
    turnStartedAt: moves.length >= 2 ? T0 : null,
    deadlineAt: at(30_000),
    version: moves.length + 1,
    createdAt: T0,
    ...over,
  });
}

const OPENING = ['e2e4', 'e7e5'];

describe('judgeMove: one referee for the locked row and the kept state', () => {
  it.each([
    ['a resend of the applied move', game(OPENING), 'black', { ply: 2, uci: 'e7e5' }, 'resent', null],
    [
      'a different move on an applied ply',
      game(OPENING),
      'black',
      { ply: 2, uci: 'd7d5' },
      'refused',
      PLAY_TEXTS.outOfSync,
    ],
    ['a resend by the other colour', game(OPENING), 'white', { ply: 2, uci: 'e7e5' }, 'refused', PLAY_TEXTS.outOfSync],
    ['a ply ahead of the game', game(OPENING), 'white', { ply: 4, uci: 'g1f3' }, 'refused', PLAY_TEXTS.outOfSync],
    [
      'a move on a game that is over',
      game(OPENING, { status: 'resign' }),
      'white',
      { ply: 3, uci: 'g1f3' },
      'refused',
      PLAY_TEXTS.gameOver,
    ],
    ['the other side to move', game(OPENING), 'black', { ply: 3, uci: 'g8f6' }, 'refused', PLAY_TEXTS.notYourTurn],
    ['an illegal move', game(OPENING), 'white', { ply: 3, uci: 'e4e5' }, 'refused', PLAY_TEXTS.illegalMove],
    [
      'a first move after its deadline',
      game([], { deadlineAt: at(-1) }),
      'white',
      { ply: 1, uci: 'e2e4' },
      'noStart',
      null,
    ],
  ] as const)('%s', (_name, g, me, input, kind, text) => {
    const judged = judgeMove(g, me, input, T0);
    expect(judged.kind).toBe(kind);
    if (judged.kind === 'refused') expect(judged.error.message).toBe(text);
  });

  it('a move after the mover flagged ends the game on time (or drawn when the opponent cannot mate)', () => {
    const flagged = judgeMove(game(OPENING, { whiteMs: 5_000 }), 'white', { ply: 3, uci: 'g1f3' }, at(6_000));
    expect(flagged).toEqual({ kind: 'flagged', end: { status: 'outoftime', winner: 'black' } });
  });

  it('a move that stands: arrays appended, clock paid and incremented, offers settled, deadline re-armed', () => {
    const g = game(OPENING, { drawOffer: 'black', takebackOffer: 'black' });
    const judged = judgeMove(g, 'white', { ply: 3, uci: 'g1f3' }, at(4_000));
    expect(judged.kind).toBe('moved');
    if (judged.kind !== 'moved') return;
    const { move } = judged;
    expect(move).toMatchObject({ uci: 'g1f3', san: 'Nf3', thinkMs: 4_000, end: null });
    expect(move.patch).toMatchObject({
      moves: [...OPENING, 'g1f3'],
      san: ['?', '?', 'Nf3'],
      moveTimes: [null, null, 4_000],
      ply: 3,
      whiteMs: 178_000,
      blackMs: 180_000,
      turnStartedAt: at(4_000),
      // the moment black flags, as the domain's clock says
      deadlineAt: new Date(
        flagDeadline({ whiteMs: 178_000, blackMs: 180_000, runningSince: at(4_000).getTime() }, 'black')!,
      ),
      drawOffer: null,
      takebackOffer: null,
    });
    expect(move.patch.fens).toEqual(fenHistory(STANDARD_FEN, [...OPENING, 'g1f3']));
    expect(move.fen).toBe(move.patch.fens.at(-1));
  });

  it("the mover's own draw offer stands; before the clocks run no think time is counted", () => {
    const judged = judgeMove(game(['e2e4'], { drawOffer: 'black' }), 'black', { ply: 2, uci: 'e7e5' }, at(1_000));
    expect(judged.kind === 'moved' && judged.move.patch.drawOffer).toBe('black');
    expect(judged.kind === 'moved' && judged.move.thinkMs).toBeNull();
  });

  it('a mating move carries its end', () => {
    const judged = judgeMove(game(['f2f3', 'e7e5', 'g2g4']), 'black', { ply: 4, uci: 'd8h4' }, at(1_000));
    expect(judged.kind === 'moved' && judged.move.end).toEqual({ status: 'mate', winner: 'black' });
  });
});
