import crypto from 'node:crypto';
import http from 'node:http';
import { Chess, type Move } from 'chess.js';
import { readBody } from '../read-body.ts';
import { createBulk, type BulkRule } from './bulk-pairing.ts';

/**
 * A local emulator of the Lichess endpoints board play uses, for tests (in-process) and, later,
 * e2e runs. It follows the OpenAPI description in lichess-org/api (doc/specs/...); it is test
 * support only and never a product default (LICHESS_URL defaults to https://lichess.org).
 *
 *   GET    /oauth                          authorization (auto-approve redirect, or an approval page)
 *   POST   /oauth/approve                  the approval page's form
 *   POST   /api/token                      code + code_verifier (PKCE S256) -> access token
 *   DELETE /api/token                      revokes the bearer token
 *   GET    /api/account                    id, username, perfs (blitz, rapid; prov when provisional)
 *   GET    /api/stream/event               ndjson: gameStart, gameFinish, challenge, challengeCanceled, challengeDeclined
 *   GET    /api/board/game/stream/{id}     ndjson: gameFull, gameState, chatLine; closed at the end
 *   POST   /api/board/game/{id}/move/{uci}[?offeringDraw=true]
 *   POST   /api/board/game/{id}/draw/{yes|no}, /takeback/{yes|no}, /resign, /abort, /claim-victory
 *   POST   /api/board/game/{id}/chat       form room, text
 *   POST   /api/challenge/{username}       form clock.limit, clock.increment, rated, color, keepAliveStream
 *   POST   /api/challenge/{id}/accept, /decline, /cancel
 *   POST   /api/challenge/ai               form level, clock.limit, clock.increment, color (201)
 *   GET    /game/export/{id}               GameJson (ongoing games delayed by 3 moves)
 *
 * Bots: `maia1` (a BOT account that accepts challenges and plays a simple move) and the Lichess
 * AI. Chess legality is chess.js. Fault switches: 429 on demand, stream drops, malformed lines,
 * slow responses, revoked tokens, declined bot challenges, an export that says otherwise.
 */

export interface PerfInit {
  rating: number;
  games?: number;
  prov?: boolean;
}

export interface EmulatedUser {
  id: string;
  username: string;
  bot: boolean;
  perfs: { blitz: PerfInit; rapid: PerfInit };
  /** The takeback preference (lila Pref.takeback): false = never; a proposal to them is ignored. */
  takebacks: boolean;
}

type Color = 'white' | 'black';
type Status =
  | 'created'
  | 'started'
  | 'aborted'
  | 'mate'
  | 'resign'
  | 'stalemate'
  | 'timeout'
  | 'draw'
  | 'outoftime'
  | 'cheat'
  | 'noStart';

const STATUS_IDS: Record<Status, number> = {
  created: 10,
  started: 20,
  aborted: 25,
  mate: 30,
  resign: 31,
  stalemate: 32,
  timeout: 33,
  draw: 34,
  outoftime: 35,
  cheat: 36,
  noStart: 37,
};

interface Side {
  user: EmulatedUser | null;
  aiLevel?: number;
}

export interface EmulatedGame {
  id: string;
  white: Side;
  black: Side;
  rated: boolean;
  clock: { initial: number; increment: number };
  chess: Chess;
  moves: string[];
  san: string[];
  status: Status;
  winner?: Color;
  wtime: number;
  btime: number;
  turnStartedAt: number;
  createdAt: number;
  lastMoveAt: number;
  source: 'friend' | 'ai' | 'api';
  /** Bulk pairing's extra rules (noRematch, noGiveTime, ...). */
  rules: BulkRule[];
  wdraw: boolean;
  bdraw: boolean;
  wtakeback: boolean;
  btakeback: boolean;
  chat: { room: 'player' | 'spectator'; username: string; text: string }[];
  /** The ply of each side's last draw offer (lila: another within 20 plies is ignored). */
  lastDrawOffer: { white: number | null; black: number | null };
  /** Since when each side has had no game stream open (lila's opponentGone), null: present. */
  goneSince: { white: number | null; black: number | null };
}

interface Challenge {
  id: string;
  challenger: EmulatedUser;
  dest: EmulatedUser;
  rated: boolean;
  limit: number;
  increment: number;
  color: 'white' | 'black' | 'random';
  finalColor: Color;
  status: 'created' | 'accepted' | 'declined' | 'canceled';
  keepAlive: http.ServerResponse | null;
}

interface TokenRecord {
  userId: string;
  scopes: string[];
  revoked: boolean;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scopes: string[];
  userId: string;
  expiresAt: number;
  used: boolean;
}

interface OpenStream {
  kind: 'game' | 'event' | 'challenge';
  res: http.ServerResponse;
  userId: string;
  token: string;
  gameId?: string;
  /** The User-Agent header: lila keeps one game stream per player, game and user agent. */
  userAgent?: string;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  user: string | null;
  at: number;
  status: number;
}

export interface LichessEmulatorOptions {
  port?: number;
  host?: string;
  /** When set, /oauth and /api/token refuse other client ids (Lichess accepts any). */
  clientId?: string;
  /** 'auto': /oauth redirects back at once; 'page': an approval page with Authorize / Cancel. */
  approval?: 'auto' | 'page';
  /** Keep-alive empty lines on streams (Lichess: every 7 s on the event stream). */
  keepAliveMs?: number;
  /** How long maia1 and the AI think. */
  botDelayMs?: number;
  /** Time source (ms), for clocks and timestamps. */
  now?: () => number;
  /**
   * A game whose two first moves are not both played this long after its start (or the first
   * move) ends as `noStart` (Lichess ends such games without a result). Off when not set.
   */
  noStartMs?: number;
  /**
   * opponentGone's claimWinInSeconds: how long after a player's last game stream closed the
   * other may claim the win (lila counts it from the clock; 10 s by default here).
   */
  claimWinSeconds?: number;
  /** A real-time challenge not kept alive expires this long after (Lichess: 20 s). */
  challengeExpiryMs?: number;
}

