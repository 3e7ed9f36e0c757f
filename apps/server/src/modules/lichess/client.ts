import {
  LichessAccountBody,
  LichessBulkPairingBody,
  LichessExportBody,
  LichessTokenTestBody,
  type LichessBulkPairing,
  LichessTokenBody,
  isFinishedStatus,
  type LichessAccount,
  type LichessAiGame,
  type LichessChallenge,
  type LichessGameExport,
  type LichessGameStreamEvent,
  type LichessIncomingEvent,
} from './api-types.ts';
import { LichessHttpError, LichessOAuthError, LichessUnavailableError } from './errors.ts';
import { LichessTransport, readNdjson, seg, stringsOf, type StreamHandle, type StreamOptions } from './transport.ts';

/**
 * HTTP client of the Lichess endpoints board play uses (lichess-org/api, doc/specs/lichess-api.yaml
 * and the tags/ files named at each method); the discipline every request and stream follows
 * (the token gate, timeouts, re-opened streams) is its transport's (transport.ts).
 */
export type ChallengeDone = 'accepted' | 'declined' | 'canceled' | 'expired' | 'closed';

export class LichessClient extends LichessTransport {
  // ---- OAuth (tags/oauth/api-token.yaml) -------------------------------------------------

  /** POST /api/token, form: grant_type=authorization_code, code, code_verifier, redirect_uri, client_id. */
  async exchangeCode(input: { clientId: string; redirectUri: string; code: string; verifier: string }): Promise<{
    accessToken: string;
    expiresInSec: number | undefined;
  }> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
    });
    const { res, done } = await this.gate.run(null, () =>
      this.send(null, 'POST', '/api/token', { body: form, accept: 'application/json', tolerate: [400, 401] }),
    );
    const body = (await res
      .json()
      .catch(() => ({}))
      .finally(done)) as Record<string, unknown>;
    if (!res.ok) {
      throw new LichessOAuthError(
        typeof body.error === 'string' ? body.error : `http_${res.status}`,
        typeof body.error_description === 'string' ? body.error_description : undefined,
      );
    }
    const parsed = LichessTokenBody.safeParse(body);
    if (!parsed.success)
      throw new LichessOAuthError('invalid_response', 'the token endpoint answered an unexpected body');
    return { accessToken: parsed.data.access_token, expiresInSec: parsed.data.expires_in };
  }

  /** DELETE /api/token: revokes the token sent (unlinking, or a token we no longer want). */
  async revokeToken(token: string): Promise<void> {
    await this.call(token, 'DELETE', '/api/token', {});
  }

  // ---- Account (tags/account/api-account.yaml) --------------------------------------------

  /** GET /api/account: id, username, blitz and rapid perfs (`prov` only when provisional). */
  async account(token: string): Promise<LichessAccount> {
    const body = await this.json(token, 'GET', '/api/account', {});
    const parsed = LichessAccountBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('an account body of an unexpected shape');
    const a = parsed.data;
    const perf = (p: { rating: number; rd: number; games: number; prov?: boolean } | undefined) =>
      p ? { rating: p.rating, rd: p.rd, games: p.games, provisional: p.prov === true } : null;
    return {
      id: a.id,
      username: a.username,
      blitz: perf(a.perfs?.blitz),
      rapid: perf(a.perfs?.rapid),
      closed: a.disabled === true,
      tosViolation: a.tosViolation === true,
    };
  }

  // ---- Board (tags/board/*.yaml) ----------------------------------------------------------

  /** POST /api/board/game/{id}/move/{uci}[?offeringDraw=true] */
  async move(token: string, gameId: string, uci: string, opts: { offeringDraw?: boolean } = {}): Promise<void> {
    if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) throw new LichessHttpError(400, 'not a UCI move');
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/move/${uci}`, {
      query: opts.offeringDraw ? { offeringDraw: true } : undefined,
    });
  }

  /**
   * POST /api/board/game/{id}/draw/{accept}: yes offers or accepts, false declines (`accept` is
   * published as a boolean or "yes"; "no" is not).
   */
  async draw(token: string, gameId: string, accept: boolean): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/draw/${accept ? 'yes' : 'false'}`, {});
  }

  /** POST /api/board/game/{id}/takeback/{accept}: yes proposes or accepts, false declines. */
  async takeback(token: string, gameId: string, accept: boolean): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/takeback/${accept ? 'yes' : 'false'}`, {});
  }

  /** POST /api/board/game/{id}/resign */
  async resign(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/resign`, {});
  }

  /** POST /api/board/game/{id}/abort */
  async abort(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/abort`, {});
  }

  /** POST /api/board/game/{id}/claim-victory (after opponentGone's claimWinInSeconds). */
  async claimVictory(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/claim-victory`, {});
  }

  /** POST /api/board/game/{id}/chat, form room (player|spectator) and text. */
  async chat(token: string, gameId: string, room: 'player' | 'spectator', text: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/chat`, { form: { room, text } });
  }

  /**
   * GET /api/board/game/stream/{id} (ndjson): gameFull first, then gameState, chatLine,
   * opponentGone. Lichess closes it when the game ends; a close before the end is a drop and
   * the stream re-opens (a fresh gameFull: GameMoves turns it into the moves not seen yet).
   */
  streamGame(
    token: string,
    gameId: string,
    onEvent: (e: LichessGameStreamEvent) => void,
    opts: StreamOptions = {},
  ): StreamHandle {
    let ended = false;
    return this.openStream(
      token,
      `/api/board/game/stream/${seg(gameId)}`,
      opts,
      (v) => {
        const e = v as unknown as LichessGameStreamEvent;
        if (e.type === 'gameFull' && isFinishedStatus(e.state?.status)) ended = true;
        if (e.type === 'gameState' && isFinishedStatus(e.status)) ended = true;
        onEvent(e);
        return ended;
      },
      () => ended,
    );
  }

  /**
   * GET /api/stream/event (ndjson, an empty keep-alive line every 7 s): gameStart, gameFinish,
   * challenge, challengeCanceled, challengeDeclined; current games and challenges on open.
   * Endless: any close is a drop. Lichess keeps one event stream per token (a second one closes
   * the first), so a process must share one per token.
   */
  streamEvents(token: string, onEvent: (e: LichessIncomingEvent) => void, opts: StreamOptions = {}): StreamHandle {
    return this.openStream(
      token,
      '/api/stream/event',
      opts,
      (v) => {
        onEvent(v as unknown as LichessIncomingEvent);
        return false;
      },
      () => false,
    );
  }

  // ---- Challenges (tags/challenges/*.yaml) ------------------------------------------------

  /**
   * POST /api/challenge/{username}, form clock.limit, clock.increment (seconds), rated, color.
   * Without keepAliveStream a real-time challenge expires after 20 s if not accepted.
   */
  async challenge(
    token: string,
    username: string,
    opts: { clockLimitSec: number; clockIncrementSec: number; rated?: boolean; color?: 'white' | 'black' | 'random' },
  ): Promise<LichessChallenge> {
    return (await this.json(token, 'POST', `/api/challenge/${seg(username)}`, {
      form: challengeForm(opts),
    })) as LichessChallenge;
  }

  /**
   * The same with keepAliveStream=true: the challenge stays open while we read; Lichess answers
   * the challenge JSON, then `{"done":"accepted"|"declined"|...}` and closes. The token's turn
   * ends with the headers; `waitMs` bounds the wait for `done` once the challenge JSON arrived
   * (its id is then known: closing the connection does not withdraw a challenge on Lichess, so
   * the caller cancels it by id); the request itself is bounded by the client's timeout.
   */
  async challengeAndWait(
    token: string,
    username: string,
    opts: {
      clockLimitSec: number;
      clockIncrementSec: number;
      rated?: boolean;
      color?: 'white' | 'black' | 'random';
      waitMs?: number;
    },
  ): Promise<{ challenge: LichessChallenge | null; done: ChallengeDone }> {
    const ac = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let challenge: LichessChallenge | null = null;
    let done: ChallengeDone = 'closed';
    try {
      const { res } = await this.gate.run(token, () =>
        this.send(token, 'POST', `/api/challenge/${seg(username)}`, {
          body: new URLSearchParams(stringsOf({ ...challengeForm(opts), keepAliveStream: true })),
          accept: 'application/x-ndjson',
          signal: ac.signal,
          streaming: true,
        }),
      );
      await readNdjson(res, this.streamIdleMs, ac.signal, (v) => {
        if (typeof v.done === 'string') {
          done = (
            ['accepted', 'declined', 'canceled', 'expired'].includes(v.done) ? v.done : 'closed'
          ) as ChallengeDone;
          return true;
        }
        if (typeof v.id === 'string' && challenge === null) {
          challenge = v as unknown as LichessChallenge;
          timer = setTimeout(() => ac.abort(), opts.waitMs ?? 30_000);
        }
        return false;
      });
      // Our wait ran out: closing the connection withdrew the challenge.
      if (ac.signal.aborted && done === 'closed') done = 'expired';
    } catch (e) {
      if (!ac.signal.aborted) throw e;
      done = 'expired';
    } finally {
      clearTimeout(timer);
    }
    return { challenge, done };
  }

  /** POST /api/challenge/{id}/accept */
  async acceptChallenge(token: string, challengeId: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/accept`, {});
  }

  /** POST /api/challenge/{id}/decline, optional form reason (a declineReasonKey). */
  async declineChallenge(token: string, challengeId: string, reason?: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/decline`, {
      form: reason ? { reason } : undefined,
    });
  }

  /** POST /api/challenge/{id}/cancel: the challenger withdraws, or aborts an accepted game not yet played. */
  async cancelChallenge(token: string, challengeId: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/cancel`, {});
  }

  /** POST /api/challenge/ai, form level 1..8, clock.limit, clock.increment, color: 201 with the game. */
  async challengeAi(
    token: string,
    opts: { level: number; clockLimitSec: number; clockIncrementSec: number; color?: 'white' | 'black' | 'random' },
  ): Promise<LichessAiGame> {
    if (!Number.isInteger(opts.level) || opts.level < 1 || opts.level > 8)
      throw new LichessHttpError(400, 'AI level is 1..8');
    return (await this.json(token, 'POST', '/api/challenge/ai', {
      form: {
        level: opts.level,
        'clock.limit': opts.clockLimitSec,
        'clock.increment': opts.clockIncrementSec,
        color: opts.color ?? 'random',
      },
    })) as LichessAiGame;
  }

  // ---- Bulk pairing (tags/bulkpairings/api-bulk-pairing.yaml) --------------------------------

  /**
   * POST /api/bulk-pairing with the operator's `challenge:bulk` token, form players
   * (`whiteToken:blackToken,...`, each with `challenge:write`), clock.limit, clock.increment
   * (seconds), rated, rules (comma-separated). 200: the BulkPairing with its games (id, white,
   * black: user ids); 400 refuses the whole bulk (a token missing, repeated or without the
   * scope, a closed account...); 429 after 500 games in 10 minutes.
   */
  async bulkPairing(
    bulkToken: string,
    opts: {
      pairs: { white: string; black: string }[];
      clockLimitSec: number;
      clockIncrementSec: number;
      rules: readonly string[];
    },
  ): Promise<LichessBulkPairing> {
    const body = await this.json(bulkToken, 'POST', '/api/bulk-pairing', {
      form: {
        players: opts.pairs.map((p) => `${p.white}:${p.black}`).join(','),
        'clock.limit': opts.clockLimitSec,
        'clock.increment': opts.clockIncrementSec,
        rated: false,
        rules: opts.rules.length > 0 ? opts.rules.join(',') : undefined,
      },
    });
    const parsed = LichessBulkPairingBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('a bulk pairing body of an unexpected shape');
    return parsed.data;
  }

  // ---- Token test (tags/oauth/api-token-test.yaml) -------------------------------------------

  /**
   * POST /api/token/test, text/plain tokens separated by commas (no auth): each token's user
   * and scopes, or null when it is not valid.
   */
  async testTokens(tokens: readonly string[]): Promise<Map<string, { userId: string; scopes: string[] } | null>> {
    const body = await this.json(null, 'POST', '/api/token/test', { text: tokens.join(',') });
    const parsed = LichessTokenTestBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('a token test body of an unexpected shape');
    return new Map(
      tokens.map((t) => {
        const v = parsed.data[t];
        return [t, v ? { userId: v.userId, scopes: v.scopes.split(',').filter((x) => x !== '') } : null];
      }),
    );
  }

  // ---- Games (tags/games/game-export-gameId.yaml) -----------------------------------------

  /**
   * GET /game/export/{id} with Accept: application/json (GameJson). Ongoing games are delayed
   * by 3 moves: settle only on a finished status. The token is optional (the endpoint is public).
   */
  async exportGame(gameId: string, token: string | null = null): Promise<LichessGameExport> {
    const body = await this.json(token, 'GET', `/game/export/${seg(gameId)}`, {
      accept: 'application/json',
      query: { moves: true, clocks: false, evals: false, opening: false, literate: false, pgnInJson: false },
    });
    const parsed = LichessExportBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('an export body of an unexpected shape');
    return parsed.data;
  }
}

function challengeForm(opts: { clockLimitSec: number; clockIncrementSec: number; rated?: boolean; color?: string }) {
  return {
    'clock.limit': opts.clockLimitSec,
    'clock.increment': opts.clockIncrementSec,
    rated: opts.rated ?? false,
    color: opts.color ?? 'random',
  };
}
