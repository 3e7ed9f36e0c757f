import type { EmulatorState } from './state.ts';
import { STATUS_IDS, type Color, type EmulatedGame, type Side } from './types.ts';

/**
 * A game as Lichess writes it (lichess-org/api): the game stream's gameFull and gameState
 * (schemas/GameFullEvent.yaml, GameStateEvent.yaml, GameEventPlayer.yaml), the event stream's
 * game (schemas/GameEventInfo.yaml, in gameStart and gameFinish), and the reading of a game
 * that every file needs: whose turn, which side a user is, its speed, its live clock.
 */

export const sideOf = (g: EmulatedGame, userId: string): Color | null =>
  g.white.user?.id === userId ? 'white' : g.black.user?.id === userId ? 'black' : null;
export const turn = (g: EmulatedGame): Color => (g.chess.turn() === 'w' ? 'white' : 'black');
export const finished = (g: EmulatedGame): boolean => g.status !== 'started' && g.status !== 'created';
export const speedOf = (limit: number, inc: number): string => {
  const t = limit + 40 * inc;
  return t < 29 ? 'ultraBullet' : t < 179 ? 'bullet' : t < 479 ? 'blitz' : t < 1499 ? 'rapid' : 'classical';
};
export const speedName = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
export const gameSpeed = (g: EmulatedGame): string => speedOf(g.clock.initial / 1000, g.clock.increment / 1000);
export const perfOf = (g: EmulatedGame): 'blitz' | 'rapid' => (gameSpeed(g) === 'blitz' ? 'blitz' : 'rapid');

/** The clock now, without applying a move (the side to move loses time once both have moved). */
export function liveTimes(em: EmulatorState, g: EmulatedGame): { wtime: number; btime: number } {
  let { wtime, btime } = g;
  if (g.status === 'started' && g.moves.length >= 2) {
    const spent = em.now() - g.turnStartedAt;
    if (turn(g) === 'white') wtime = Math.max(0, wtime - spent);
    else btime = Math.max(0, btime - spent);
  }
  return { wtime, btime };
}

export const gameState = (em: EmulatorState, g: EmulatedGame) => ({
  type: 'gameState',
  moves: g.moves.join(' '),
  ...liveTimes(em, g),
  winc: g.clock.increment,
  binc: g.clock.increment,
  status: g.status,
  ...(g.winner ? { winner: g.winner } : {}),
  ...(g.wdraw ? { wdraw: true } : {}),
  ...(g.bdraw ? { bdraw: true } : {}),
  ...(g.wtakeback ? { wtakeback: true } : {}),
  ...(g.btakeback ? { btakeback: true } : {}),
});

const eventPlayer = (s: Side, perf: 'blitz' | 'rapid') =>
  s.user
    ? {
        id: s.user.id,
        name: s.user.username,
        title: s.user.bot ? 'BOT' : null,
        rating: s.user.perfs[perf].rating,
        ...(s.user.perfs[perf].prov ? { provisional: true } : {}),
      }
    : { id: 'ai', name: `Stockfish level ${s.aiLevel ?? 1}`, aiLevel: s.aiLevel ?? 1 };

export const gameFull = (em: EmulatorState, g: EmulatedGame) => {
  const speed = gameSpeed(g);
  return {
    type: 'gameFull',
    id: g.id,
    variant: { key: 'standard', name: 'Standard', short: 'Std' },
    clock: g.clock,
    speed,
    perf: { name: speedName(speed) },
    rated: g.rated,
    createdAt: g.createdAt,
    white: eventPlayer(g.white, perfOf(g)),
    black: eventPlayer(g.black, perfOf(g)),
    initialFen: 'startpos',
    state: gameState(em, g),
  };
};

export const eventInfo = (em: EmulatorState, g: EmulatedGame, color: Color) => {
  const opp = color === 'white' ? g.black : g.white;
  const speed = gameSpeed(g);
  const times = liveTimes(em, g);
  return {
    fullId: `${g.id}abcd`,
    gameId: g.id,
    id: g.id,
    fen: g.chess.fen(),
    color,
    lastMove: g.moves.at(-1) ?? '',
    source: g.source,
    status: { id: STATUS_IDS[g.status], name: g.status },
    variant: { key: 'standard', name: 'Standard' },
    speed,
    perf: speed,
    rated: g.rated,
    hasMoved: g.moves.length >= (color === 'white' ? 1 : 2),
    opponent: opp.user
      ? { id: opp.user.id, username: opp.user.username, rating: opp.user.perfs[perfOf(g)].rating }
      : { id: null, username: `Stockfish level ${opp.aiLevel ?? 1}`, ai: opp.aiLevel ?? 1 },
    isMyTurn: g.status === 'started' && turn(g) === color,
    secondsLeft: Math.floor((color === 'white' ? times.wtime : times.btime) / 1000),
    ...(g.winner ? { winner: g.winner } : {}),
    compat: { bot: false, board: true },
  };
};
