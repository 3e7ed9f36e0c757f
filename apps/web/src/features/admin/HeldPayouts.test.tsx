import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAIRPLAY_TEXTS } from '@rush/domain';
import type { HeldGameView } from '@rush/protocol';
import { makeSideFigures } from '../../test/fakes.ts';
import { HELD_TEXTS } from './sections/HeldPayouts.tsx';
import { refused, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const HELD = 'GET /api/admin/fairplay/held';

/** The winner's figures: engine-like, on near-constant move times. */
const engineLike = makeSideFigures({
  counted: 30,
  acpl: 4.2,
  top1: 0.93,
  top3: 1,
  blunders: 0,
  mistakes: 0,
  inaccuracies: 1,
  moveTime: { meanMs: 2_000, varianceMs2: 10_000, constantShare: 0.9 },
});

const held = (overrides: Partial<HeldGameView> = {}): HeldGameView => ({
  gameId: 'g7',
  mode: 'wmgt_000001',
  heldAt: '2025-03-04T10:20:00.000Z',
  stake: { currency: 'usd', amount: 500, pot: 1_000 },
  winner: { uid: 'u2', username: 'bob' },
  loser: { uid: 'u3', username: 'carol' },
  winnerColor: 'black',
  againstBot: false,
  white: { ...engineLike, acpl: 61.5, top1: 0.31, top3: 0.52, blunders: 3, moveTime: null },
  black: engineLike,
  reasons: ['Engine first-choice match 93% over 30 counted moves', 'Near-constant move times'],
  ...overrides,
});

const card = async () => {
  const list = await screen.findByRole('list', { name: 'Held payouts' });
  return within(list)
    .getAllByRole('listitem')
    .find((li) => li.classList.contains('held-game'))!;
};

describe('held payouts (issue 14; System-flagged users)', () => {
  test('each held game with its evidence: stake, reasons, both sides’ figures and the per-move chart', async () => {
    startAdmin('/admin#flags', { [HELD]: () => ({ body: { games: [held()] } }) });
    const game = await card();
    expect(within(game).getByRole('heading', { name: 'bob (Black) won against carol' })).toBeTruthy();
    expect(game.textContent).toContain('g7, Blitz 3+0');
    expect(game.textContent).toContain('$5.00');
    expect(game.textContent).toContain('$10.00');
    expect(within(game).getByText('Engine first-choice match 93% over 30 counted moves')).toBeTruthy();
    expect(within(game).getByText('Near-constant move times')).toBeTruthy();
    const table = within(game).getByRole('table', { name: 'Figures of bob against carol' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'White: carol', 'Black: bob']);
    const acpl = within(table)
      .getAllByRole('row')
      .find((r) => r.firstElementChild?.textContent === 'Average centipawn loss')!;
    expect([...acpl.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'Average centipawn loss',
      '61.5',
      '4.2',
    ]);
    const chart = within(game).getByRole('link', { name: /^Per-move chart/ });
    expect(chart.getAttribute('href')).toBe('/tv/g7?analysis=1&orientation=black');
    expect(chart.getAttribute('target')).toBe('_blank');
    expect(within(game).getByRole('button', { name: 'Clear the held payout of bob' })).toBeTruthy();
    expect(within(game).getByRole('button', { name: 'Confirm cheating by bob' })).toBeTruthy();
  });

  test('a held bot win (issue 33): the stake against the house’s, and confirm says the house keeps the pot', async () => {
    const bot = held({
      mode: 'bot_000001',
      stake: { currency: 'wbx', amount: 5_000, pot: 20_000 },
      loser: { uid: 'b3', username: 'AI High' },
      againstBot: true,
    });
    startAdmin('/admin#flags', { [HELD]: () => ({ body: { games: [bot] } }) });
    const game = await card();
    expect(within(game).getByRole('heading', { name: 'bob (Black) won against AI High' })).toBeTruthy();
    expect(game.textContent).toContain('50.00 RC against the house’s 150.00 RC, pot 200.00 RC');
    fireEvent.click(within(game).getByRole('button', { name: 'Confirm cheating by bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm cheating by bob' });
    expect(within(dialog).getByText(HELD_TEXTS.confirmBotCheating('bob'))).toBeTruthy();
  });

  test('none held', async () => {
    startAdmin('/admin#flags');
    expect(await screen.findByText(HELD_TEXTS.empty)).toBeTruthy();
  });

  test('Clear posts {}, says so and reads the list again', async () => {
    let games = [held()];
    const { api, requested } = startAdmin('/admin#flags', {
      [HELD]: () => ({ body: { games } }),
      'POST /api/admin/fairplay/held/g7/clear': () => {
        games = [];
        return { body: { ok: true } };
      },
    });
    const game = await card();
    fireEvent.click(within(game).getByRole('button', { name: 'Clear the held payout of bob' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/fairplay/held/g7/clear')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/fairplay/held/g7/clear')[0]!.body).toEqual({});
    expect(await screen.findByText(HELD_TEXTS.cleared('bob'))).toBeTruthy();
    expect(await screen.findByText(HELD_TEXTS.empty)).toBeTruthy();
    expect(requested(HELD).length).toBeGreaterThanOrEqual(2);
  });

  test('Clear refused (another admin was first): the server text, and the list is read again', async () => {
    const { requested } = startAdmin('/admin#flags', {
      [HELD]: () => ({ body: { games: [held()] } }),
      'POST /api/admin/fairplay/held/g7/clear': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: FAIRPLAY_TEXTS.alreadyReviewed } },
      }),
    });
    const game = await card();
    fireEvent.click(within(game).getByRole('button', { name: 'Clear the held payout of bob' }));
    expect((await within(game).findByRole('alert')).textContent).toBe(FAIRPLAY_TEXTS.alreadyReviewed);
    await waitFor(() => expect(requested(HELD).length).toBeGreaterThanOrEqual(2));
  });

  test('Confirm cheating asks first (Cancel sends nothing), then posts the reason', async () => {
    let games = [held()];
    const { api, requested } = startAdmin('/admin#flags', {
      [HELD]: () => ({ body: { games } }),
      'POST /api/admin/fairplay/held/g7/confirm': () => {
        games = [];
        return { body: { ok: true } };
      },
    });
    const game = await card();
    fireEvent.click(within(game).getByRole('button', { name: 'Confirm cheating by bob' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm cheating by bob' });
    expect(within(dialog).getByText(HELD_TEXTS.confirmCheating('bob', 'carol'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm cheating by bob' })).toBeNull());
    expect(api.callsTo('POST', '/api/admin/fairplay/held/g7/confirm')).toHaveLength(0);

    fireEvent.click(within(game).getByRole('button', { name: 'Confirm cheating by bob' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm cheating by bob' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Engine use  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cheating' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/fairplay/held/g7/confirm')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/fairplay/held/g7/confirm')[0]!.body).toEqual({ reason: 'Engine use' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm cheating by bob' })).toBeNull());
    expect(await screen.findByText(HELD_TEXTS.confirmed('bob'))).toBeTruthy();
    expect(await screen.findByText(HELD_TEXTS.empty)).toBeTruthy();
    expect(requested(HELD).length).toBeGreaterThanOrEqual(2);
  });

  test('Confirm refused: the server text in the dialog, and the list is read again', async () => {
    const { requested } = startAdmin('/admin#flags', {
      [HELD]: () => ({ body: { games: [held()] } }),
      'POST /api/admin/fairplay/held/g7/confirm': () => refused(FAIRPLAY_TEXTS.notHeld),
    });
    const game = await card();
    fireEvent.click(within(game).getByRole('button', { name: 'Confirm cheating by bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm cheating by bob' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cheating' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(FAIRPLAY_TEXTS.notHeld);
    await waitFor(() => expect(requested(HELD).length).toBeGreaterThanOrEqual(2));
  });

  test('another console’s review (admin.changed flags) reads the list again', async () => {
    const { connect, push, requested } = startAdmin('/admin#flags', {
      [HELD]: () => ({ body: { games: [held()] } }),
    });
    await card();
    await connect();
    const before = requested(HELD).length;
    push('flags');
    await waitFor(() => expect(requested(HELD).length).toBeGreaterThan(before));
  });

  test('a failed read shows the server text with Try again', async () => {
    let fail = true;
    startAdmin('/admin#flags', {
      [HELD]: () => (fail ? refused('The held payouts could not be read.') : { body: { games: [held()] } }),
    });
    expect(await screen.findByText('The held payouts could not be read.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again: held payouts' }));
    expect(await card()).toBeTruthy();
  });
});