export interface LichessEmulator {
  readonly url: string;
  addUser(username: string, perfs?: { blitz?: PerfInit; rapid?: PerfInit }): EmulatedUser;
  user(username: string): EmulatedUser | undefined;
  /** The account the next /oauth approves; null: the user cancels (error=access_denied). */
  setNextLogin(username: string | null): void;
  /** A token without the OAuth dance (like a personal access token). */
  issueToken(username: string, scopes?: string[]): string;
  /** The operator's `challenge:bulk` token (LICHESS_BULK_TOKEN), of the account `RushOperator`. */
  bulkToken(): string;
  revokeToken(token: string): void;
  revokeUser(username: string): void;
  game(id: string): EmulatedGame | undefined;
  /** Makes the export of a game say something else (a contradicted result). */
  overrideExport(id: string, patch: Record<string, unknown>): void;
  readonly faults: {
    /** The next `count` requests (with `token` only, and to `path` only, when given) answer 429. */
    rateLimit(count?: number, token?: string, path?: string): void;
    /** Cuts every open stream (of that kind) now; returns how many. */
    dropStreams(kind?: 'game' | 'event'): number;
    /** The next `count` lines written to streams are each preceded by a malformed line. */
    malformedLines(count?: number): void;
    /** Every response waits this long first (0: off). */
    slow(ms: number): void;
    /** maia1 declines challenges (the AI fallback). */
    declineBotChallenges(on: boolean): void;
  };
  readonly log: {
    requests: RequestLogEntry[];
    /** The most non-stream requests seen in flight at once for one token. */
    maxInFlightPerToken: number;
    refusals: string[];
    /** Game streams closed because the same player, game and user agent opened another. */
    replacedStreams: number;
  };
  openStreams(kind?: 'game' | 'event'): number;
  close(): Promise<void>;
}

const CODE_TTL_MS = 60_000;
const ALL_SCOPES = ['board:play', 'challenge:write', 'challenge:read'];

