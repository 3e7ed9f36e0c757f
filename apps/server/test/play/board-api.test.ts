import { describe, expect, it } from 'vitest';
import { gameFullOf, gameStateOf, streamEventOf } from '../../src/modules/play/board-api.ts';
import type { GameRecord } from '../../src/modules/play/games.store.ts';
import { gameRecord } from './game-record.ts';

/** The Lichess Board API shapes of a stored game (what the built-in platform streams). */

const T0 = Date.UTC(2026, 0, 1);
const game = (over: Partial<GameRecord> = {}): GameRecord =>
  gameRecord({
    blackRating: 1600,
    whiteProvisional: true,
    moves: ['e2e4', 'e7e5', 'g1f3'],
    san: ['e4', 'e5', 'Nf3'],
    fens: [],
    ply: 3,
    whiteMs: 170_000,
    blackMs: 160_000,
    turnStartedAt: new Date(T0),
    version: 4,
    drawOffer: 'white',
    createdAt: new Date(T0 - 60_000),
    ...over,
  });

describe('Board API views', () => {
  it('gameState reads the running clock of the side to move at now', () => {
    expect(gameStateOf(game(), T0 + 10_000)).toEqual({
      type: 'gameState',
      moves: 'e2e4 e7e5 g1f3',
      wtime: 170_000,
      btime: 150_000,
      winc: 2_000,
      binc: 2_000,
      status: 'started',
      wdraw: true,
      bdraw: false,
      wtakeback: false,
      btakeback: false,
    });
    expect(gameStateOf(game({ status: 'resign', winner: 'black', turnStartedAt: null }), T0 + 10_000)).toMatchObject({
      status: 'resign',
      winner: 'black',
      btime: 160_000,
    });
  });

  it('gameFull names the players (None when unknown) and writes the standard start as startpos', () => {
    const full = gameFullOf(game(), new Map([['w', 'alice']]), T0);
    expect(full).toMatchObject({
      type: 'gameFull',
      id: 'g1',
      speed: 'blitz',
      clock: { initial: 180_000, increment: 2_000 },
      createdAt: T0 - 60_000,
      white: { id: 'w', name: 'alice', rating: 1500, provisional: true },
      black: { id: 'b', name: 'None', rating: 1600, provisional: false },
      initialFen: 'startpos',
      state: { type: 'gameState', wtime: 170_000, btime: 160_000 },
    });
  });

  it('the stream sends state changes, chat lines and a gone opponent of its own game only', () => {
    const g = game();
    const line = { id: '1', uid: 'w', username: 'alice', text: 'hi', sentAt: new Date(T0).toISOString() };
    expect(streamEventOf({ kind: 'moved', game: g, uci: 'g1f3', san: 'Nf3' }, 'g1', T0)).toMatchObject({
      type: 'gameState',
    });
    expect(streamEventOf({ kind: 'started', game: g }, 'g1', T0)).toBeNull();
    expect(streamEventOf({ kind: 'moved', game: g, uci: 'g1f3', san: 'Nf3' }, 'other', T0)).toBeNull();
    expect(streamEventOf({ kind: 'playerChat', game: g, line: { ...line, color: 'white' } }, 'g1', T0)).toEqual({
      type: 'chatLine',
      room: 'player',
      username: 'alice',
      text: 'hi',
    });
    expect(streamEventOf({ kind: 'spectatorChat', gameId: 'g1', line }, 'g1', T0)).toEqual({
      type: 'chatLine',
      room: 'spectator',
      username: 'alice',
      text: 'hi',
    });
    expect(streamEventOf({ kind: 'spectatorChat', gameId: 'g2', line }, 'g1', T0)).toBeNull();
    const connected = { white: true, black: false };
    expect(streamEventOf({ kind: 'presence', game: game({ disconnectColor: 'black' }), connected }, 'g1', T0)).toEqual({
      type: 'opponentGone',
      gone: true,
      color: 'black',
    });
    expect(streamEventOf({ kind: 'presence', game: g, connected: { white: true, black: true } }, 'g1', T0)).toBeNull();
  });
});
