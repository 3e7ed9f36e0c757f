import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { TEXTS } from '../texts.ts';
import { isWalletSessionFlag, WALLET_SESSION_FLAGS, walletSessionText } from './wallet-session.ts';

describe('wallet session flags (SPEC 7, 8)', () => {
  test.each([
    ['id-ex', TEXTS.walletIdEx],
    ['id-blocked', TEXTS.walletIdBlocked],
    ['ll-blocked', TEXTS.walletLlBlocked],
    ['', 'Unable to process'],
    ['ID-EX', 'Unable to process'],
    ['Gaming is fine here', 'Unable to process'],
  ])('%j shows %j', (value, text) => {
    expect(walletSessionText(value)).toBe(text);
  });

  test('every other value shows "Unable to process", never its own words', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !isWalletSessionFlag(s)),
        (value) => walletSessionText(value) === 'Unable to process',
      ),
    );
  });

  test('the three flags and no other', () => {
    expect([...WALLET_SESSION_FLAGS].sort()).toEqual(['id-blocked', 'id-ex', 'll-blocked']);
  });
});