export async function startLichessEmulator(opts: LichessEmulatorOptions = {}): Promise<LichessEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const now = opts.now ?? (() => Date.now());
  const botDelayMs = opts.botDelayMs ?? 20;
  const users = new Map<string, EmulatedUser>();
  const tokens = new Map<string, TokenRecord>();
  const codes = new Map<string, PendingCode>();
  const games = new Map<string, EmulatedGame>();
  const challenges = new Map<string, Challenge>();
  const exportOverrides = new Map<string, Record<string, unknown>>();
  const bulkPairedAt = new Map<string, number[]>();
  const streams = new Set<OpenStream>();
  const inFlight = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let nextLogin: string | null | undefined;
  const fault = {
    rateLimit: 0,
    rateLimitToken: undefined as string | undefined,
    rateLimitPath: undefined as string | undefined,
    malformed: 0,
    slowMs: 0,
    declineBots: false,
  };
  const log: LichessEmulator['log'] = { requests: [], maxInFlightPerToken: 0, refusals: [], replacedStreams: 0 };

  const addUser = (username: string, perfs: { blitz?: PerfInit; rapid?: PerfInit } = {}, bot = false) => {
    const u: EmulatedUser = {
      id: username.toLowerCase(),
      username,
      bot,
      perfs: { blitz: perfs.blitz ?? { rating: 1500, games: 50 }, rapid: perfs.rapid ?? { rating: 1500, games: 50 } },
      takebacks: true,
    };
    users.set(u.id, u);
    return u;
  };
  addUser('maia1', { blitz: { rating: 1500, games: 10_000 }, rapid: { rating: 1500, games: 10_000 } }, true);

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };
  const newId = (n = 8) => {
    const abc = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let s = '';
    for (const b of crypto.randomBytes(n)) s += abc[b % abc.length];
    return s;
  };
  const newToken = (userId: string, scopes: string[]) => {
    const t = `lio_${crypto.randomBytes(24).toString('base64url').replace(/-/g, 'A').replace(/_/g, 'B')}`;
    tokens.set(t, { userId, scopes, revoked: false });
    return t;
  };

  // ---- stream writing ----------------------------------------------------------------------

  const writeLine = (s: OpenStream, value: unknown) => {
    if (s.res.destroyed || s.res.writableEnded) return;
    if (fault.malformed > 0 && s.kind !== 'challenge') {
      fault.malformed -= 1;
      s.res.write('{"type":"gameState","moves":"e2e4 \n');
    }
    s.res.write(`${JSON.stringify(value)}\n`);
  };
  const openStream = (res: http.ServerResponse, s: Omit<OpenStream, 'res'>): OpenStream => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
    res.flushHeaders();
    const stream = { ...s, res };
    streams.add(stream);
    res.on('close', () => streams.delete(stream));
    return stream;
  };
  const keepAlive = setInterval(() => {
    for (const s of streams) if (!s.res.destroyed && !s.res.writableEnded) s.res.write('\n');
  }, opts.keepAliveMs ?? 7_000);

  // ---- games -------------------------------------------------------------------------------

  const sideOf = (g: EmulatedGame, userId: string): Color | null =>
    g.white.user?.id === userId ? 'white' : g.black.user?.id === userId ? 'black' : null;
  const turn = (g: EmulatedGame): Color => (g.chess.turn() === 'w' ? 'white' : 'black');
  const finished = (g: EmulatedGame) => g.status !== 'started' && g.status !== 'created';
  const speedOf = (limit: number, inc: number) => {
    const t = limit + 40 * inc;
    return t < 29 ? 'ultraBullet' : t < 179 ? 'bullet' : t < 479 ? 'blitz' : t < 1499 ? 'rapid' : 'classical';
  };
  const speedName = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

  /** The clock now, without applying a move (the side to move loses time once both have moved). */
  const liveTimes = (g: EmulatedGame) => {
    let { wtime, btime } = g;
    if (g.status === 'started' && g.moves.length >= 2) {
      const spent = now() - g.turnStartedAt;
      if (turn(g) === 'white') wtime = Math.max(0, wtime - spent);
      else btime = Math.max(0, btime - spent);
    }
    return { wtime, btime };
  };

  const gameState = (g: EmulatedGame) => ({
    type: 'gameState',
    moves: g.moves.join(' '),
    ...liveTimes(g),
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
  const perfOf = (g: EmulatedGame): 'blitz' | 'rapid' =>
    speedOf(g.clock.initial / 1000, g.clock.increment / 1000) === 'blitz' ? 'blitz' : 'rapid';
  const gameFull = (g: EmulatedGame) => {
    const speed = speedOf(g.clock.initial / 1000, g.clock.increment / 1000);
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
      state: gameState(g),
    };
  };
  const eventInfo = (g: EmulatedGame, color: Color) => {
    const opp = color === 'white' ? g.black : g.white;
    const speed = speedOf(g.clock.initial / 1000, g.clock.increment / 1000);
    const times = liveTimes(g);
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

  const toEvents = (userId: string, value: unknown) => {
    for (const s of streams) if (s.kind === 'event' && s.userId === userId) writeLine(s, value);
  };
  const toGame = (g: EmulatedGame, value: unknown, room: 'player' | 'spectator' = 'player') => {
    void room;
    for (const s of streams) if (s.kind === 'game' && s.gameId === g.id) writeLine(s, value);
  };
  const endGameStreams = (g: EmulatedGame) => {
    for (const s of streams) if (s.kind === 'game' && s.gameId === g.id) s.res.end();
  };

  const changed = (g: EmulatedGame) => {
    toGame(g, gameState(g));
    if (finished(g)) {
      endGameStreams(g);
      for (const c of ['white', 'black'] as const) {
        const u = g[c].user;
        if (u) toEvents(u.id, { type: 'gameFinish', game: eventInfo(g, c) });
      }
    } else {
      scheduleBot(g);
    }
  };

  const finish = (g: EmulatedGame, status: Status, winner?: Color) => {
    g.status = status;
    if (winner) g.winner = winner;
    g.wdraw = g.bdraw = g.wtakeback = g.btakeback = false;
    g.lastMoveAt = now();
  };

  const createGame = (input: {
    id?: string;
    white: Side;
    black: Side;
    rated: boolean;
    limit: number;
    increment: number;
    source: 'friend' | 'ai' | 'api';
    rules?: BulkRule[];
  }): EmulatedGame => {
    const t = now();
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
    games.set(g.id, g);
    for (const c of ['white', 'black'] as const) {
      const u = g[c].user;
      if (u) toEvents(u.id, { type: 'gameStart', game: eventInfo(g, c) });
    }
    scheduleBot(g);
    armNoStart(g);
    return g;
  };

  /** The no-start rule (options.noStartMs): re-armed by the first move, off from the second. */
  const armNoStart = (g: EmulatedGame) => {
    const ms = opts.noStartMs;
    if (ms === undefined) return;
    const plies = g.moves.length;
    later(ms, () => {
      if (finished(g) || g.moves.length !== plies) return;
      finish(g, 'noStart');
      changed(g);
    });
  };

  /** Applies a move for `color`; an error text when refused. */
  const play = (g: EmulatedGame, color: Color, uci: string, offeringDraw = false): string | null => {
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
    const t = now();
    if (g.moves.length >= 2) {
      const spent = t - g.turnStartedAt;
      const left = (color === 'white' ? g.wtime : g.btime) - spent;
      if (left <= 0) {
        g.chess.undo();
        if (color === 'white') g.wtime = 0;
        else g.btime = 0;
        finish(g, 'outoftime', color === 'white' ? 'black' : 'white');
        changed(g);
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
      if (opponentOffered) finish(g, 'draw');
      else if (mayOfferDraw(g, color)) offerDraw(g, color);
    }
    if (g.moves.length === 1) armNoStart(g);
    if (g.chess.isCheckmate()) finish(g, 'mate', color);
    else if (g.chess.isStalemate()) finish(g, 'stalemate');
    else if (g.chess.isDraw()) finish(g, 'draw');
    changed(g);
    return null;
  };

  /** maia1 and the AI: mate if they can, else the biggest capture, else the first legal move. */
  const value: Record<string, number> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
  const botMove = (g: EmulatedGame): string | null => {
    const moves = g.chess.moves({ verbose: true });
    if (moves.length === 0) return null;
    const uci = (m: Move) => m.from + m.to + (m.promotion ?? '');
    const mate = moves.find((m) => m.san.endsWith('#'));
    if (mate) return uci(mate);
    const captures = moves.filter((m) => m.captured).sort((a, b) => value[b.captured!]! - value[a.captured!]!);
    return uci(captures[0] ?? moves[0]!);
  };
  const isBotSide = (s: Side) => s.user === null || s.user.bot;
  /** lila Game.playerCanOfferDraw: not to the AI, not again within 20 plies of one's last offer. */
  const mayOfferDraw = (g: EmulatedGame, color: Color) => {
    const other: Color = color === 'white' ? 'black' : 'white';
    const last = g.lastDrawOffer[color];
    return g[other].user !== null && (last === null || g.moves.length - last > 20);
  };
  const offerDraw = (g: EmulatedGame, color: Color) => {
    if (color === 'white') g.wdraw = true;
    else g.bdraw = true;
    g.lastDrawOffer[color] = g.moves.length;
  };
  const claimWinMs = (opts.claimWinSeconds ?? 10) * 1000;
  /**
   * lila tells a player whose opponent's last stream closed `opponentGone` (gone, and in how
   * many seconds the win may be claimed), and that they are back when one opens again.
   */
  const presenceChanged = (g: EmulatedGame, color: Color) => {
    if (finished(g) || isBotSide(g[color])) return;
    const open = [...streams].some((x) => x.kind === 'game' && x.gameId === g.id && x.userId === g[color].user!.id);
    const other: Color = color === 'white' ? 'black' : 'white';
    if (!open && g.goneSince[color] === null) {
      g.goneSince[color] = now();
      toSide(g, other, { type: 'opponentGone', gone: true, claimWinInSeconds: Math.ceil(claimWinMs / 1000) });
    } else if (open && g.goneSince[color] !== null) {
      g.goneSince[color] = null;
      toSide(g, other, { type: 'opponentGone', gone: false });
    }
  };
  const toSide = (g: EmulatedGame, color: Color, value: unknown) => {
    const id = g[color].user?.id;
    for (const x of streams) if (x.kind === 'game' && x.gameId === g.id && x.userId === id) writeLine(x, value);
  };
  const scheduleBot = (g: EmulatedGame) => {
    if (finished(g) || !isBotSide(g[turn(g)])) return;
    const ply = g.moves.length;
    later(botDelayMs, () => {
      if (finished(g) || g.moves.length !== ply) return;
      const uci = botMove(g);
      if (uci) play(g, turn(g), uci);
    });
  };

  // ---- challenges ----------------------------------------------------------------------------

  const challengeJson = (c: Challenge, direction?: 'in' | 'out') => {
    const speed = speedOf(c.limit, c.increment);
    const person = (u: EmulatedUser, perf: 'blitz' | 'rapid') => ({
      id: u.id,
      name: u.username,
      rating: u.perfs[perf].rating,
      ...(u.bot ? { title: 'BOT' } : {}),
      ...(u.perfs[perf].prov ? { provisional: true } : {}),
    });
    const perf = speed === 'blitz' ? 'blitz' : 'rapid';
    return {
      id: c.id,
      url: `${url}/${c.id}`,
      status: c.status,
      challenger: person(c.challenger, perf),
      destUser: person(c.dest, perf),
      variant: { key: 'standard', name: 'Standard', short: 'Std' },
      rated: c.rated,
      speed,
      timeControl: { type: 'clock', limit: c.limit, increment: c.increment, show: `${c.limit / 60}+${c.increment}` },
      color: c.color,
      finalColor: c.finalColor,
      perf: { icon: '', name: speedName(speed) },
      ...(direction ? { direction } : {}),
      ...(c.status === 'declined'
        ? { declineReason: "I'm not accepting challenges at the moment.", declineReasonKey: 'generic' }
        : {}),
    };
  };
  const expireLater = (c: Challenge) =>
    later(opts.challengeExpiryMs ?? 20_000, () => c.status === 'created' && settleChallenge(c, 'canceled'));
  const settleChallenge = (c: Challenge, status: 'accepted' | 'declined' | 'canceled') => {
    c.status = status;
    if (status === 'accepted') {
      const challengerSide: Side = { user: c.challenger };
      const destSide: Side = { user: c.dest };
      createGame({
        id: c.id,
        white: c.finalColor === 'white' ? challengerSide : destSide,
        black: c.finalColor === 'white' ? destSide : challengerSide,
        rated: c.rated,
        limit: c.limit,
        increment: c.increment,
        source: 'friend',
      });
    } else if (status === 'declined') {
      toEvents(c.challenger.id, { type: 'challengeDeclined', challenge: challengeJson(c, 'out') });
    } else {
      toEvents(c.dest.id, { type: 'challengeCanceled', challenge: challengeJson(c, 'in') });
    }
    if (c.keepAlive && !c.keepAlive.writableEnded) {
      c.keepAlive.write(`${JSON.stringify({ done: status })}\n`);
      c.keepAlive.end();
    }
  };

  // ---- HTTP ----------------------------------------------------------------------------------

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const bool = (v: string | null | undefined) => v === 'true' || v === '1';

  let url = '';
  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => json(res, 500, { error: String(e) }));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const u = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const record = bearer ? tokens.get(bearer) : undefined;
    const entry: RequestLogEntry = { method, path: u.pathname, user: record?.userId ?? null, at: now(), status: 0 };
    log.requests.push(entry);

    // In-flight accounting per token: a stream counts until its headers are out.
    const key = bearer ?? 'anonymous';
    const n = (inFlight.get(key) ?? 0) + 1;
    inFlight.set(key, n);
    if (bearer) log.maxInFlightPerToken = Math.max(log.maxInFlightPerToken, n);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
    };
    const origWriteHead = res.writeHead.bind(res);
    res.writeHead = ((...args: Parameters<typeof res.writeHead>) => {
      const r = origWriteHead(...args);
      entry.status = res.statusCode;
      uncount();
      return r;
    }) as typeof res.writeHead;
    res.on('close', uncount);

    if (fault.slowMs > 0) await new Promise((r) => setTimeout(r, fault.slowMs));
    if (u.pathname.startsWith('/_emulator/')) return control(req, res, u);
    if (
      fault.rateLimit > 0 &&
      (fault.rateLimitToken === undefined || fault.rateLimitToken === bearer) &&
      (fault.rateLimitPath === undefined || fault.rateLimitPath === u.pathname)
    ) {
      fault.rateLimit -= 1;
      return json(res, 429, { error: 'Too many requests. Try again later.' });
    }

    if (u.pathname === '/oauth' && method === 'GET') return authorize(u, res);
    if (u.pathname === '/oauth/approve' && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const back = new URL(form.get('redirect_uri') ?? '', url);
      if (form.get('decision') !== 'approve') return redirectError(res, back, form.get('state'));
      return approve(res, Object.fromEntries(form));
    }
    if (u.pathname === '/api/token' && method === 'POST') return tokenEndpoint(req, res);
    if (u.pathname === '/api/token/test' && method === 'POST') {
      // tags/oauth/api-token-test.yaml: text/plain, tokens separated by commas; each to
      // {userId, scopes (comma-separated), expires} or null.
      const list = (await readBody(req)).split(',').filter((t) => t !== '');
      const out: Record<string, unknown> = {};
      for (const t of list) {
        const r = tokens.get(t);
        out[t] = r && !r.revoked ? { userId: r.userId, scopes: r.scopes.join(','), expires: null } : null;
      }
      return json(res, 200, out);
    }
    if (u.pathname.startsWith('/game/export/') && method === 'GET') return exportGame(u, req, res);

    // Everything else needs a live token.
    if (!record || record.revoked) {
      log.refusals.push(`401 ${u.pathname}`);
      return json(res, 401, { error: 'No such token' });
    }
    const user = [...users.values()].find((x) => x.id === record.userId)!;
    // A token needs any one of an endpoint's listed scopes (lila: OAuthScopes.intersects).
    const need = (...scopes: string[]) => {
      if (scopes.some((sc) => record.scopes.includes(sc))) return true;
      json(res, 403, { error: `Missing scope: one of ${scopes.join(', ')}` });
      return false;
    };

    if (u.pathname === '/api/token' && method === 'DELETE') {
      record.revoked = true;
      res.writeHead(204).end();
      return;
    }
    if (u.pathname === '/api/account' && method === 'GET') return account(res, user);
    if (u.pathname === '/api/stream/event' && method === 'GET') {
      if (!need('challenge:read', 'bot:play', 'board:play')) return;
      // One event stream per token: a new one closes the previous.
      for (const s of streams) if (s.kind === 'event' && s.token === bearer) s.res.end();
      const s = openStream(res, { kind: 'event', userId: user.id, token: bearer! });
      for (const g of games.values()) {
        const c = sideOf(g, user.id);
        if (c && !finished(g)) writeLine(s, { type: 'gameStart', game: eventInfo(g, c) });
      }
      for (const c of challenges.values()) {
        if (c.status !== 'created') continue;
        if (c.dest.id === user.id) writeLine(s, { type: 'challenge', challenge: challengeJson(c, 'in') });
        if (c.challenger.id === user.id) writeLine(s, { type: 'challenge', challenge: challengeJson(c, 'out') });
      }
      return;
    }
    let m = /^\/api\/board\/game\/stream\/([A-Za-z0-9]+)$/.exec(u.pathname);
    if (m && method === 'GET') {
      if (!need('board:play')) return;
      const g = games.get(m[1]!);
      const color = g ? sideOf(g, user.id) : null;
      if (!g || !color) return json(res, 404, { error: 'No such game' });
      const userAgent = req.headers['user-agent'] ?? '';
      // lila keeps one stream per player, game and user agent: a new one closes the earlier.
      for (const x of [...streams])
        if (x.kind === 'game' && x.gameId === g.id && x.userId === user.id && x.userAgent === userAgent) {
          streams.delete(x);
          x.res.end();
          log.replacedStreams += 1;
        }
      const s = openStream(res, { kind: 'game', userId: user.id, token: bearer!, gameId: g.id, userAgent });
      writeLine(s, gameFull(g));
      if (finished(g)) res.end();
      else {
        presenceChanged(g, color);
        res.on('close', () => presenceChanged(g, color));
      }
      return;
    }
    m =
      /^\/api\/board\/game\/([A-Za-z0-9]+)\/(move|draw|takeback|resign|abort|claim-victory|chat)(?:\/([a-z0-9]+))?$/.exec(
        u.pathname,
      );
    if (m && method === 'POST') {
      if (!need('board:play')) return;
      const g = games.get(m[1]!);
      const color = g ? sideOf(g, user.id) : null;
      if (!g || !color) return json(res, 404, { error: 'No such game' });
      const form = new URLSearchParams(await readBody(req));
      return board(res, g, color, user, m[2]!, m[3], u, form);
    }
    if (u.pathname === '/api/bulk-pairing' && method === 'POST') {
      if (!need('challenge:bulk')) return;
      const form = new URLSearchParams(await readBody(req));
      const answer = createBulk(
        {
          now,
          token: (t) => tokens.get(t),
          newId,
          pairedAt: bulkPairedAt,
          createGame: (g) =>
            createGame({
              white: { user: users.get(g.whiteId)! },
              black: { user: users.get(g.blackId)! },
              rated: g.rated,
              limit: g.limit,
              increment: g.increment,
              source: 'api',
              rules: g.rules,
            }).id,
        },
        user.id,
        form,
      );
      return json(res, answer.status, answer.body);
    }
    if (u.pathname === '/api/challenge/ai' && method === 'POST') {
      if (!need('challenge:write', 'bot:play', 'board:play')) return;
      const form = new URLSearchParams(await readBody(req));
      const level = Number(form.get('level'));
      if (!Number.isInteger(level) || level < 1 || level > 8) return json(res, 400, { error: 'level: must be 1..8' });
      const limit = Number(form.get('clock.limit') ?? 600);
      const increment = Number(form.get('clock.increment') ?? 0);
      const wanted = form.get('color') ?? 'random';
      const color: Color = wanted === 'white' || wanted === 'black' ? wanted : crypto.randomInt(2) ? 'white' : 'black';
      const me: Side = { user };
      const ai: Side = { user: null, aiLevel: level };
      const g = createGame({
        white: color === 'white' ? me : ai,
        black: color === 'white' ? ai : me,
        rated: false,
        limit,
        increment,
        source: 'ai',
      });
      const speed = speedOf(limit, increment);
      return json(res, 201, {
        id: g.id,
        variant: { key: 'standard', name: 'Standard', short: 'Std' },
        speed,
        perf: speed,
        rated: false,
        source: 'ai',
        createdAt: g.createdAt,
        fen: g.chess.fen(),
        turns: 0,
        status: { id: 20, name: 'started' },
        player: color,
        fullId: `${g.id}abcd`,
      });
    }
    m = /^\/api\/challenge\/([A-Za-z0-9]+)\/(accept|decline|cancel)$/.exec(u.pathname);
    if (m && method === 'POST') {
      if (!need('challenge:write', 'bot:play', 'board:play')) return;
      const c = challenges.get(m[1]!);
      const action = m[2]!;
      if (action === 'cancel') {
        const g = games.get(m[1]!);
        if (c && c.challenger.id === user.id && c.status === 'created') {
          settleChallenge(c, 'canceled');
          return json(res, 200, { ok: true });
        }
        if (g && sideOf(g, user.id) && g.status === 'started' && g.moves.length < 2) {
          finish(g, 'aborted');
          changed(g);
          return json(res, 200, { ok: true });
        }
        return json(res, 404, { error: 'Challenge not found' });
      }
      if (!c || c.dest.id !== user.id || c.status !== 'created')
        return json(res, 404, { error: 'Challenge not found' });
      if (action === 'decline') {
        await readBody(req);
        settleChallenge(c, 'declined');
      } else {
        settleChallenge(c, 'accepted');
      }
      return json(res, 200, { ok: true });
    }
    m = /^\/api\/challenge\/([A-Za-z0-9_-]+)$/.exec(u.pathname);
    if (m && method === 'POST') {
      if (!need('challenge:write', 'bot:play', 'board:play')) return;
      const dest = users.get(m[1]!.toLowerCase());
      const form = new URLSearchParams(await readBody(req));
      if (!dest) return json(res, 400, { error: 'destUser: no such user' });
      if (dest.id === user.id) return json(res, 400, { error: 'You cannot challenge yourself' });
      const limit = Number(form.get('clock.limit'));
      const increment = Number(form.get('clock.increment'));
      if (!Number.isInteger(limit) || !Number.isInteger(increment)) return json(res, 400, { error: 'clock: required' });
      const wanted = form.get('color') ?? 'random';
      const color = wanted === 'white' || wanted === 'black' ? wanted : 'random';
      const c: Challenge = {
        id: newId(),
        challenger: user,
        dest,
        rated: bool(form.get('rated')),
        limit,
        increment,
        color,
        finalColor: color === 'random' ? (crypto.randomInt(2) ? 'white' : 'black') : color,
        status: 'created',
        keepAlive: null,
      };
      challenges.set(c.id, c);
      toEvents(dest.id, { type: 'challenge', challenge: challengeJson(c, 'in') });
      toEvents(user.id, { type: 'challenge', challenge: challengeJson(c, 'out') });
      if (bool(form.get('keepAliveStream'))) {
        c.keepAlive = res;
        const s = openStream(res, { kind: 'challenge', userId: user.id, token: bearer! });
        writeLine(s, challengeJson(c, 'out'));
        // Closing the keep-alive stream does not withdraw the challenge: it is only no longer
        // kept alive, and expires like any real-time challenge ("after 20s if not accepted",
        // tags/challenges/api-challenge-username.yaml) unless cancelled, accepted or declined.
        res.on('close', () => expireLater(c));
      } else {
        expireLater(c);
        json(res, 200, challengeJson(c, 'out'));
      }
      if (dest.bot)
        later(
          botDelayMs,
          () => c.status === 'created' && settleChallenge(c, fault.declineBots ? 'declined' : 'accepted'),
        );
      return;
    }
    json(res, 404, { error: 'Not found' });
  }

  function board(
    res: http.ServerResponse,
    g: EmulatedGame,
    color: Color,
    user: EmulatedUser,
    action: string,
    arg: string | undefined,
    u: URL,
    form: URLSearchParams,
  ): void {
    const other: Color = color === 'white' ? 'black' : 'white';
    const refuse = (error: string) => json(res, 400, { error });
    const ok = () => json(res, 200, { ok: true });
    if (action === 'chat') {
      const room = form.get('room');
      const text = form.get('text') ?? '';
      if (room !== 'player' && room !== 'spectator') return refuse('room: player or spectator');
      // lila's form: nonEmptyText(maxLength = 140) on a JVM string, i.e. UTF-16 units (JS length too).
      if (text.trim() === '' || text.length > 140) return refuse('text: 1..140 characters');
      g.chat.push({ room, username: user.username, text });
      toGame(g, { type: 'chatLine', room, username: user.username, text }, room);
      return ok();
    }
    if (finished(g)) return refuse('This game is already over');
    switch (action) {
      case 'move': {
        const error = play(g, color, arg ?? '', bool(u.searchParams.get('offeringDraw')));
        return error ? refuse(error) : ok();
      }
      case 'draw': {
        if (arg !== 'yes' && arg !== 'no' && arg !== 'true' && arg !== 'false') return refuse('accept: yes or no');
        const yes = arg === 'yes' || arg === 'true';
        const offered = other === 'white' ? g.wdraw : g.bdraw;
        if (yes && offered) finish(g, 'draw');
        else if (yes) {
          // lila Drawer.yes: an offer the player may not make (to the AI, or again within 20
          // plies of their last one) answers 200 and changes nothing.
          if (!mayOfferDraw(g, color)) return ok();
          offerDraw(g, color);
        } else if (other === 'white') g.wdraw = false;
        else g.bdraw = false;
        changed(g);
        return ok();
      }
      case 'takeback': {
        if (arg !== 'yes' && arg !== 'no' && arg !== 'true' && arg !== 'false') return refuse('accept: yes or no');
        const yes = arg === 'yes' || arg === 'true';
        const proposed = other === 'white' ? g.wtakeback : g.btakeback;
        if (yes && proposed) {
          // The proposer gets back to their own turn: one ply, or two when it is already theirs.
          const plies = turn(g) === other ? 2 : 1;
          for (let i = 0; i < plies && g.moves.length > 0; i++) {
            g.chess.undo();
            g.moves.pop();
            g.san.pop();
          }
          g.wtakeback = g.btakeback = false;
          g.turnStartedAt = now();
        } else if (yes) {
          if (g.moves.length === 0) return refuse('Nothing to take back');
          const opp = g[other];
          if (opp.user === null) {
            // lila Takebacker: against the AI the takeback is applied at once, back to the
            // player's own turn, without a proposal.
            const plies = turn(g) === color ? 2 : 1;
            if (g.moves.length < plies) return ok();
            for (let i = 0; i < plies; i++) {
              g.chess.undo();
              g.moves.pop();
              g.san.pop();
            }
            g.turnStartedAt = now();
            changed(g);
            return ok();
          }
          if (opp.user.bot) return refuse('The bot does not take takebacks');
          // The opponent's preferences forbid takebacks: 200, nothing proposed (lila).
          if (!opp.user.takebacks) return ok();
          if (color === 'white') g.wtakeback = true;
          else g.btakeback = true;
        } else if (other === 'white') g.wtakeback = false;
        else g.btakeback = false;
        changed(g);
        return ok();
      }
      case 'resign':
        // lila: a game that can still be aborted (fewer than 2 moves) is aborted, not resigned.
        if (g.moves.length < 2) finish(g, 'aborted');
        else finish(g, 'resign', other);
        changed(g);
        return ok();
      case 'abort':
        if (g.moves.length >= 2 || g.rules.includes('noAbort')) return refuse('This game can no longer be aborted');
        finish(g, 'aborted');
        changed(g);
        return ok();
      case 'claim-victory': {
        // lila answers 200 whether or not the claim ends the game (never under noClaimWin).
        const since = g.goneSince[other];
        if (since !== null && now() - since >= claimWinMs && !isBotSide(g[other]) && !g.rules.includes('noClaimWin')) {
          finish(g, 'timeout', color);
          changed(g);
        }
        return ok();
      }
      default:
        return refuse('Unknown action');
    }
  }

  function account(res: http.ServerResponse, user: EmulatedUser): void {
    const perf = (p: PerfInit) => ({
      games: p.games ?? 50,
      rating: p.rating,
      rd: p.prov ? 150 : 60,
      prog: 0,
      ...(p.prov ? { prov: true } : {}),
    });
    json(res, 200, {
      id: user.id,
      username: user.username,
      perfs: { blitz: perf(user.perfs.blitz), rapid: perf(user.perfs.rapid) },
      ...(user.bot ? { title: 'BOT' } : {}),
      createdAt: 1_600_000_000_000,
      seenAt: now(),
      url: `${url}/@/${user.username}`,
    });
  }

  function exportGame(u: URL, req: http.IncomingMessage, res: http.ServerResponse): void {
    const id = u.pathname.slice('/game/export/'.length);
    const g = games.get(id);
    if (!g) return json(res, 404, { error: 'Not found' });
    const ongoing = !finished(g);
    // "Ongoing games are delayed by 3 moves" (tags/games/game-export-gameId.yaml).
    const san = ongoing ? g.san.slice(0, Math.max(0, g.san.length - 3)) : g.san;
    const player = (s: Side) =>
      s.user
        ? {
            user: { id: s.user.id, name: s.user.username },
            rating: s.user.perfs[perfOf(g)].rating,
            ...(s.user.perfs[perfOf(g)].prov ? { provisional: true } : {}),
          }
        : { aiLevel: s.aiLevel ?? 1 };
    const speed = speedOf(g.clock.initial / 1000, g.clock.increment / 1000);
    const body = {
      id: g.id,
      rated: g.rated,
      variant: 'standard',
      speed,
      perf: speed,
      createdAt: g.createdAt,
      lastMoveAt: g.lastMoveAt,
      status: g.status,
      source: g.source,
      players: { white: player(g.white), black: player(g.black) },
      ...(g.winner ? { winner: g.winner } : {}),
      moves: san.join(' '),
      clock: {
        initial: g.clock.initial / 1000,
        increment: g.clock.increment / 1000,
        totalTime: g.clock.initial / 1000 + (40 * g.clock.increment) / 1000,
      },
      ...exportOverrides.get(id),
    };
    if ((req.headers.accept ?? '').includes('application/json')) return json(res, 200, body);
    res.writeHead(200, { 'content-type': 'application/x-chess-pgn' });
    res.end(`[Event "Casual game"]\n[Site "${url}/${g.id}"]\n\n${san.join(' ')}\n`);
  }

  // ---- OAuth -----------------------------------------------------------------------------------

  function redirectError(res: http.ServerResponse, back: URL, state: string | null, error = 'access_denied') {
    back.searchParams.set('error', error);
    back.searchParams.set('error_description', error === 'access_denied' ? 'user cancelled authorization' : error);
    if (state !== null) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() }).end();
  }

  function authorize(u: URL, res: http.ServerResponse): void {
    const q = u.searchParams;
    const text = (status: number, body: string) => {
      log.refusals.push(`authorize: ${body}`);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    };
    if (q.get('response_type') !== 'code') return text(400, 'response_type must be code');
    const clientId = q.get('client_id') ?? '';
    if (!clientId || (opts.clientId && clientId !== opts.clientId)) return text(400, 'unknown client_id');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) return text(400, 'redirect_uri must be absolute');
    if (q.get('code_challenge_method') !== 'S256') return text(400, 'code_challenge_method must be S256');
    const challenge = q.get('code_challenge') ?? '';
    if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
      return text(400, 'code_challenge must be BASE64URL(SHA256(code_verifier))');
    const fields = {
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: challenge,
      scope: q.get('scope') ?? '',
      state: q.get('state') ?? '',
      username: q.get('username') ?? '',
    };
    if (opts.approval === 'page') {
      const login = pickLogin(fields.username);
      const hidden = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Lichess emulator: authorize</title><h1>Authorize ${escapeHtml(clientId)}</h1>` +
          `<p>Signed in as <b>${escapeHtml(login ?? 'nobody')}</b>; scopes: ${escapeHtml(fields.scope)}</p>` +
          `<form method="post" action="/oauth/approve">${hidden}` +
          `<button name="decision" value="approve">Authorize</button> <button name="decision" value="cancel">Cancel</button></form>`,
      );
      return;
    }
    approve(res, fields);
  }

  function pickLogin(hint: string): string | null {
    if (nextLogin !== undefined) return nextLogin;
    if (hint && users.has(hint.toLowerCase())) return hint.toLowerCase();
    return [...users.values()].find((x) => !x.bot)?.id ?? null;
  }

  function approve(res: http.ServerResponse, f: Record<string, string>): void {
    const back = new URL(f.redirect_uri ?? '');
    const login = pickLogin(f.username ?? '');
    const user = login === null ? undefined : users.get(login.toLowerCase());
    if (!user) return redirectError(res, back, f.state ?? null);
    const code = `liu_${crypto.randomBytes(20).toString('hex')}`;
    codes.set(code, {
      clientId: f.client_id ?? '',
      redirectUri: f.redirect_uri ?? '',
      challenge: f.code_challenge ?? '',
      scopes: (f.scope ?? '').split(' ').filter((s) => s !== ''),
      userId: user.id,
      expiresAt: now() + CODE_TTL_MS,
      used: false,
    });
    back.searchParams.set('code', code);
    if (f.state) back.searchParams.set('state', f.state);
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function tokenEndpoint(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const refuse = (error: string, description: string) => {
      log.refusals.push(`token: ${description}`);
      json(res, 400, { error, error_description: description });
    };
    if (form.get('grant_type') !== 'authorization_code')
      return refuse('unsupported_grant_type', 'grant_type must be authorization_code');
    const code = codes.get(form.get('code') ?? '');
    if (!code) return refuse('invalid_grant', 'unknown authorization code');
    if (code.used) return refuse('invalid_grant', 'authorization code already used');
    code.used = true;
    if (now() > code.expiresAt) return refuse('invalid_grant', 'authorization code expired');
    if (form.get('client_id') !== code.clientId) return refuse('invalid_client', 'client_id does not match');
    if (form.get('redirect_uri') !== code.redirectUri) return refuse('invalid_grant', 'redirect_uri does not match');
    const verifier = form.get('code_verifier') ?? '';
    const hash = crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (!verifier || hash !== code.challenge)
      return refuse('invalid_grant', 'hash of code_verifier does not match code_challenge');
    json(res, 200, { token_type: 'Bearer', access_token: newToken(code.userId, code.scopes), expires_in: 31_536_000 });
  }

  // ---- control API (for a separate process, e2e) --------------------------------------------------

  async function control(req: http.IncomingMessage, res: http.ServerResponse, u: URL): Promise<void> {
    const body = JSON.parse((await readBody(req)) || '{}') as {
      username?: unknown;
      blitz?: PerfInit;
      rapid?: PerfInit;
    } & Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username : null;
    switch (u.pathname) {
      case '/_emulator/users':
        if (!username) return json(res, 400, { error: 'username' });
        addUser(username, { blitz: body.blitz, rapid: body.rapid });
        return json(res, 200, { ok: true });
      case '/_emulator/tokens': {
        // A personal token (e2e: the operator's challenge:bulk token for LICHESS_BULK_TOKEN).
        if (!username) return json(res, 400, { error: 'username' });
        if (!users.has(username.toLowerCase())) addUser(username);
        const scopes = Array.isArray(body.scopes) ? body.scopes.filter((x) => typeof x === 'string') : ALL_SCOPES;
        return json(res, 200, { token: newToken(username.toLowerCase(), scopes) });
      }
      case '/_emulator/login':
        nextLogin = username === null ? null : username.toLowerCase();
        return json(res, 200, { ok: true });
      case '/_emulator/faults':
        if (typeof body.rateLimit === 'number') fault.rateLimit = body.rateLimit;
        if (typeof body.malformed === 'number') fault.malformed = body.malformed;
        if (typeof body.slowMs === 'number') fault.slowMs = body.slowMs;
        if (typeof body.declineBots === 'boolean') fault.declineBots = body.declineBots;
        if (body.dropStreams === true) dropStreams();
        return json(res, 200, { ok: true });
      default:
        return json(res, 404, { error: 'Not found' });
    }
  }

  function dropStreams(kind?: 'game' | 'event'): number {
    let n = 0;
    for (const s of [...streams]) {
      if (s.kind === 'challenge' || (kind && s.kind !== kind)) continue;
      s.res.destroy();
      streams.delete(s);
      n++;
    }
    return n;
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as { port: number }).port;
  url = `http://${host}:${port}`;

  return {
    url,
    addUser: (username, perfs) => addUser(username, perfs),
    user: (username) => users.get(username.toLowerCase()),
    setNextLogin: (username) => {
      nextLogin = username === null ? null : username.toLowerCase();
    },
    issueToken: (username, scopes = ALL_SCOPES) => {
      const user = users.get(username.toLowerCase());
      if (!user) throw new Error(`no emulated user ${username}`);
      return newToken(user.id, scopes);
    },
    bulkToken: () => {
      if (!users.has('rushoperator')) addUser('RushOperator');
      return newToken('rushoperator', ['challenge:bulk']);
    },
    revokeToken: (token) => {
      const t = tokens.get(token);
      if (t) t.revoked = true;
    },
    revokeUser: (username) => {
      for (const t of tokens.values()) if (t.userId === username.toLowerCase()) t.revoked = true;
    },
    game: (id) => games.get(id),
    overrideExport: (id, patch) => exportOverrides.set(id, patch),
    faults: {
      rateLimit: (count = 1, token, path) => {
        fault.rateLimit = count;
        fault.rateLimitToken = token;
        fault.rateLimitPath = path;
      },
      dropStreams,
      malformedLines: (count = 1) => {
        fault.malformed = count;
      },
      slow: (ms) => {
        fault.slowMs = ms;
      },
      declineBotChallenges: (on) => {
        fault.declineBots = on;
      },
    },
    log,
    openStreams: (kind) => [...streams].filter((s) => s.kind !== 'challenge' && (!kind || s.kind === kind)).length,
    close: async () => {
      clearInterval(keepAlive);
      for (const t of timers) clearTimeout(t);
      for (const s of streams) s.res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The square of the rook a castling king moves onto, in lila's king-to-rook UCI. */
const rookSquareOf = (m: Move) => (m.isKingsideCastle() ? 'h' : 'a') + m.from[1];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
