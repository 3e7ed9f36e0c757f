import { describe, expect, test } from 'vitest';
import { applyGameEvent, clockReading, liveGame, localTimeOf, newerGame } from './liveGame.ts';
import { foolsMateSetup, makeGame } from './testing.tsx';

const now = '2025-01-01T12:00:00.000Z';
const clock = {
  initialMs: 180_000,
  incrementMs: 0,
  whiteMs: 170_000,
  blackMs: 160_000,
  runningSince: now,
  serverNow: now,
};
const offers = { draw: null, takeback: null, rematch: null };

function moved(version: number) {
  return {
    type: 'game.moved',
    data: {
      gameId: 'g1',
      version,
      ply: 4,
      uci: 'd8h4',
      san: 'Qh4#',
      fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
      clock,
      offers,
      status: 'mate',
    },
  };
}

describe('applyGameEvent', () => {
  const game = liveGame(foolsMateSetup({ you: 'white' }), 1_000);

  test('the next version applies; older ones are stale; a hole is a gap', () => {
    const next = applyGameEvent(game, moved(5), 2_000);
    expect(next.kind).toBe('applied');
    if (next.kind !== 'applied') return;
    expect(next.game.view).toMatchObject({ ply: 4, turn: 'white', version: 5, san: ['f3', 'e5', 'g4', 'Qh4#'] });
    expect(next.game.view.status).toBe('started'); // the end comes with game.ended
    expect(next.game.clockAt).toBe(2_000);
    expect(applyGameEvent(next.game, moved(5), 3_000).kind).toBe('stale');
    expect(applyGameEvent(game, moved(4), 3_000).kind).toBe('stale');
    expect(applyGameEvent(game, moved(7), 3_000).kind).toBe('gap');
    expect(applyGameEvent(game, { type: 'game.moved', data: { nonsense: true } }, 3_000).kind).toBe('gap');
  });

  test('the end sets the result title for this viewer', () => {
    const ended = {
      type: 'game.ended',
      data: {
        gameId: 'g1',
        version: 5,
        status: 'resign',
        statusText: 'Game was resigned',
        winner: 'black',
        endedAt: now,
        clock: { ...clock, runningSince: null },
        ratingDiff: { white: -10, black: 10 },
        chatClosesAt: now,
      },
    };
    const asWhite = applyGameEvent(game, ended, 0);
    const asBlack = applyGameEvent(liveGame(foolsMateSetup({ you: 'black' }), 0), ended, 0);
    const asSpectator = applyGameEvent(liveGame(foolsMateSetup({ you: null }), 0), ended, 0);
    expect(asWhite.kind === 'applied' && asWhite.game.view.resultTitle).toBe('Unlucky');
    expect(asBlack.kind === 'applied' && asBlack.game.view.resultTitle).toBe('CONGRATS');
    expect(asSpectator.kind === 'applied' && asSpectator.game.view.resultTitle).toBe('GAME ENDED');
    if (asWhite.kind !== 'applied') return;
    expect(asWhite.game.view.white.ratingDiff).toBe(-10);
    expect(applyGameEvent(asWhite.game, ended, 0).kind).toBe('stale');
  });

  test('a review holds the payout ("Under review"), and a confirmed one swaps the result', () => {
    const ended = applyGameEvent(
      game,
      {
        type: 'game.ended',
        data: {
          gameId: 'g1',
          version: 5,
          status: 'resign',
          statusText: 'Game was resigned',
          winner: 'white',
          endedAt: now,
          clock: { ...clock, runningSince: null },
          ratingDiff: null,
          chatClosesAt: now,
        },
      },
      0,
    );
    if (ended.kind !== 'applied') throw new Error('not applied');
    const review = (underReview: boolean, status: string, winner: string) => ({
      type: 'game.review',
      data: {
        gameId: 'g1',
        underReview,
        status,
        statusText: status === 'cheat' ? 'Cheating detected' : 'Game was resigned',
        winner,
      },
    });
    const held = applyGameEvent(ended.game, review(true, 'resign', 'white'), 0);
    expect(held.kind === 'applied' && held.game.view).toMatchObject({ underReview: true, resultTitle: 'CONGRATS' });
    if (held.kind !== 'applied') return;
    const confirmed = applyGameEvent(held.game, review(false, 'cheat', 'black'), 0);
    expect(confirmed.kind === 'applied' && confirmed.game.view).toMatchObject({
      underReview: false,
      status: 'cheat',
      statusText: 'Cheating detected',
      winner: 'black',
      resultTitle: 'Unlucky',
    });
    // Before the end there is nothing to review.
    expect(applyGameEvent(game, review(true, 'resign', 'white'), 0).kind).toBe('ignored');
  });

  test('presence, spectators and chats carry no version and always apply', () => {
    const presence = applyGameEvent(
      game,
      {
        type: 'game.presence',
        data: { gameId: 'g1', white: true, black: false, disconnect: { color: 'black', graceEndsAt: now } },
      },
      0,
    );
    expect(presence.kind === 'applied' && presence.game.view.black.connected).toBe(false);
    const count = applyGameEvent(game, { type: 'game.spectators', data: { gameId: 'g1', count: 7 } }, 0);
    expect(count.kind === 'applied' && count.game.view.spectators).toBe(7);
    const line = { id: 'c1', uid: 'u9', username: 'zed', text: 'nice', sentAt: now };
    const chat = applyGameEvent(game, { type: 'spectator.chat', data: { gameId: 'g1', line } }, 0);
    expect(chat.kind === 'applied' && chat.game.view.spectatorChat).toEqual([line]);
    if (chat.kind !== 'applied') return;
    const again = applyGameEvent(chat.game, { type: 'spectator.chat', data: { gameId: 'g1', line } }, 0);
    expect(again.kind === 'applied' && again.game.view.spectatorChat).toHaveLength(1);
    expect(applyGameEvent(game, { type: 'game.spectators', data: { gameId: 'other', count: 1 } }, 0).kind).toBe(
      'ignored',
    );
  });
});

