import { describe, expect, it } from 'vitest';
import { canAbort, canResign, endButton, offersAllowed, takebackPlies } from './controls.ts';
import { resultTitle, statusText, GAME_STATUSES, isFinished } from './status.ts';
import { GAME_MODES, ratingFamilyOf } from './modes.ts';
import { checkSpectatorChat, isChatRepeat, SPECTATOR_CHAT_EXPIRY_MS } from './chat.ts';
import { historyDate, historyResultText, outcomeFor } from './history.ts';
import { PLAY_TEXTS } from './texts.ts';

describe('modes', () => {
  it.each([
    ['wmgt_000001', 180_000, 'blitz'],
    ['wmgt_000002', 300_000, 'blitz'],
    ['wmgt_000003', 600_000, 'rapid'],
    ['bot_000001', 1_800_000, 'rapid'],
    ['bot_000002', 600_000, 'rapid'],
    ['bot_000003', 900_000, 'rapid'],
  ] as const)('%s', (id, ms, family) => {
    expect(GAME_MODES[id].initialMs).toBe(ms);
    expect(GAME_MODES[id].incrementMs).toBe(0);
    expect(ratingFamilyOf(id)).toBe(family);
  });
});

describe('controls (SPEC 4)', () => {
  it.each([
    [0, 'abort', false],
    [1, 'abort', false],
    [2, 'resign', true],
    [40, 'resign', true],
  ] as const)('ply %i: %s, offers %s', (ply, button, offers) => {
    expect(endButton(ply)).toBe(button);
    expect(canAbort(ply)).toBe(button === 'abort');
    expect(canResign(ply)).toBe(button === 'resign');
    expect(offersAllowed(ply)).toBe(offers);
  });
  it.each([
    [2, 'black', 1],
    [2, 'white', 2],
    [3, 'white', 1],
    [3, 'black', 2],
    [1, 'black', 1],
  ] as const)('takeback at ply %i by %s removes %i', (ply, who, n) => {
    expect(takebackPlies(ply, who)).toBe(n);
  });
});

describe('statuses and titles', () => {
  it('every finished status has a text; started has none', () => {
    for (const s of GAME_STATUSES) expect(statusText(s) === null).toBe(!isFinished(s));
    expect(statusText('resign')).toBe('Game was resigned');
    expect(statusText('nostart')).toBe("Game didn't start");
    expect(statusText('timeout')).toBe('One of the players left the game');
    expect(statusText('unknownfinish')).toBe('Unknown end result');
  });
  it.each([
    ['mate', 'white', 'white', 'CONGRATS'],
    ['mate', 'white', 'black', 'Unlucky'],
    ['resign', 'black', null, 'GAME ENDED'],
    ['draw', null, 'white', 'DRAW'],
    ['stalemate', null, 'black', 'DRAW'],
    ['aborted', null, 'white', 'ABORTED'],
    ['nostart', null, 'black', 'ABORTED'],
    ['aborted', null, null, 'GAME ENDED'],
    ['unknownfinish', null, 'white', 'GAME ENDED'],
    ['started', null, 'white', null],
  ] as const)('%s won by %s seen by %s: %s', (status, winner, viewer, title) => {
    expect(resultTitle({ status, winner, viewer })).toBe(title);
  });
});

describe('chat (SPEC 5)', () => {
  const now = new Date('2026-01-01T00:10:00Z');
  const base = { signedIn: true, gameExists: true, text: 'hi', finishedAt: null, now, lastOwnText: null };
  it.each([
    ['visitor', { signedIn: false }, PLAY_TEXTS.chatLogin],
    ['no game', { gameExists: false }, PLAY_TEXTS.chatMissingData],
    ['no text', { text: null }, PLAY_TEXTS.chatMissingData],
    ['expired', { finishedAt: new Date(now.getTime() - SPECTATOR_CHAT_EXPIRY_MS) }, PLAY_TEXTS.chatExpired],
    ['repeat', { lastOwnText: 'HI' }, PLAY_TEXTS.chatRepeat],
    ['empty', { text: '   ' }, PLAY_TEXTS.chatEmpty],
    ['too long', { text: 'x'.repeat(141) }, PLAY_TEXTS.chatTooLong],
  ])('%s', (_n, over, message) => {
    const r = checkSpectatorChat({ ...base, ...over });
    expect(r.ok ? null : r.message).toBe(message);
  });
  it('just before expiry, trimmed', () => {
    const r = checkSpectatorChat({
      ...base,
      text: '  gg  ',
      finishedAt: new Date(now.getTime() - SPECTATOR_CHAT_EXPIRY_MS + 1),
    });
    expect(r).toEqual({ ok: true, text: 'gg' });
  });
});

describe('chat repeat (SPEC 5, issue 33)', () => {
  it.each<[last: string | null, text: string, repeat: boolean]>([
    [null, 'gg', false],
    ['gg', 'gg', true],
    ['GG', 'gg', true],
    ['  gg ', 'gg', true],
    ['gg', 'gg wp', false],
    ['gg wp', 'gg', false],
  ])('last %j, now %j: repeat %s', (last, text, repeat) => {
    expect(isChatRepeat(last, text)).toBe(repeat);
  });
});

describe('history (SPEC 2)', () => {
  it.each([
    ['win', { currency: 'usd', amount: 500n }, 'W: $5.00'],
    ['loss', { currency: 'wbx', amount: 10_000n }, 'L: 100.00 RC'],
    ['win', null, 'W: '],
    ['draw', null, 'D: '],
    ['aborted', { currency: 'wbx', amount: 5_000n }, 'Aborted: 50.00 RC returned'],
    ['aborted', null, 'Aborted'],
  ] as const)('%s %o', (outcome, stake, text) => {
    expect(historyResultText(outcome, stake)).toBe(text);
  });
  it('date and outcome', () => {
    expect(historyDate(new Date('2026-03-04T23:59:00Z'))).toBe('2026/03/04');
    expect(outcomeFor('mate', 'black', 'black')).toBe('win');
    expect(outcomeFor('aborted', null, 'black')).toBe('aborted');
    expect(outcomeFor('draw', null, 'white')).toBe('draw');
  });
});
