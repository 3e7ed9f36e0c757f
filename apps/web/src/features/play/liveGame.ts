import { resultTitle, sideToMove, type ClockState, type Color } from '@rush/domain';
import { GameEvents, type ClockView, type GameView, type ParsedEvent } from '@rush/protocol';
import { loadedSchemas } from '../../api/schemaLoader.ts';

/*
 * Events and snapshots come from the socket (a move's ack too), which opens only once the
 * protocol's schemas have loaded: they are parsed with `loadedSchemas()`.
 */

/**
 * A game as this tab knows it: the server's `GameView` plus the local time its clock fields
 * arrived (the server's clocks are read against `serverNow` of that message).
 */
export interface LiveGame {
  view: GameView;
  /** `Date.now()` when `view.clock` arrived. */
  clockAt: number;
  /**
   * `Date.now()` when `view.spectators` came as a count of its own (the spectate heartbeat's
   * answer, a spectators event) rather than with a read of the whole view.
   */
  spectatorsAt?: number;
}

export type ApplyOutcome =
  /** The event changed the game. */
  | { kind: 'applied'; game: LiveGame }
  /** Already applied (a replay, or our own move's ack came first): nothing to do. */
  | { kind: 'stale' }
  /** A version is missing (or the event is unreadable): reload the game. */
  | { kind: 'gap' }
  /** Not an event of this game's state. */
  | { kind: 'ignored' };

export interface EventLike {
  type: string;
  data: unknown;
}

export const liveGame = (view: GameView, now: number): LiveGame => ({ view, clockAt: now });

/**
 * Which of the cached game and one just read from the server to keep. The read wins, unless
 * events applied while it was on its way took the cache past it (a reload that raced an event
 * must not undo the event): a higher version, or the end at the same version. `readStartedAt`:
 * when the read was sent (by default when it arrived).
 */
export function newerGame(cached: LiveGame | undefined, read: LiveGame, readStartedAt = read.clockAt): LiveGame {
  if (!cached || cached.view.id !== read.view.id) return read;
  if (cached.view.version > read.view.version) return cached;
  if (cached.view.version === read.view.version && cached.view.endedAt !== null && read.view.endedAt === null)
    return cached;
  return keepCountedSpectators(cached, read, readStartedAt);
}

/**
 * The spectator count carries no version. A count that arrived while a read was on its way may be
 * newer than the read's: a spectator's first heartbeat counts it, and the read the subscription
 * asks for at the same time can be answered before the heartbeat is (the page then said "0
 * viewers" until the next heartbeat, 30 s later). Such a count is never lowered by that read.
 */
function keepCountedSpectators(cached: LiveGame, read: LiveGame, readStartedAt: number): LiveGame {
  const counted = cached.spectatorsAt;
  if (counted === undefined || counted < readStartedAt || cached.view.spectators <= read.view.spectators) return read;
  return { ...read, view: { ...read.view, spectators: cached.view.spectators }, spectatorsAt: counted };
}

/** The snapshot of a resync, when it is a readable GameView. */
export function parseSnapshot(snapshot: unknown): GameView | null {
  const parsed = loadedSchemas().GameView.safeParse(snapshot);
  return parsed.success ? parsed.data : null;
}

/** State events apply in version order: the next one applies, older ones are stale, a hole is a gap. */
function versionCheck(view: GameView, version: number): 'next' | 'stale' | 'gap' {
  if (version === view.version + 1) return 'next';
  return version <= view.version ? 'stale' : 'gap';
}

function withClock(game: LiveGame, view: GameView, clock: ClockView, now: number): LiveGame {
  return { view: { ...view, clock }, clockAt: now };
}

function appendUnique<T extends { id: string }>(list: readonly T[], line: T): T[] {
  return list.some((l) => l.id === line.id) ? [...list] : [...list, line];
}

/** The state events, each one version after the last; a hole before one means events were missed. */
const VERSIONED: ReadonlySet<string> = new Set([GameEvents.moved, GameEvents.offers, GameEvents.takenBack]);

/** An event of `game:{id}` or `game-chat:{id}`, typed by the protocol's map, or null. */
function parseGameEvent(event: EventLike): ParsedEvent<'game'> | ParsedEvent<'game-chat'> | null {
  const { parseTopicEvent } = loadedSchemas();
  return parseTopicEvent('game', event) ?? parseTopicEvent('game-chat', event);
}

