import { afterEach, describe, expect, it } from 'vitest';
import {
  createMatchedGame,
  GameMoves,
  LICHESS_DEFAULTS,
  LichessClient,
  LichessHttpError,
  LichessStreamError,
  type LichessGameStreamEvent,
  type LichessIncomingEvent,
} from '../../src/modules/lichess/index.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { movesOf, setup, statusOf, until } from './support.ts';

let emu: LichessEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const SCHOLAR = ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];

async function game(s: { emu: LichessEmulator; client: LichessClient }) {
  s.emu.addUser('Bobby');
  s.emu.addUser('Mary');
  const white = s.emu.issueToken('Bobby');
  const black = s.emu.issueToken('Mary');
  const { gameId } = await createMatchedGame(
    s.client,
    { token: white },
    { token: black, username: 'Mary' },
    { limitSec: 300, incrementSec: 0 },
  );
  return { white, black, gameId, tokenOf: (ply: number) => (ply % 2 === 1 ? white : black) };
}

/** A follower as the platform adapter will be: every move once, whatever the stream does. */
function follow(client: LichessClient, token: string, gameId: string) {
  const tracker = new GameMoves();
  const applied: { ply: number; uci: string }[] = [];
  const events: LichessGameStreamEvent[] = [];
  const retries: unknown[] = [];
  const handle = client.streamGame(
    token,
    gameId,
    (e) => {
      events.push(e);
      const moves = e.type === 'gameFull' ? e.state.moves : e.type === 'gameState' ? e.moves : null;
      if (moves !== null) applied.push(...tracker.update(moves).added);
    },
    { onRetry: (_n, cause) => retries.push(cause) },
  );
  return { handle, applied, events, retries, tracker };
}

