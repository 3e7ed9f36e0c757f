import { resultTitle, sideToMove, type ClockState, type Color } from '@rush/domain';
import {
  GameEndedData,
  GameEvents,
  GameMovedData,
  GameOffersData,
  GamePresenceData,
  GameSpectatorsData,
  GameTakenBackData,
  GameView,
  PlayerChatData,
  SpectatorChatData,
  type ClockView,
} from '@rush/protocol';

/**
 * A game as this tab knows it: the server's `GameView` plus the local time its clock fields
 * arrived (the server's clocks are read against `serverNow` of that message).
 */
export interface LiveGame {
  view: GameView;
  /** `Date.now()` when `view.clock` arrived. */
  clockAt: number;
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

/** The snapshot of a resync, when it is a readable GameView. */
export function parseSnapshot(snapshot: unknown): GameView | null {
  const parsed = GameView.safeParse(snapshot);
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

/** Applies one event of `game:{id}` or `game-chat:{id}` to the game. Pure. */
export function applyGameEvent(game: LiveGame, event: EventLike, now: number): ApplyOutcome {
  const { view } = game;
  switch (event.type) {
    case GameEvents.moved: {
      const parsed = GameMovedData.safeParse(event.data);
      if (!parsed.success) return { kind: 'gap' };
      const d = parsed.data;
      if (d.gameId !== view.id) return { kind: 'ignored' };
      const check = versionCheck(view, d.version);
      if (check !== 'next') return { kind: check };
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
      const parsed = GameEndedData.safeParse(event.data);
      if (!parsed.success) return { kind: 'gap' };
      const d = parsed.data;
      if (d.gameId !== view.id) return { kind: 'ignored' };
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
      const parsed = GameOffersData.safeParse(event.data);
      if (!parsed.success) return { kind: 'gap' };
      const d = parsed.data;
      if (d.gameId !== view.id) return { kind: 'ignored' };
      const check = versionCheck(view, d.version);
      if (check !== 'next') return { kind: check };
      return {
        kind: 'applied',
        game: {
          ...game,
          view: { ...view, version: d.version, offers: d.offers, rematchGameId: d.rematchGameId ?? view.rematchGameId },
        },
      };
    }
    case GameEvents.takenBack: {
      const parsed = GameTakenBackData.safeParse(event.data);
      if (!parsed.success) return { kind: 'gap' };
      const d = parsed.data;
      if (d.gameId !== view.id) return { kind: 'ignored' };
      const check = versionCheck(view, d.version);
      if (check !== 'next') return { kind: check };
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
      const parsed = GamePresenceData.safeParse(event.data);
      if (!parsed.success || parsed.data.gameId !== view.id) return { kind: 'ignored' };
      const d = parsed.data;
      return {
        kind: 'applied',
        game: {
          ...game,
          view: {
            ...view,
            white: { ...view.white, connected: d.white },
            black: { ...view.black, connected: d.black },
            disconnect: view.endedAt ? null : d.disconnect,
          },
        },
      };
    }
    case GameEvents.spectators: {
      const parsed = GameSpectatorsData.safeParse(event.data);
      if (!parsed.success || parsed.data.gameId !== view.id) return { kind: 'ignored' };
      return { kind: 'applied', game: { ...game, view: { ...view, spectators: parsed.data.count } } };
    }
    case GameEvents.spectatorChat: {
      const parsed = SpectatorChatData.safeParse(event.data);
      if (!parsed.success || parsed.data.gameId !== view.id) return { kind: 'ignored' };
      return {
        kind: 'applied',
        game: { ...game, view: { ...view, spectatorChat: appendUnique(view.spectatorChat, parsed.data.line) } },
      };
    }
    case GameEvents.chat: {
      const parsed = PlayerChatData.safeParse(event.data);
      if (!parsed.success || parsed.data.gameId !== view.id) return { kind: 'ignored' };
      return { kind: 'applied', game: { ...game, view: { ...view, chat: appendUnique(view.chat, parsed.data.line) } } };
    }
    default:
      return { kind: 'ignored' };
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
