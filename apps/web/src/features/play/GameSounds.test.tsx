import { beforeEach, describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GameView, Me } from '@rush/protocol';
import { audioLog, installFakeAudio } from '../../test/fakeAudio.ts';
import { makeMe } from '../../test/fakes.ts';
import { mockApi } from '../../test/render.tsx';
import { GameScreen } from './GameScreen.tsx';
import { makeGame, renderWithPlay } from './testing.tsx';
import { useLiveGame } from './useLiveGame.ts';

function Harness({ id }: { id: string }) {
  const game = useLiveGame(id);
  return game.data ? <GameScreen game={game.data} /> : null;
}

const clock = () => {
  const now = new Date().toISOString();
  return { initialMs: 180_000, incrementMs: 0, whiteMs: 180_000, blackMs: 180_000, runningSince: now, serverNow: now };
};

const MOVES = [
  { uci: 'e2e4', san: 'e4', fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' },
  { uci: 'd7d5', san: 'd5', fen: 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' },
  { uci: 'e4d5', san: 'exd5', fen: 'rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2' },
] as const;

/** A game at ply 0 on the screen of `me` (white), with the moves above arriving as events. */
function renderGame(me: Me, view: GameView = makeGame()) {
  const api = mockApi({
    me,
    routes: {
      'GET /api/play/games/g1': () => ({ body: view }),
      'PATCH /api/account/settings': (call) => ({
        body: { ...me, settings: { ...me.settings, ...(call.body as object) } },
      }),
    },
  });
  const r = renderWithPlay(<Harness id={view.id} />, { games: [view], session: me });
  const socket = r.connect();
  let version = view.version;
  const sans: string[] = [];
  const move = (i: number) => {
    const m = MOVES[i]!;
    version += 1;
    sans.push(m.san);
    act(() =>
      socket.receive({
        t: 'ev',
        topic: 'game:g1',
        v: version,
        type: 'game.moved',
        data: {
          gameId: 'g1',
          version,
          ply: i + 1,
          uci: m.uci,
          san: m.san,
          fen: m.fen,
          clock: clock(),
          offers: { draw: null, takeback: null, rematch: null },
          status: 'started',
        },
      }),
    );
  };
  return { ...r, api, move };
}

beforeEach(() => {
  installFakeAudio();
});

/** The sounds load after the first render: let that land before counting what played. */
const settle = () =>
  act(async () => {
    await import('./GameSoundLayer.tsx');
    await new Promise((r) => setTimeout(r, 20));
  });

describe('game sounds (issue 19)', () => {
  test('sound on: the start, then each move as its kind (move, capture)', async () => {
    const { move } = renderGame(makeMe());
    // The start sound: three tones (the tones load when first due).
    await waitFor(() => expect(audioLog.starts).toHaveLength(3));
    move(0);
    await waitFor(() => expect(audioLog.starts).toHaveLength(4));
    const moveTone = audioLog.starts[3];
    move(1);
    await waitFor(() => expect(audioLog.starts).toHaveLength(5));
    move(2);
    await waitFor(() => expect(audioLog.starts).toHaveLength(6));
    // The capture sounds unlike a plain move; nothing more plays.
    expect(audioLog.starts[5]).not.toBe(moveTone);
    await settle();
    expect(audioLog.starts).toHaveLength(6);
  });

  test('muted (the account setting): the same game plays no sound at all', async () => {
    const { move } = renderGame(makeMe({ settings: { ...makeMe().settings, soundMuted: true } }));
    for (const i of [0, 1, 2]) move(i);
    await waitFor(() => expect(screen.getByRole('button', { name: 'd5 white pawn' })).toBeTruthy());
    await settle();
    expect(audioLog.starts).toEqual([]);
    expect((await screen.findByRole('button', { name: 'Mute' })).getAttribute('aria-pressed')).toBe('true');
  });

  test('Mute on the game screen saves the setting and silences the next moves; pressing it again brings them back', async () => {
    const { move, api } = renderGame(makeMe());
    await waitFor(() => expect(audioLog.starts).toHaveLength(3));
    const mute = await screen.findByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    await waitFor(() => expect(mute.getAttribute('aria-pressed')).toBe('true'));
    expect(api.callsTo('PATCH', '/api/account/settings')[0]?.body).toEqual({ soundMuted: true });
    move(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'e4 white pawn' })).toBeTruthy());
    move(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'd5 black pawn' })).toBeTruthy());
    await settle();
    expect(audioLog.starts).toHaveLength(3);

    fireEvent.click(mute);
    await waitFor(() => expect(mute.getAttribute('aria-pressed')).toBe('false'));
    // Unmuting replays nothing; the next move sounds.
    await settle();
    expect(audioLog.starts).toHaveLength(3);
    move(2);
    await waitFor(() => expect(audioLog.starts).toHaveLength(4));
  });

  test('a reload mid-game is quiet until the next move', async () => {
    const view = makeGame({ ply: 2, moves: ['e2e4', 'd7d5'], san: ['e4', 'd5'], fen: MOVES[1].fen, version: 3 });
    const { move } = renderGame(makeMe(), view);
    await waitFor(() => expect(screen.getByRole('button', { name: 'd5 black pawn' })).toBeTruthy());
    await settle();
    expect(audioLog.starts).toEqual([]);
    move(2);
    await waitFor(() => expect(audioLog.starts).toHaveLength(1));
  });
});
