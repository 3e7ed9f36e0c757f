import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BOT_LEVELS, BOT_MIN_MOVE_MS, BOT_STRENGTH, botMoveTimeMs, type BotLevel } from './strength.ts';

describe('bot strength', () => {
  test.each([
    ['low', 'Low', 1],
    ['mid', 'Mid', 2],
    ['high', 'High', 3],
  ] as const)('%s is labelled %s and pays %ix (SPEC 9)', (level, label, multiplier) => {
    expect(BOT_STRENGTH[level].label).toBe(label);
    expect(BOT_STRENGTH[level].multiplier).toBe(multiplier);
  });

  test('each level is stronger and thinks longer than the one before, inside the UCI_Elo range', () => {
    const rows = BOT_LEVELS.map((l) => BOT_STRENGTH[l]);
    for (const r of rows) {
      // The floor of every Stockfish still packaged (15.1 accepts 1350-2850; 16+ 1320-3190).
      expect(r.uciElo).toBeGreaterThanOrEqual(1350);
      expect(r.uciElo).toBeLessThanOrEqual(2850);
      expect(r.uciElo).toBeLessThanOrEqual(3190);
      expect(r.skillLevel).toBeGreaterThanOrEqual(0);
      expect(r.skillLevel).toBeLessThanOrEqual(20);
    }
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.uciElo).toBeGreaterThan(rows[i - 1]!.uciElo);
      expect(rows[i]!.skillLevel).toBeGreaterThan(rows[i - 1]!.skillLevel);
      expect(rows[i]!.moveTimeMs).toBeGreaterThan(rows[i - 1]!.moveTimeMs);
    }
  });

  test.each<[BotLevel, number, number, number]>([
    ['high', 30 * 60_000, 0, 1000], // a full 30-minute clock: the level's move time
    ['high', 15_000, 0, 500], // 15 s left: a thirtieth of it
    ['low', 3_000, 0, 100], // 3 s left: a thirtieth of it
    ['low', 1_000, 0, BOT_MIN_MOVE_MS], // nearly flagged: the floor
    ['mid', 0, 0, BOT_MIN_MOVE_MS],
    ['mid', 6_000, 250, 400], // 6000/30 + 0.8 * 250
  ])('%s with %i ms left and %i ms increment thinks %i ms', (level, clock, inc, expected) => {
    expect(botMoveTimeMs(level, clock, inc)).toBe(expected);
  });

  test('the think time is always within [floor, level move time] and never grows as the clock runs down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_LEVELS),
        fc.integer({ min: -1000, max: 4 * 3_600_000 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.integer({ min: 0, max: 60_000 }),
        (level, clock, spent, inc) => {
          const now = botMoveTimeMs(level, clock, inc);
          expect(now).toBeGreaterThanOrEqual(BOT_MIN_MOVE_MS);
          expect(now).toBeLessThanOrEqual(BOT_STRENGTH[level].moveTimeMs);
          expect(botMoveTimeMs(level, clock - spent, inc)).toBeLessThanOrEqual(now);
        },
      ),
    );
  });
});
