import { Chess, type Move } from 'chess.js';
import type { BulkRule } from './bulk-pairing.ts';
import { botMove, isBotSide } from './bot-moves.ts';
import { eventInfo, finished, gameState, turn } from './game-json.ts';
import { later, newId, type EmulatorState } from './state.ts';
import { endGameStreams, toEvents, toGame, toSide } from './streams.ts';
import type { Color, EmulatedGame, Side, Status } from './types.ts';

/**
 * A game's life in the emulator, as lila runs it: created (gameStart on both event streams),
 * moves with legality (chess.js) and the clock, draw offers, the no-start rule, opponentGone,
 * the bots' turns, and its end (gameFinish, the game streams closed). lichess-org/api:
 * tags/board/api-board-game-gameId-move-move.yaml, schemas/OpponentGoneEvent.yaml.
 */

export function finish(em: EmulatorState, g: EmulatedGame, status: Status, winner?: Color): void {
  g.status = status;
  if (winner) g.winner = winner;
  g.wdraw = g.bdraw = g.wtakeback = g.btakeback = false;
  g.lastMoveAt = em.now();
}

/** Tells the game streams; at the end, closes them and tells both event streams. */
export function changed(em: EmulatorState, g: EmulatedGame): void {
  toGame(em, g, gameState(em, g));
  if (finished(g)) {
    endGameStreams(em, g);
    for (const c of ['white', 'black'] as const) {
      const u = g[c].user;
      if (u) toEvents(em, u.id, { type: 'gameFinish', game: eventInfo(em, g, c) });
    }
  } else {
    scheduleBot(em, g);
  }
}

export function createGame(
  em: EmulatorState,
  input: {
    id?: string;
    white: Side;
    black: Side;
    rated: boolean;
    limit: number;
    increment: number;
    source: 'friend' | 'ai' | 'api';
    rules?: BulkRule[];
  },
): EmulatedGame {
  const t = em.now();
  const g: EmulatedGame = {
    id: input.id ?? newId(),
    white: input.white,
    black: input.black,
    rated: input.rated,
    clock: { initial: input.limit * 1000, increment: input.increment * 1000 },
    chess: new Chess(),
    moves: [],
    san: [],
    status: 'started',
    wtime: input.limit * 1000,
    btime: input.limit * 1000,
    turnStartedAt: t,
    createdAt: t,
    lastMoveAt: t,
    source: input.source,
    rules: input.rules ?? [],
    wdraw: false,
    bdraw: false,
    wtakeback: false,
    btakeback: false,
    chat: [],
    lastDrawOffer: { white: null, black: null },
    goneSince: { white: null, black: null },
  };
  em.games.set(g.id, g);
  for (const c of ['white', 'black'] as const) {
    const u = g[c].user;
    if (u) toEvents(em, u.id, { type: 'gameStart', game: eventInfo(em, g, c) });
  }
  scheduleBot(em, g);
  armNoStart(em, g);
  return g;
}

/** The no-start rule (options.noStartMs): re-armed by the first move, off from the second. */
function armNoStart(em: EmulatorState, g: EmulatedGame): void {
  const ms = em.opts.noStartMs;
  if (ms === undefined) return;
  const plies = g.moves.length;
  later(em, ms, () => {
    if (finished(g) || g.moves.length !== plies) return;
    finish(em, g, 'noStart');
    changed(em, g);
  });
}

