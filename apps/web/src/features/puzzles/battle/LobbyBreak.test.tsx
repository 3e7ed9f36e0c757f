import { describe, expect, test, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { makeMe } from '../../../test/fakes.ts';
import { makeSummaryRow, startBattleApp } from './testing.tsx';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Issue 37: a running break shows on the lobby list with its end, and nothing starts from there. */
const UNTIL = '2999-06-30T12:00:00.000Z';
const TEXT = TEXTS.coolOffActive('2999/06/30 12:00 UTC');
const onBreak = () => makeMe({ chessUsername: 'alice', coolOffUntil: UNTIL });

describe('battle lobbies during a break', () => {
  test('the battle lobby list: no create, no join', async () => {
    startBattleApp('/puzzle-game/battle', { me: onBreak(), lobbies: [makeSummaryRow()] });
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create lobby' }).hasAttribute('disabled')).toBe(true);
    expect((await screen.findByRole('button', { name: /^Join .*lobby$/ })).hasAttribute('disabled')).toBe(true);
  });
});
