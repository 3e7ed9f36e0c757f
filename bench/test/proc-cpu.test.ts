import { describe, expect, it } from 'vitest';
import { parseMachineStat, parseProcStat } from '../src/support/proc-cpu.ts';

describe('parseProcStat', () => {
  it('adds utime and stime (fields 14, 15) in seconds, a command with spaces and parentheses included', () => {
    const stat =
      '4242 (postgres: 15/main (x)) S 1 4242 4242 0 -1 4194560 1500 0 0 0 1234 567 0 0 20 0 1 0 900 221184000 5000 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0';
    expect(parseProcStat(stat)).toBeCloseTo(18.01, 10);
  });

  it('refuses what is not a stat line', () => {
    expect(() => parseProcStat('nonsense')).toThrow();
  });
});

describe('parseMachineStat', () => {
  it('counts busy time (all but idle and iowait) and the total of the aggregate line', () => {
    const stat = 'cpu  100 20 30 400 50 6 4 10 0 0\ncpu0 50 10 15 200 25 3 2 5 0 0\nintr 1 2 3\n';
    expect(parseMachineStat(stat)).toEqual({ busy: 1.7, total: 6.2 });
  });
});
