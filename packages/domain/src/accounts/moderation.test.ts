import { describe, expect, it } from 'vitest';
import { BAN_REASON_MAX, chessProfileUrl, cheatingBanReason, decideBan, MODERATION_TEXTS } from './moderation.ts';
import { bugReportArchiveTo, bugReportList } from '../social/reports.ts';

describe('moderation rules', () => {
  it.each([
    ['ban with a reason', { banned: true, reason: ' engine use ' }, { ok: true, banned: true, reason: 'engine use' }],
    [
      'ban with an empty reason',
      { banned: true, reason: '' },
      { ok: false, message: MODERATION_TEXTS.banReasonRequired },
    ],
    [
      'ban with blanks only',
      { banned: true, reason: ' \t\n ' },
      { ok: false, message: MODERATION_TEXTS.banReasonRequired },
    ],
    ['ban with line breaks', { banned: true, reason: 'a\nb' }, { ok: true, banned: true, reason: 'a b' }],
    [
      'ban at the limit',
      { banned: true, reason: 'x'.repeat(BAN_REASON_MAX) },
      { ok: true, banned: true, reason: 'x'.repeat(BAN_REASON_MAX) },
    ],
    [
      'ban above the limit',
      { banned: true, reason: 'x'.repeat(BAN_REASON_MAX + 1) },
      { ok: false, message: MODERATION_TEXTS.banReasonTooLong },
    ],
    [
      'emoji count as one',
      { banned: true, reason: '😀'.repeat(BAN_REASON_MAX) },
      { ok: true, banned: true, reason: '😀'.repeat(BAN_REASON_MAX) },
    ],
    ['unban without a reason', { banned: false, reason: '' }, { ok: true, banned: false, reason: null }],
    ['unban ignores a reason', { banned: false, reason: 'whatever' }, { ok: true, banned: false, reason: null }],
  ] as const)('%s', (_name, input, expected) => {
    expect(decideBan(input)).toEqual(expected);
  });

  it.each([
    ['', MODERATION_TEXTS.cheatingConfirmed],
    ['  ', MODERATION_TEXTS.cheatingConfirmed],
    ['engine', 'engine'],
  ])('cheating ban reason of %j', (given, expected) => {
    expect(cheatingBanReason(given)).toBe(expected);
  });

  it.each([
    [null, null],
    [{ platform: 'lichess', username: 'Magnus' }, 'https://lichess.org/@/Magnus'],
    [{ platform: 'lichess', username: 'a b/c' }, 'https://lichess.org/@/a%20b%2Fc'],
    [{ platform: 'builtin', username: 'anna' }, null],
  ] as const)('chess profile of %j', (profile, expected) => {
    expect(chessProfileUrl(profile)).toBe(expected);
  });

  it.each([
    ['active', true, 'archived'],
    ['active', false, 'active'],
    ['archived', false, 'dearchived'],
    ['archived', true, 'archived'],
    ['dearchived', true, 'archived'],
    ['dearchived', false, 'dearchived'],
    ['deleted', true, null],
  ] as const)('bug report %s archived=%s -> %s', (from, archived, to) => {
    expect(bugReportArchiveTo(from, archived)).toBe(to);
  });

  it.each([
    ['active', 'active'],
    ['dearchived', 'active'],
    ['archived', 'archived'],
    ['deleted', null],
  ] as const)('bug report %s is listed as %s', (status, list) => {
    expect(bugReportList(status)).toBe(list);
  });
});
