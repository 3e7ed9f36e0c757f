import type { EmulatedGame, EmulatedUser, PerfInit, RequestLogEntry } from './types.ts';

/**
 * How a test starts the Lichess emulator (its options) and what it gets back (the handle: accounts,
 * tokens, games, fault switches and the request log). The switches stand for what Lichess may do
 * (lichess-org/api, lichess-api.yaml: 429 past the rate limits, streams that end, slow answers).
 */

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
    /** Bots answer challenges only when released (each answer then as it would have been). */
    holdBotAnswers(): void;
    releaseBotAnswers(): void;
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
