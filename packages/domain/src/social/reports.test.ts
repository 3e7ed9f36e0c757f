import { describe, expect, it } from 'vitest';
import { RESTRICTION_WINDOW_MS } from '../money/limits.ts';
import {
  BUG_REPORT_CLOSE_MS,
  REPORT_CONFIRM_MS,
  bugReportTransition,
  reportRestricts,
  type BugReportAction,
  type BugReportStatus,
} from './reports.ts';
import { SOCIAL_TEXTS } from './texts.ts';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('reportRestricts (SPEC 4: restrictions are active 5 minutes after their timestamp)', () => {
  it.each<[number, boolean]>([
    [0, false],
    [RESTRICTION_WINDOW_MS - 1, false],
    [300_000, true],
    [24 * 3_600_000, true],
  ])('reported %i ms ago -> %s', (ms, active) => {
    expect(reportRestricts(ago(ms), now)).toBe(active);
  });
});

describe('report constants and texts (SPEC 2, 9)', () => {
  it('confirms for 2 s, closes the bug modal after 3 s, with the SPEC words', () => {
    expect(REPORT_CONFIRM_MS).toBe(2_000);
    expect(BUG_REPORT_CLOSE_MS).toBe(3_000);
    expect(SOCIAL_TEXTS.reportSent).toBe('Report sent');
    expect(SOCIAL_TEXTS.thankYou).toBe('Thank you for feedback!');
  });
});

describe('bugReportTransition (SPEC 4: active, archived, de-archived, deleted)', () => {
  it.each<[BugReportStatus, BugReportAction, BugReportStatus | null]>([
    ['active', 'archive', 'archived'],
    ['archived', 'dearchive', 'active'],
    ['active', 'dearchive', null],
    ['archived', 'archive', null],
    ['active', 'delete', 'deleted'],
    ['archived', 'delete', 'deleted'],
    ['deleted', 'delete', null],
    ['deleted', 'dearchive', null],
  ])('%s + %s -> %s', (status, action, next) => {
    expect(bugReportTransition(status, action)).toBe(next);
  });
});