/** Applies a move for `color`; an error text when refused. */
export function play(
  em: EmulatorState,
  g: EmulatedGame,
  color: Color,
  uci: string,
  offeringDraw = false,
): string | null {
  if (finished(g)) return 'This game is already over';
  if (turn(g) !== color) return 'Not your turn, or game already over';
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(uci);
  if (!m) return `Invalid move: ${uci}`;
  // lila takes castling in either spelling: the king's two squares or king-to-rook.
  const legal = g.chess
    .moves({ verbose: true })
    .find(
      (x) =>
        x.from === m[1] &&
        (x.promotion ?? '') === (m[3] ?? '') &&
        (x.to === m[2] || ((x.isKingsideCastle() || x.isQueensideCastle()) && rookSquareOf(x) === m[2])),
    );
  if (!legal) return `Illegal move: ${uci}`;
  const move: Move = g.chess.move(legal);
  const t = em.now();
  if (g.moves.length >= 2) {
    const spent = t - g.turnStartedAt;
    const left = (color === 'white' ? g.wtime : g.btime) - spent;
    if (left <= 0) {
      g.chess.undo();
      if (color === 'white') g.wtime = 0;
      else g.btime = 0;
      finish(em, g, 'outoftime', color === 'white' ? 'black' : 'white');
      changed(em, g);
      return 'Time is up';
    }
    if (color === 'white') g.wtime = left + g.clock.increment;
    else g.btime = left + g.clock.increment;
  }
  // The game stream writes castling king-to-rook, in standard chess too (since September 2025).
  g.moves.push(
    move.from +
      (move.isKingsideCastle() || move.isQueensideCastle() ? rookSquareOf(move) : move.to) +
      (move.promotion ?? ''),
  );
  g.san.push(move.san);
  g.turnStartedAt = t;
  g.lastMoveAt = t;
  // A move declines the opponent's draw offer and ends any takeback proposal.
  const opponentOffered = color === 'white' ? g.bdraw : g.wdraw;
  g.wdraw = g.bdraw = g.wtakeback = g.btakeback = false;
  if (offeringDraw) {
    if (opponentOffered) finish(em, g, 'draw');
    else if (mayOfferDraw(g, color)) offerDraw(g, color);
  }
  if (g.moves.length === 1) armNoStart(em, g);
  if (g.chess.isCheckmate()) finish(em, g, 'mate', color);
  else if (g.chess.isStalemate()) finish(em, g, 'stalemate');
  else if (g.chess.isDraw()) finish(em, g, 'draw');
  changed(em, g);
  return null;
}

/** lila Game.playerCanOfferDraw: not to the AI, not again within 20 plies of one's last offer. */
export function mayOfferDraw(g: EmulatedGame, color: Color): boolean {
  const other: Color = color === 'white' ? 'black' : 'white';
  const last = g.lastDrawOffer[color];
  return g[other].user !== null && (last === null || g.moves.length - last > 20);
}

export function offerDraw(g: EmulatedGame, color: Color): void {
  if (color === 'white') g.wdraw = true;
  else g.bdraw = true;
  g.lastDrawOffer[color] = g.moves.length;
}

/** opponentGone's claimWinInSeconds, in ms (options.claimWinSeconds, 10 s by default). */
export const claimWinMs = (em: EmulatorState): number => (em.opts.claimWinSeconds ?? 10) * 1000;

/**
 * lila tells a player whose opponent's last stream closed `opponentGone` (gone, and in how
 * many seconds the win may be claimed), and that they are back when one opens again.
 */
export function presenceChanged(em: EmulatorState, g: EmulatedGame, color: Color): void {
  if (finished(g) || isBotSide(g[color])) return;
  const open = [...em.streams].some((x) => x.kind === 'game' && x.gameId === g.id && x.userId === g[color].user!.id);
  const other: Color = color === 'white' ? 'black' : 'white';
  if (!open && g.goneSince[color] === null) {
    g.goneSince[color] = em.now();
    toSide(em, g, other, { type: 'opponentGone', gone: true, claimWinInSeconds: Math.ceil(claimWinMs(em) / 1000) });
  } else if (open && g.goneSince[color] !== null) {
    g.goneSince[color] = null;
    toSide(em, g, other, { type: 'opponentGone', gone: false });
  }
}

/** A bot or the AI to move plays after options.botDelayMs, unless the game moved on. */
function scheduleBot(em: EmulatorState, g: EmulatedGame): void {
  if (finished(g) || !isBotSide(g[turn(g)])) return;
  const ply = g.moves.length;
  later(em, em.botDelayMs, () => {
    if (finished(g) || g.moves.length !== ply) return;
    const uci = botMove(g);
    if (uci) play(em, g, turn(g), uci);
  });
}

/** The square of the rook a castling king moves onto, in lila's king-to-rook UCI. */
const rookSquareOf = (m: Move) => (m.isKingsideCastle() ? 'h' : 'a') + m.from[1];
