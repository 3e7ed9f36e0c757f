import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyse, problemsOf } from './postgres-rule.ts';
import { POSTGRES_SUITES } from './postgres-suites.ts';

const SERVER = path.resolve(import.meta.dirname, '../..');

/** Sources as prettier lays them out, from lines. */
const src = (...lines: string[]) => lines.join('\n');

const header = "import { DB_KINDS, POSTGRES_TOO, pgliteIt } from '../support/database.ts';";

describe('the PostgreSQL rule, on made-up files', () => {
  const raceTest = [
    "  it('two at once', async () => {",
    '    const answers = await Promise.all([a.post(x), a.post(x)]);',
    '    expect(answers).toHaveLength(2);',
    '  });',
  ];
  const plainTest = ["  it('one at a time', async () => {", '    await a.post(x);', '  });'];

  it.each([
    ['a race on PGlite only', ["describe.each(DB_KINDS)('s (%s)', (kind) => {", ...raceTest, '});'], 1],
    ['a race on both kinds', ["describe.each(POSTGRES_TOO)('s (%s)', (kind) => {", ...raceTest, '});'], 0],
    [
      'a race declared PGlite-only',
      [
        "describe.each(POSTGRES_TOO)('s (%s)', (kind) => {",
        '  const itOnPglite = pgliteIt(kind);',
        ...raceTest.map((l) => l.replace(/^ {2}it\(/, '  itOnPglite(')),
        '});',
      ],
      1,
    ],
    [
      'a race waived where it stands',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        raceTest[0]!,
        '    // PGlite is enough: the players are made side by side, nothing asserts on it',
        ...raceTest.slice(1),
        '});',
      ],
      0,
    ],
    [
      'a waiver without a reason',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        raceTest[0]!,
        '    // PGlite is enough:',
        ...raceTest.slice(1),
        '});',
      ],
      1,
    ],
    [
      'calls started together in an array',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        "  it('two tabs', async () => {",
        "    const ids = [a.send('game.move', m), b.send('game.move', m)];",
        '  });',
        '});',
      ],
      1,
    ],
    [
      'a promise started, other work, then awaited',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        "  it('a twin', async () => {",
        '    const twin = slow.request(me, input);',
        '    const first = await withdraw(u, 1000);',
        '    expect(await twin).toEqual(first);',
        '  });',
        '});',
      ],
      1,
    ],
    [
      'a second server on the same open database',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        "  it('two configs', async () => {",
        '    const b = await startTestServer({ database: a.database, env });',
        '  });',
        '});',
      ],
      1,
    ],
    [
      "a helper's race, called by a PGlite-only test",
      [
        'async function both(a) {',
        '  return Promise.all([a.post(x), a.post(x)]);',
        '}',
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        "  it('uses it', async () => {",
        '    await both(a);',
        '  });',
        '});',
      ],
      1,
    ],
    [
      "a describe's own helper's race, called by a test on both kinds",
      [
        "describe.each(POSTGRES_TOO)('s (%s)', (kind) => {",
        '  const both = async () => {',
        '    const r = await Promise.all([a.post(x), a.post(x)]);',
        '    return r;',
        '  };',
        "  it('uses it', async () => {",
        '    await both();',
        '  });',
        '});',
      ],
      0,
    ],
    [
      'DB_KINDS filtered for PostgreSQL (it is PGlite only: the block would be empty)',
      ["describe.each(DB_KINDS.filter((k) => k === 'postgres'))('cli', () => {", ...plainTest, '});'],
      1,
    ],
    [
      'a PostgreSQL branch in a PGlite-only block',
      [
        "describe.each(DB_KINDS)('s (%s)', (kind) => {",
        "  const env = kind === 'postgres' ? { REDIS_URL: 'redis://x' } : {};",
        ...plainTest,
        '});',
      ],
      1,
    ],
    ['no race anywhere', ["describe.each(DB_KINDS)('s (%s)', (kind) => {", ...plainTest, '});'], 0],
    [
      'a file without a database races as it likes',
      ["describe('pool', () => {", ...raceTest.map((l) => l.replace('a.post', 'pool.search')), '});'],
      0,
    ],
  ] as const)('%s', (_name, lines, count) => {
    const source = lines[0].startsWith('describe(') ? src(...lines) : src(header, ...lines);
    const declared = analyse(source).runsOnPostgres ? (['race'] as const) : undefined;
    expect(problemsOf('f.test.ts', source, declared)).toHaveLength(count);
  });

  it('a PostgreSQL-only block (runIf, or a database by URL) runs on PostgreSQL', () => {
    for (const block of [
      ["describe.runIf(TEST_DATABASE_URL)('m', () => {", ...raceTest, '});'],
      [
        "describe('two instances', () => {",
        "  it('x', async () => {",
        '    const a = await startTestServer({ databaseUrl: db.url! });',
        '  });',
        '});',
      ],
    ]) {
      expect(analyse(src(header, ...block)).runsOnPostgres).toBe(true);
    }
  });

  it('the table and the file must agree, and the table must name what the file shows', () => {
    const onBoth = src(header, "describe.each(POSTGRES_TOO)('s (%s)', (kind) => {", ...raceTest, '});');
    const onPglite = src(header, "describe.each(DB_KINDS)('s (%s)', (kind) => {", ...plainTest, '});');
    expect(problemsOf('f.test.ts', onBoth, undefined)).toEqual([
      'f.test.ts: runs on PostgreSQL but is not in POSTGRES_SUITES: add it with its reason',
    ]);
    expect(problemsOf('f.test.ts', onPglite, ['sql'])).toEqual([
      'f.test.ts: is in POSTGRES_SUITES but runs nothing on PostgreSQL',
    ]);
    expect(problemsOf('f.test.ts', onBoth, ['sql'])).toEqual([
      'f.test.ts: shows race on PostgreSQL; POSTGRES_SUITES should say so',
    ]);
    expect(problemsOf('f.test.ts', onBoth, ['race', 'sql'])).toEqual([]);
  });
});

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the PostgreSQL rule, on every server test file', () => {
  // This file's own made-up sources are strings the scan would read as code.
  const files = [...testFiles(path.join(SERVER, 'src')), ...testFiles(path.join(SERVER, 'test'))]
    .map((f) => path.relative(SERVER, f))
    .filter((f) => f !== 'test/support/postgres-rule.test.ts');

  it('every file that races runs those tests on PostgreSQL, and POSTGRES_SUITES names exactly the files that do', () => {
    const problems = files.flatMap((file) =>
      problemsOf(file, fs.readFileSync(path.join(SERVER, file), 'utf8'), POSTGRES_SUITES[file]?.reasons),
    );
    expect(problems).toEqual([]);
  });

  it('POSTGRES_SUITES names files that exist', () => {
    expect(Object.keys(POSTGRES_SUITES).filter((f) => !files.includes(f))).toEqual([]);
  });
});