describe('Lichess streams: drops, malformed lines, retries', () => {
  it('survives three stream drops without losing or repeating a move', async () => {
    const s = await setup();
    emu = s.emu;
    const g = await game(s);
    const f = follow(s.client, g.white, g.gameId);
    await until(() => f.events.length > 0, 5_000, 'gameFull');
    for (const [i, uci] of SCHOLAR.entries()) {
      if (i === 1 || i === 3 || i === 5) {
        const opensBefore = emu.log.requests.filter((r) => r.path.startsWith('/api/board/game/stream/')).length;
        expect(emu.faults.dropStreams('game')).toBe(1);
        // Moves made while the stream is down must still arrive (from the re-opened gameFull).
        await s.client.move(g.tokenOf(i + 1), g.gameId, uci);
        await until(
          () =>
            emu!.log.requests.filter((r) => r.path.startsWith('/api/board/game/stream/')).length > opensBefore &&
            f.tracker.moves.length === i + 1,
          5_000,
          `re-open ${i}`,
        );
      } else {
        await s.client.move(g.tokenOf(i + 1), g.gameId, uci);
      }
    }
    await f.handle.done;
    expect(f.retries).toHaveLength(3);
    expect(f.applied).toEqual(SCHOLAR.map((uci, i) => ({ ply: i + 1, uci })));
    expect(statusOf(f.events)).toBe('mate');
  });

  it('re-opens the stream after a malformed line and carries on', async () => {
    const s = await setup();
    emu = s.emu;
    const g = await game(s);
    const f = follow(s.client, g.black, g.gameId);
    await until(() => f.events.length > 0, 5_000, 'gameFull');
    emu.faults.malformedLines(1);
    for (const [i, uci] of SCHOLAR.entries()) await s.client.move(g.tokenOf(i + 1), g.gameId, uci);
    await f.handle.done;
    expect(f.retries).toHaveLength(1);
    expect((f.retries[0] as Error).name).toBe('NdjsonParseError');
    expect(f.applied.map((m) => m.uci)).toEqual(SCHOLAR);
    expect(movesOf(f.events)).toBe(SCHOLAR.join(' '));
  });

  it('gives up after 3 retries, 2 s apart by default (SPEC 8)', async () => {
    const waits: number[] = [];
    let calls = 0;
    const client = new LichessClient({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => {
        calls++;
        return Promise.reject(new TypeError('fetch failed'));
      },
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    const h = client.streamGame('tok', 'abcdefgh', () => undefined);
    const err = await h.done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LichessStreamError);
    expect((err as LichessStreamError).attempts).toBe(4);
    expect(calls).toBe(4);
    expect(waits).toEqual([2_000, 2_000, 2_000]);
    expect(LICHESS_DEFAULTS.streamRetries).toBe(3);
  });

  it('does not retry a game that does not exist, and ends at once for a finished game', async () => {
    const s = await setup();
    emu = s.emu;
    const g = await game(s);
    await expect(s.client.streamGame(g.white, 'zzzzzzzz', () => undefined).done).rejects.toBeInstanceOf(
      LichessHttpError,
    );
    await s.client.abort(g.white, g.gameId);
    const events: LichessGameStreamEvent[] = [];
    await s.client.streamGame(g.white, g.gameId, (e) => events.push(e)).done;
    expect(events).toHaveLength(1);
    expect(statusOf(events)).toBe('aborted');
  });

  it('waits out a 429 on opening a stream (60 s on the injected clock) before re-opening it', async () => {
    const clock = new ManualClock();
    const waits: number[] = [];
    const s = await setup(
      {},
      {
        clock,
        sleep: (ms) => {
          waits.push(ms);
          clock.advance(ms);
          return Promise.resolve();
        },
      },
    );
    emu = s.emu;
    const g = await game(s);
    emu.faults.rateLimit(1, g.white);
    const f = follow(s.client, g.white, g.gameId);
    await until(() => f.events.length > 0, 5_000, 'gameFull after 429');
    expect(f.retries).toHaveLength(1);
    expect((f.retries[0] as Error).name).toBe('LichessRateLimitedError');
    expect(waits).toEqual([60_000]);
    const opens = emu.log.requests.filter((r) => r.path.startsWith('/api/board/game/stream/'));
    expect(opens.map((r) => r.status)).toEqual([429, 200]);
    f.handle.close();
    await f.handle.done;
  });

  it('re-opens an idle stream (no keep-alive line in time)', async () => {
    const s = await setup({ keepAliveMs: 60_000 }, { streamIdleMs: 100 });
    emu = s.emu;
    const g = await game(s);
    const f = follow(s.client, g.white, g.gameId);
    await until(() => f.retries.length >= 1, 5_000, 'idle re-open');
    expect((f.retries[0] as Error).name).toBe('LichessUnavailableError');
    f.handle.close();
    await f.handle.done;
    expect(f.tracker.moves).toEqual([]);
  });

  it('event stream: current games on open, gameStart and gameFinish, keep-alives ignored, re-opened after a drop', async () => {
    const s = await setup({ keepAliveMs: 10 });
    emu = s.emu;
    emu.addUser('Bobby');
    emu.addUser('Mary');
    const bobby = emu.issueToken('Bobby');
    const mary = emu.issueToken('Mary');
    const events: LichessIncomingEvent[] = [];
    const h = s.client.streamEvents(mary, (e) => events.push(e));
    await until(() => emu!.openStreams('event') === 1, 5_000, 'event stream');
    const challenge = await s.client.challenge(bobby, 'Mary', {
      clockLimitSec: 180,
      clockIncrementSec: 0,
      color: 'black',
    });
    await until(() => events.some((e) => e.type === 'challenge'), 5_000, 'challenge event');
    expect(events.find((e) => e.type === 'challenge')).toMatchObject({
      challenge: { id: challenge.id, challenger: { id: 'bobby' } },
    });
    await s.client.acceptChallenge(mary, challenge.id);
    await until(() => events.some((e) => e.type === 'gameStart'), 5_000, 'gameStart');
    expect(events.find((e) => e.type === 'gameStart')).toMatchObject({
      game: {
        gameId: challenge.id,
        color: 'white',
        opponent: { id: 'bobby' },
        isMyTurn: true,
        speed: 'blitz',
        rated: false,
      },
    });
    await new Promise((r) => setTimeout(r, 40)); // a few keep-alive lines
    emu.faults.dropStreams('event');
    // On re-open the ongoing game is announced again.
    await until(() => events.filter((e) => e.type === 'gameStart').length === 2, 5_000, 'gameStart after re-open');
    // Both sides move first: resigning earlier is an abort on Lichess.
    await s.client.move(mary, challenge.id, 'e2e4');
    await s.client.move(bobby, challenge.id, 'e7e5');
    await s.client.resign(mary, challenge.id);
    await until(() => events.some((e) => e.type === 'gameFinish'), 5_000, 'gameFinish');
    expect(events.find((e) => e.type === 'gameFinish')).toMatchObject({
      game: { gameId: challenge.id, status: { name: 'resign' }, winner: 'black' },
    });
    expect(events.every((e) => typeof e.type === 'string')).toBe(true);

    // A declined challenge reaches the challenger.
    const c2 = await s.client.challenge(mary, 'Bobby', { clockLimitSec: 600, clockIncrementSec: 0 });
    await s.client.declineChallenge(bobby, c2.id, 'later');
    await until(() => events.some((e) => e.type === 'challengeDeclined'), 5_000, 'challengeDeclined');
    h.close();
    await h.done;
  });
});