describe('clock reading', () => {
  test('the side to move pays the time since runningSince, on the server clock', () => {
    const view = makeGame({
      turn: 'black',
      clock: {
        ...clock,
        runningSince: '2025-01-01T12:00:00.000Z',
        serverNow: '2025-01-01T12:00:02.000Z', // the server is 2 s into black's move
      },
    });
    const arrivedAt = Date.now();
    const reading = clockReading(view.clock, view.turn, arrivedAt);
    const serverNow = reading.serverNow();
    expect(serverNow - Date.parse('2025-01-01T12:00:02.000Z')).toBeGreaterThanOrEqual(0);
    expect(serverNow - Date.parse('2025-01-01T12:00:02.000Z')).toBeLessThan(1_000);
    expect(localTimeOf(liveGame(view, arrivedAt), '2025-01-01T12:00:12.000Z') - arrivedAt).toBe(10_000);
  });
});

describe('newerGame: a read from the server against the cached game', () => {
  const at = (version: number, endedAt: string | null = null) => liveGame(makeGame({ version, endedAt }), version);

  test.each([
    ['nothing cached: the read', undefined, at(4), 4],
    ['a read of a later state replaces the cache', at(4), at(6), 6],
    ['a read at the same version refreshes the clock reading', at(4), at(4), 4],
    ['a read that an event overtook keeps the event', at(6), at(4), 6],
  ] as const)('%s', (_name, cached, read, version) => {
    expect(newerGame(cached, read).view.version).toBe(version);
  });

  test('the same read refreshes the cache (its clock arrived now)', () => {
    const cached = at(4);
    const read = liveGame(makeGame({ version: 4 }), 9_000);
    expect(newerGame(cached, read)).toBe(read);
  });

  test('the end known from an event outlives a read of the same version from before it', () => {
    const ended = at(5, now);
    expect(newerGame(ended, at(5)).view.endedAt).toBe(now);
    expect(newerGame(at(5), ended).view.endedAt).toBe(now);
  });

  describe('the spectator count (no version)', () => {
    const counted = (count: number, at: number) => {
      const out = applyGameEvent(
        liveGame(makeGame({ version: 4, spectators: 0 }), 0),
        { type: 'game.spectators', data: { gameId: 'g1', count } },
        at,
      );
      if (out.kind !== 'applied') throw new Error(out.kind);
      return out.game;
    };
    const read = (spectators: number) => liveGame(makeGame({ version: 4, spectators }), 9_000);

    test('a count that arrived while the read was on its way is not lowered by it', () => {
      const game = newerGame(counted(1, 5_000), read(0), 4_000);
      expect(game.view.spectators).toBe(1);
      expect(game.clockAt).toBe(9_000);
    });

    test('a read sent after the count was answered has the last word (a viewer left)', () => {
      expect(newerGame(counted(2, 5_000), read(1), 6_000).view.spectators).toBe(1);
    });

    test('a read with more viewers than the count raises it', () => {
      expect(newerGame(counted(1, 5_000), read(3), 4_000).view.spectators).toBe(3);
    });

    test('a count that came with an earlier read is the read’s to replace', () => {
      const cached = liveGame(makeGame({ version: 4, spectators: 2 }), 5_000);
      expect(newerGame(cached, read(0), 4_000).view.spectators).toBe(0);
    });
  });
});