/** Applies one event of `game:{id}` or `game-chat:{id}` to the game. Pure. */
export function applyGameEvent(game: LiveGame, event: EventLike, now: number): ApplyOutcome {
  const { view } = game;
  const e = parseGameEvent(event);
  // An unreadable state event may hide a change: reload. Anything else unreadable is ignored.
  if (!e) return VERSIONED.has(event.type) || event.type === GameEvents.ended ? { kind: 'gap' } : { kind: 'ignored' };
  if (e.data.gameId !== view.id) return { kind: 'ignored' };
  if (e.type === GameEvents.moved || e.type === GameEvents.offers || e.type === GameEvents.takenBack) {
    const check = versionCheck(view, e.data.version);
    if (check !== 'next') return { kind: check };
  }
  switch (e.type) {
    case GameEvents.moved: {
      const d = e.data;
      const next: GameView = {
        ...view,
        version: d.version,
        ply: d.ply,
        moves: [...view.moves, d.uci],
        san: [...view.san, d.san],
        fen: d.fen,
        turn: sideToMove(d.ply),
        offers: d.offers,
        firstMoveDeadline: d.ply >= 2 ? null : view.firstMoveDeadline,
      };
      return { kind: 'applied', game: withClock(game, next, d.clock, now) };
    }
    case GameEvents.ended: {
      const d = e.data;
      // The end is final: once known, a repeat changes nothing; it may share the version of the
      // move that caused it, so only a hole in front of it is a gap.
      if (view.endedAt !== null) return { kind: 'stale' };
      if (d.version > view.version + 1) return { kind: 'gap' };
      const next: GameView = {
        ...view,
        version: Math.max(view.version, d.version),
        status: d.status,
        statusText: d.statusText,
        winner: d.winner,
        endedAt: d.endedAt,
        chatClosesAt: d.chatClosesAt,
        firstMoveDeadline: null,
        disconnect: null,
        resultTitle: resultTitle({ status: d.status, winner: d.winner, viewer: view.you }),
        white: { ...view.white, ratingDiff: d.ratingDiff ? d.ratingDiff.white : view.white.ratingDiff },
        black: { ...view.black, ratingDiff: d.ratingDiff ? d.ratingDiff.black : view.black.ratingDiff },
        offers: { draw: null, takeback: null, rematch: view.offers.rematch },
      };
      return { kind: 'applied', game: withClock(game, next, d.clock, now) };
    }
    case GameEvents.offers: {
      const d = e.data;
      const offers = {
        ...view,
        version: d.version,
        offers: d.offers,
        rematchGameId: d.rematchGameId ?? view.rematchGameId,
      };
      return { kind: 'applied', game: { ...game, view: offers } };
    }
    case GameEvents.takenBack: {
      const d = e.data;
      const next: GameView = {
        ...view,
        version: d.version,
        ply: d.ply,
        moves: d.moves,
        san: d.san,
        fen: d.fen,
        turn: sideToMove(d.ply),
        offers: d.offers,
      };
      return { kind: 'applied', game: withClock(game, next, d.clock, now) };
    }
    case GameEvents.presence: {
      const d = e.data;
      const white = { ...view.white, connected: d.white };
      const black = { ...view.black, connected: d.black };
      return {
        kind: 'applied',
        game: { ...game, view: { ...view, white, black, disconnect: view.endedAt ? null : d.disconnect } },
      };
    }
    case GameEvents.review: {
      // A finished game's payout held for review, or the review's end (confirmed: `cheat`, the
      // opponent the winner, so the titles swap).
      const d = e.data;
      if (view.endedAt === null) return { kind: 'ignored' };
      const next: GameView = {
        ...view,
        underReview: d.underReview,
        status: d.status,
        statusText: d.statusText,
        winner: d.winner,
        resultTitle: resultTitle({ status: d.status, winner: d.winner, viewer: view.you }),
      };
      return { kind: 'applied', game: { ...game, view: next } };
    }
    case GameEvents.spectators:
      return {
        kind: 'applied',
        game: { ...game, view: { ...view, spectators: e.data.count }, spectatorsAt: now },
      };
    case GameEvents.spectatorChat:
      return {
        kind: 'applied',
        game: { ...game, view: { ...view, spectatorChat: appendUnique(view.spectatorChat, e.data.line) } },
      };
    case GameEvents.chat:
      return { kind: 'applied', game: { ...game, view: { ...view, chat: appendUnique(view.chat, e.data.line) } } };
  }
}

/** The server's clocks as domain `ClockState`, and the server time now as this tab estimates it. */
export interface ClockReading {
  state: ClockState;
  turn: Color;
  initialMs: number;
  /** Server epoch ms now (local time plus the offset seen when the clock arrived). */
  serverNow(): number;
}

export function clockReading(clock: ClockView, turn: Color, clockAt: number): ClockReading {
  const offset = Date.parse(clock.serverNow) - clockAt;
  const since = clock.runningSince === null ? null : Date.parse(clock.runningSince);
  return {
    state: { whiteMs: clock.whiteMs, blackMs: clock.blackMs, runningSince: Number.isFinite(since) ? since : null },
    turn,
    initialMs: clock.initialMs,
    serverNow: () => Date.now() + offset,
  };
}

/** A server timestamp (ISO) as the local `Date.now()` it corresponds to. */
export function localTimeOf(game: LiveGame, iso: string): number {
  const offset = Date.parse(game.view.clock.serverNow) - game.clockAt;
  return Date.parse(iso) - offset;
}
