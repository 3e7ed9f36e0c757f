import { describe, expect, it } from 'vitest';
import { formatDuration, stageTable } from './table.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [499, '0s'],
    [500, '1s'],
    [59_400, '59s'],
    [60_000, '1m 00s'],
    [75_400, '1m 15s'],
    [25 * 60_000, '25m 00s'],
    [90 * 60_000 + 5_000, '90m 05s'],
  ])('%i ms reads %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('stageTable', () => {
  it('lists each stage with its outcome and time, then the total against the budget', () => {
    const table = stageTable(
      [
        { name: 'check', outcome: 'passed', ms: 95_000 },
        { name: 'unit: server', outcome: 'passed', ms: 310_000 },
      ],
      25 * 60_000,
    );
    expect(table.split('\n')).toEqual([
      'stage         result  time',
      '------------  ------  ' + '-'.repeat('6m 45s (budget 25m 00s)'.length),
      'check         passed  1m 35s',
      'unit: server  passed  5m 10s',
      '------------  ------  ' + '-'.repeat('6m 45s (budget 25m 00s)'.length),
      'total         passed  6m 45s (budget 25m 00s)',
    ]);
  });

  it('says failed for the total when any stage failed or was skipped, and OVER past the budget', () => {
    const table = stageTable(
      [
        { name: 'build', outcome: 'failed', ms: 30 * 60_000 },
        { name: 'journeys', outcome: 'skipped', ms: 0 },
      ],
      25 * 60_000,
    );
    const lines = table.split('\n');
    expect(lines[2]).toMatch(/^build +failed +30m 00s$/);
    expect(lines[3]).toMatch(/^journeys +skipped +0s$/);
    expect(lines.at(-1)).toBe('total     failed   30m 00s (budget 25m 00s, OVER)');
  });

  it('aligns every row to the widest cell of its column', () => {
    const table = stageTable([{ name: 'a much longer stage name', outcome: 'passed', ms: 1_000 }], 60_000);
    const starts = table
      .split('\n')
      .filter((l) => !l.startsWith('-'))
      .map((l) => l.search(/passed|result/));
    expect(new Set(starts).size).toBe(1);
  });
});
