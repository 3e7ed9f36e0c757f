import { describe, expect, it } from 'vitest';
import { BUG_REPORT_CLOSE_MS, REPORT_CONFIRM_MS } from './reports.ts';
import { SOCIAL_TEXTS } from './texts.ts';

describe('report constants and texts (SPEC 2, 9)', () => {
  it('confirms for 2 s, closes the bug modal after 3 s, with the SPEC words', () => {
    expect(REPORT_CONFIRM_MS).toBe(2_000);
    expect(BUG_REPORT_CLOSE_MS).toBe(3_000);
    expect(SOCIAL_TEXTS.reportSent).toBe('Report sent');
    expect(SOCIAL_TEXTS.thankYou).toBe('Thank you for feedback!');
  });
});
