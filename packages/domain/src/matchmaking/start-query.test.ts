import { describe, expect, it } from 'vitest';
import { readStartFlags, startSearch } from './start-query.ts';

describe('the /start address', () => {
  it.each([
    ['', { step: null, gameType: null, c: null, bet: null, challengeid: null, bot: null, giveaway: false }],
    [
      '?step=2&gameType=wmgt_000001&c=usd&bet=5&giveaway',
      { step: '2', gameType: 'wmgt_000001', c: 'usd', bet: '5', challengeid: null, bot: null, giveaway: true },
    ],
    [
      '?step=bot2&gameType=bot_000001&c=wbx&bot=mid',
      { step: 'bot2', gameType: 'bot_000001', c: 'wbx', bet: null, challengeid: null, bot: 'mid', giveaway: false },
    ],
    [
      '?challengeid=u1&step=1',
      { step: '1', gameType: null, c: null, bet: null, challengeid: 'u1', bot: null, giveaway: false },
    ],
  ])('reads %s', (search, flags) => {
    expect(readStartFlags(search)).toEqual(flags);
  });

  it.each([
    [
      { step: 2, gameType: 'g', c: 'usd', bet: 5, challengeid: null, giveaway: false },
      '',
      '?step=2&gameType=g&c=usd&bet=5',
    ],
    [
      { step: 1, gameType: null, c: null, bet: null, challengeid: 'u1', giveaway: true },
      '',
      '?step=1&challengeid=u1&giveaway',
    ],
    [
      { step: 3, gameType: 'g', c: null, bet: '', challengeid: null, giveaway: true },
      'giveaway&history',
      '?history=&step=3&gameType=g&giveaway',
    ],
    [
      { step: 'bot2', gameType: 'b', c: 'wbx', bet: null, bot: 'mid' },
      'settings',
      '?settings=&step=bot2&gameType=b&c=wbx&bot=mid',
    ],
    [
      { step: 'bot1', gameType: null, c: 'wbx', bet: 3, bot: 'low' },
      'gameType=x&giveaway',
      '?giveaway=&step=bot1&c=wbx&bet=3&bot=low',
    ],
  ] as const)('writes %o over %s', (flags, rest, search) => {
    expect(startSearch(flags, new URLSearchParams(rest))).toBe(search);
  });
});
