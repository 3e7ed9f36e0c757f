import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eloRangeOf, LOBBY, paysStake, type PrizeMode } from './lobby.ts';
import { BATTLE_TIMES_MS, SOLO_RUSH_MS } from './scoring.ts';

describe('LOBBY (SPEC 9 battle lobby limits)', () => {
  it('holds 2 to 8 players and needs 2 to start', () => {
    expect(LOBBY.maxPlayersMin).toBe(2);
    expect(LOBBY.maxPlayersMax).toBe(8);
    expect(LOBBY.minPlayers).toBe(2);
  });

  it('auto-starts 90 s after creation', () => {
    expect(LOBBY.autoStartMs).toBe(90_000);
  });

  it('limits chat to 140 characters and a private code to 120 (SPEC 5)', () => {
    expect(LOBBY.codeMax).toBe(120);
  });

  it('spans the owner ±200 (SPEC 9)', () => {
    expect(LOBBY.eloRange).toBe(200);
  });

  it('offers the SPEC game times: 1, 3 and 5 minutes; solo rush is 3 minutes', () => {
    expect(BATTLE_TIMES_MS).toEqual([60_000, 180_000, 300_000]);
    expect(SOLO_RUSH_MS).toBe(180_000);
  });
});

describe('eloRangeOf (the lobby list ELO range: owner ±200)', () => {
  it.each([
    [1500, 1300, 1700],
    [200, 0, 400],
    [100, -100, 300],
    [2850, 2650, 3050],
  ])('owner %d: %d-%d', (owner, min, max) => {
    expect(eloRangeOf(owner)).toEqual({ min, max });
  });

  it('is centred on the owner and 400 wide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), (owner) => {
        const { min, max } = eloRangeOf(owner);
        expect(max - min).toBe(2 * LOBBY.eloRange);
        expect((min + max) / 2).toBe(owner);
      }),
    );
  });
});

describe('paysStake (pool: every participant stakes; giveaway: only the creator funds the prize)', () => {
  it.each([
    ['pool', true, true],
    ['pool', false, true],
    ['giveaway', true, true],
    ['giveaway', false, false],
  ] as Array<[PrizeMode, boolean, boolean]>)('%s, owner %s: pays %s', (mode, isOwner, pays) => {
    expect(paysStake(mode, isOwner)).toBe(pays);
  });

  it('the owner always pays, so every lobby has a prize', () => {
    for (const mode of ['pool', 'giveaway'] as const) expect(paysStake(mode, true)).toBe(true);
  });
});
