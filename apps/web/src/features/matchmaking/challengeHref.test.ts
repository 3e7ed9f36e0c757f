import { describe, expect, test } from 'vitest';
import { challengeHref } from './challengeHref.ts';

describe('challengeHref (SPEC 2 Challenge; SPEC 4 Choose Friend keeps the giveaway)', () => {
  test.each([
    ['u2', '', '/start?challengeid=u2&step=1'],
    ['u 1', '', '/start?challengeid=u%201&step=1'],
    // Outside a giveaway the wizard's choices are not carried: the wizard starts at step 1.
    ['u2', '?step=3&gameType=wmgt_000002&c=usd&bet=5', '/start?challengeid=u2&step=1'],
    [
      'u2',
      '?step=3&gameType=wmgt_000002&c=usd&bet=5&giveaway',
      '/start?challengeid=u2&step=1&gameType=wmgt_000002&c=usd&bet=5&giveaway',
    ],
    ['u2', '?giveaway&c=a%26b', '/start?challengeid=u2&step=1&c=a%26b&giveaway'],
  ])('%s from %j -> %s', (uid, from, href) => {
    expect(challengeHref(uid, from)).toBe(href);
  });
});
