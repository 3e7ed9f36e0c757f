import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LichessFollowStore } from '../../src/modules/lichess/follows.store.ts';
import { lichessFollows } from '../../src/modules/lichess/schema.ts';
import { eventually } from '../matchmaking/support.ts';
import { play } from '../play/support.ts';
import { TEST_DATABASE_URL } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { lichessWorld, type LichessWorld } from './game-support.ts';

const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One follower per Lichess game across instances (issue 31). lila closes an earlier game stream
 * of the same player, game and user agent when another opens, so two instances following one
 * game would close each other's streams for ever. Instance A follows a game; its lease is
 * then taken from it (as when A stalled past its lease and another instance resumed the game):
 * A must stop following, not re-open, and exactly one instance's streams stay open.
 */
describe.runIf(TEST_DATABASE_URL)('Lichess follows across two instances on PostgreSQL (issue 31)', () => {
  let w: LichessWorld;
  let B: TestServer;
  beforeAll(async () => {
    w = await lichessWorld('postgres');
    B = await startTestServer({ databaseUrl: w.database.url!, env: w.env(), clock: w.clock });
  });
  afterAll(async () => {
    await B?.stop();
    await w?.close();
  });

  it('an instance whose lease was taken closes its streams and does not re-open them: no two followers take the game from each other', async () => {
    const { gameId, externalId, white, black } = await w.matchedGame(5);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    const store = new LichessFollowStore(w.database.db);
    await eventually(() => w.emu.openStreams('game') === 2, 5_000);

    // A stalled instance's lease: lapsed, and another instance's by now.
    const lapsed = new Date(w.clock.now().getTime() - 1_000);
    const requestsBefore = w.emu.log.requests.length;
    await w.database.db
      .update(lichessFollows)
      .set({ owner: 'an-instance-that-stalled', leaseUntil: lapsed })
      .where(eq(lichessFollows.gameId, gameId));
    // The takeover done: a new owner that has opened both players' streams since (each replacing
    // the old owner's: the takeover itself), and two streams open. Counted from the emulator's
    // request log, not from a quiet spell, which a loaded machine can stretch past any window.
    const gameStreamsOpenedSinceTakeover = () =>
      w.emu.log.requests
        .slice(requestsBefore)
        .filter((r) => r.method === 'GET' && r.path === `/api/board/game/stream/${externalId}`).length;
    await eventually(async () => {
      const lease = await store.lease(gameId);
      return (
        lease !== null &&
        lease.owner !== 'an-instance-that-stalled' &&
        gameStreamsOpenedSinceTakeover() >= 2 &&
        w.emu.openStreams('game') === 2
      );
    }, 10_000);
    const owner = (await store.lease(gameId))!.owner;
    const replaced = w.emu.log.replacedStreams;

    // Longer than a stream's re-open delay (2 s): nothing alternates.
    await new Promise((r) => setTimeout(r, 2_300));
    expect(w.emu.log.replacedStreams).toBe(replaced);
    expect(w.emu.openStreams('game')).toBe(2);
    expect((await store.lease(gameId))!.owner).toBe(owner);

    // The follower that holds the game mirrors it, each move once.
    expect(await w.moveOnLichess(white.uid, externalId, 'g1f3')).toBe(200);
    await eventually(async () => same((await w.rowOf(gameId)).moves, ['e2e4', 'e7e5', 'g1f3']), 10_000);
  });
});
