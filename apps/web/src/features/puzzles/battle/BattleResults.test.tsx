import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LobbyResultView } from '@rush/protocol';
import { sandboxMarks, textWithoutMarks } from '../../../test/sandbox.ts';
import { ALICE, BOB, makeParticipant, PUZZLE_1, search, startBattleApp, startedLobby } from './testing.tsx';

const result = (uid: string, username: string, points: number, reward: number): LobbyResultView => ({
  uid,
  username,
  points,
  place: 0,
  placeLabel: '',
  reward,
  currency: 'usd',
});

describe('battle result popup', () => {
  test('results by points, ties share a place, rewards with their currency; Done returns to the list', async () => {
    const carol = makeParticipant('u3', 'carol');
    const dave = makeParticipant('u4', 'dave');
    const running = startedLobby({ participants: [ALICE, BOB, carol, dave] });
    const finished = {
      ...running,
      status: 'finished' as const,
      results: [
        result('u3', 'carol', 10, 0),
        result('u1', 'alice', 30, 1350),
        result('u4', 'dave', 0, 0),
        result('u2', 'bob', 30, 1350),
      ],
    };
    const { app, push } = startBattleApp('/puzzle-game/battle?lobby=L1', {
      lobby: running,
      routes: { 'GET /api/puzzles/lobbies/L1/puzzle': () => ({ body: { puzzle: PUZZLE_1, lobby: running } }) },
    });
    await screen.findByRole('group', { name: 'Puzzle board' }, { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    await push('lobby:L1', 'lobby.changed', { lobby: finished });
    const dialog = await screen.findByRole('dialog', { name: 'Battle results' });
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => textWithoutMarks(c)));
    expect(rows).toEqual([
      ['1st', 'alice', '30', '$13.50'],
      ['1st', 'bob', '30', '$13.50'],
      ['3rd', 'carol', '10', '$0.00'],
      ['4th', 'dave', '0', '$0.00'],
    ]);
    // USD rewards carry the Sandbox mark (sandbox is the default config).
    expect(sandboxMarks(dialog)).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(search(app)).toEqual({}));
    expect(await screen.findByRole('link', { name: 'Create lobby' })).toBeTruthy();
  });

  test('RushCoins rewards read in RC', async () => {
    const finished = {
      ...startedLobby(),
      status: 'finished' as const,
      results: [
        { ...result('u1', 'alice', 20, 18_000), currency: 'wbx' as const },
        { ...result('u2', 'bob', 10, 0), currency: 'wbx' as const },
      ],
    };
    startBattleApp('/puzzle-game/battle?lobby=L1', { lobby: finished });
    const dialog = await screen.findByRole('dialog', { name: 'Battle results' }, { timeout: 5000 });
    expect(within(dialog).getByText('180.00 RC')).toBeTruthy();
    expect(within(dialog).getByText('2nd')).toBeTruthy();
  });
});
