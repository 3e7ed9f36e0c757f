import { describe, expect, it } from 'vitest';
import { FailureDigest, failureLine } from './failures.ts';

describe('failureLine', () => {
  it.each([
    [
      ' FAIL  server apps/server/test/a.test.ts > suite > case',
      'FAIL  server apps/server/test/a.test.ts > suite > case',
    ],
    ['\u001b[31m × \u001b[39mcase one 120ms', '× case one 120ms'],
    [
      '  ✘  3 [desktop] › e2e/tests/play.spec.ts:16:1 › two players (42.6s)',
      '✘  3 [desktop] › e2e/tests/play.spec.ts:16:1 › two players (42.6s)',
    ],
    [' ✓ server apps/server/test/a.test.ts > passes', null],
    ['  ✓  2 [desktop] › e2e/tests/a11y.spec.ts:40:1 › visitor (50.7s)', null],
    ['FAILED to connect', null],
    ['', null],
  ])('%j -> %j', (raw, line) => expect(failureLine(raw)).toBe(line));
});

describe('FailureDigest', () => {
  it('joins lines split across chunks, keeps each once, and stops at its maximum', () => {
    const digest = new FailureDigest(2);
    digest.push(' ✓ ok\n FA');
    digest.push('IL  a.test.ts > x\n × x\n');
    digest.push(' × x\n FAIL  b.test.ts > y');
    digest.end();
    expect(digest.lines).toEqual(['FAIL  a.test.ts > x', '× x']);
  });
});
