import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findingKeys, findingSpan, findingSummary, findingTitle, type ReviewFinding } from './review.ts';
import { csvCell, REVIEW_CSV_COLUMNS, reviewCsv, type ReviewCsvRow } from './review-csv.ts';

const at = (iso: string) => new Date(iso);

describe('findingSummary and findingTitle', () => {
  const burst = {
    deposits: [
      { id: 's1', amount: 5000n, at: at('2026-11-01T08:00:00Z') },
      { id: 's2', amount: 2000n, at: at('2026-11-01T09:30:00Z') },
      { id: 's3', amount: 10000n, at: at('2026-11-01T20:15:00Z') },
    ],
    total: 17000n,
    from: at('2026-11-01T08:00:00Z'),
    to: at('2026-11-01T20:15:00Z'),
  };
  const chase = {
    currency: 'usd' as const,
    raises: 3,
    from: at('2026-11-02T10:00:00Z'),
    to: at('2026-11-02T11:00:00Z'),
    games: [100n, 200n, 500n, 1000n].map((stake, i) => ({
      ref: `g${i}`,
      currency: 'usd' as const,
      stake,
      payout: i < 3 ? 0n : null,
      at: at(`2026-11-02T1${i}:00:00Z`),
    })),
  };
  const cases: [ReviewFinding, string, string][] = [
    [
      {
        kind: 'limit',
        key: 'k',
        periodStart: at('2026-11-02T00:00:00Z'),
        limit: { limit: 'loss', currency: 'usd', period: 'day', max: 5000n, used: 4500n, level: 'near' },
      },
      'Loss limit near',
      'Loss limit nearly reached: $45.00 lost today of $50.00 (90%)',
    ],
    [
      {
        kind: 'limit',
        key: 'k',
        periodStart: at('2026-11-01T00:00:00Z'),
        limit: { limit: 'deposit', currency: 'usd', period: 'month', max: 10000n, used: 10000n, level: 'at' },
      },
      'Deposit limit reached',
      'Deposit limit reached: $100.00 deposited this month of $100.00 (100%)',
    ],
    [
      { kind: 'cool-off', key: 'k', startedAt: at('2026-11-02T08:00:00Z'), until: at('2026-11-09T08:00:00Z') },
      'Cool-off',
      'Taking a break from 2026-11-02 08:00 UTC until 2026-11-09 08:00 UTC',
    ],
    [
      { kind: 'exclusion', key: 'k', closedBy: 'player' },
      'Self-exclusion',
      'Self-excluded: the account is closed for good',
    ],
    [
      { kind: 'exclusion', key: 'k', closedBy: 'admin' },
      'Account closed',
      'Account closed for good by an admin (not a self-exclusion)',
    ],
    [
      { kind: 'pattern', key: 'k', pattern: 'deposits', burst },
      'Deposit after deposit',
      '3 deposits within 24 hours, $170.00 in all: $50.00 at 2026-11-01 08:00 UTC; $20.00 at 2026-11-01 09:30 UTC; $100.00 at 2026-11-01 20:15 UTC',
    ],
    [
      { kind: 'pattern', key: 'k', pattern: 'stakes', chase },
      'Stakes rising after losses',
      'Stake raised 3 times in a row after a loss: $1.00 lost, then $2.00 lost, then $5.00 lost, then $10.00',
    ],
  ];
  it.each(cases)('%#', (finding, title, summary) => {
    expect(findingTitle(finding)).toBe(title);
    expect(findingSummary(finding)).toBe(summary);
  });

  it('spans: a burst from its first to its last deposit, an exclusion has none', () => {
    expect(findingSpan(cases[5]![0])).toEqual({ from: burst.from, to: burst.to });
    expect(findingSpan(cases[3]![0])).toEqual({ from: null, to: null });
  });

  it('keys name what and from when', () => {
    expect(findingKeys.deposits(burst)).toBe('deposits:s1');
    expect(findingKeys.stakes(chase)).toBe('stakes:usd:g0');
    expect(
      findingKeys.limit(
        { limit: 'loss', currency: 'wbx', period: 'week', max: 1n, used: 1n, level: 'at' },
        at('2026-11-02T00:00:00Z'),
      ),
    ).toBe('limit:loss:wbx:week:2026-11-02');
  });
});

/** A small RFC 4180 reader: the test's own, to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describe('reviewCsv', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['@me', "'@me"],
  ])('cell %j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('has the header first, CRLF lines, and reads back cell for cell', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é') });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (pairs) => {
        const rows: ReviewCsvRow[] = pairs.map(([a, b]) => {
          const row = Object.fromEntries(REVIEW_CSV_COLUMNS.map((c) => [c, 'x'])) as ReviewCsvRow;
          return { ...row, username: `u${a}`, last_action_note: `n${b}` };
        });
        const csv = reviewCsv(rows);
        expect(csv.endsWith('\r\n')).toBe(true);
        const back = parseCsv(csv);
        expect(back[0]).toEqual([...REVIEW_CSV_COLUMNS]);
        expect(back.slice(1).map((r) => [r[1], r[10]])).toEqual(rows.map((r) => [r.username, r.last_action_note]));
      }),
    );
  });
});
