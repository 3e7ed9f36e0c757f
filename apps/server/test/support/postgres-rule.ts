/**
 * The rule that keeps a race test on PostgreSQL (issue 30). Suites run on PGlite by default; PGlite
 * runs one transaction at a time, so a test that starts work side by side (requests, store calls,
 * instances) proves its row locks and isolation only on PostgreSQL. This module reads a test file
 * as text (prettier's layout: two-space indents, one statement per line) and finds:
 *
 * - the tests that show concurrency (a signal), and whether each runs on PostgreSQL too;
 * - whether the file runs anything on PostgreSQL, so the table in postgres-suites.ts can be
 *   checked against the files.
 *
 * It is a lint, not a parser: it recognises the shapes this code base writes. A signal that is not
 * a race (players registered side by side to save time) is waived where it stands, with its reason,
 * by a comment `// PGlite is enough: <why>` on its line or right above it.
 */

/** Why a file runs on PostgreSQL. The first five are also found in the code; the rest are declared. */
export type PostgresReason =
  | 'race' // work started side by side: requests, store calls, sweeps
  | 'instances' // a second server on the same database
  | 'migration' // migrations on a fresh PostgreSQL database, or a migration's statements
  | 'backup' // pg_dump / pg_restore
  | 'lock' // advisory locks, FOR UPDATE written in the test
  | 'sql' // SQL whose answer depends on the server (the planner of PostgreSQL 15, not PGlite's)
  | 'driver' // node-postgres itself: its pool, a cut connection, its array parameters, --database-url
  | 'cluster' // what a cluster instance runs: PostgreSQL with Redis (readiness, the Redis bus)
  | 'crash'; // a process killed with transactions in flight

export type DetectedReason = 'race' | 'instances' | 'migration' | 'backup' | 'lock';

export interface Signal {
  reason: DetectedReason;
  /** 1-based line in the file. */
  line: number;
  text: string;
}

/** The kinds a top-level block runs on when TEST_DATABASE_URL is set. */
export type BlockKinds = 'pglite' | 'postgres' | 'both';

export interface TestCase {
  name: string;
  line: number;
  /** Declared with a PGlite-only `it` (pgliteIt) inside a block that runs on both kinds. */
  pgliteOnly: boolean;
  runsOnPostgres: boolean;
  signals: Signal[];
}

export interface FileReport {
  usesDatabase: boolean;
  runsOnPostgres: boolean;
  /** PostgreSQL code that never runs: a branch for it in a PGlite-only block, DB_KINDS filtered for it. */
  dead: { line: number; text: string }[];
  tests: TestCase[];
  /** Signals outside any test whose helper no test calls: they must be waived or moved. */
  stray: Signal[];
}

const WAIVER = /\/\/ PGlite is enough: \S.{8,}/;

const SIGNALS: readonly { reason: DetectedReason; pattern: RegExp }[] = [
  { reason: 'race', pattern: /\bPromise\.(all|allSettled|race|any)\(/ },
  // Calls started together and kept in an array: `[a.send(...), b.send(...)]`.
  { reason: 'race', pattern: /=\s*\[\s*[A-Za-z_][\w.!]*\.\w+\([^)]*\)\s*,\s*[A-Za-z_][\w.!]*\.\w+\(/ },
  // A server on PostgreSQL by URL, or on another server's open database.
  { reason: 'instances', pattern: /\bdatabaseUrl\s*:|\bdatabase:\s*\w+\.database\b/ },
  { reason: 'migration', pattern: /\bemptyPostgresDatabase\(|\bMIGRATIONS_DIR\b|drizzle\/\d{4}_\w+\.sql/ },
  { reason: 'backup', pattern: /\bcli\('(backup|restore)'|\b(backup|restore)Postgres\(/ },
  { reason: 'lock', pattern: /pg_advisory|\bfor update\b|skip locked/i },
];

/** Does the file open a database (and so fall under the rule)? */
const USES_DATABASE =
  /\b(DB_KINDS|POSTGRES_TOO|TEST_DATABASE_URL|startTestServer|createTestDatabase|openDatabase|useLedgerDb|start\w*Server)\b/;

const TEST_START = (names: readonly string[]) =>
  new RegExp(`^(\\s*)(${['it', 'test', ...names].join('|')})(\\.each\\b.*?)?\\(\\s*(['"\`])?(.*)$`);

/** Every line's signals, minus the waived ones (a waiver on the line or in the comments right above). */
export function signalsOf(lines: readonly string[], from = 0, to = lines.length): Signal[] {
  const found: Signal[] = [];
  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const { reason, pattern } of SIGNALS) {
      if (!pattern.test(line) || waived(lines, i)) continue;
      found.push({ reason, line: i + 1, text: line.trim() });
    }
  }
  return found;
}

function waived(lines: readonly string[], i: number): boolean {
  if (WAIVER.test(lines[i]!)) return true;
  for (let j = i - 1; j >= 0 && /^\s*\/\//.test(lines[j]!); j--) if (WAIVER.test(lines[j]!)) return true;
  return false;
}

const indentOf = (line: string) => /^\s*/.exec(line)![0].length;

/** The line index where the statement starting at `start` ends (its closing line at the same indent). */
function endOf(lines: readonly string[], start: number): number {
  const indent = indentOf(lines[start]!);
  const opener = lines[start]!.trimEnd();
  // A statement on one line: `it('x', () => f());`
  if (/\);?$/.test(opener) && !/[{([]$/.test(opener)) return start;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (indentOf(line) === indent && /^\s*[})]/.test(line)) return i;
    if (indentOf(line) < indent) return i - 1;
  }
  return lines.length - 1;
}

interface Block {
  start: number;
  end: number;
  kinds: BlockKinds;
  isDescribe: boolean;
}

/** Top-level statements: each starts at column 0 and runs to the next one. */
function topLevel(lines: readonly string[]): Block[] {
  const starts: number[] = [];
  lines.forEach((line, i) => {
    if (/^[A-Za-z]/.test(line) && !/^(import|export \{|\}|\))/.test(line)) starts.push(i);
  });
  return starts.map((start, k) => {
    const end = (starts[k + 1] ?? lines.length) - 1;
    const isDescribe = /^(describe|if \()/.test(lines[start]!);
    return { start, end, isDescribe, kinds: isDescribe ? kindsOf(lines, start, end) : 'pglite' };
  });
}

function kindsOf(lines: readonly string[], start: number, end: number): BlockKinds {
  // The header: up to the line that opens the block's body.
  let h = start;
  while (h < end && !/(=>|\)) \{$|\{$/.test(lines[h]!)) h++;
  const header = lines.slice(start, h + 1).join('\n');
  if (/\bPOSTGRES_TOO\b/.test(header)) return 'both';
  if (/\bDB_KINDS\b/.test(header)) return 'pglite';
  if (/\bTEST_DATABASE_URL\b/.test(header)) return 'postgres';
  const body = lines.slice(h + 1, end + 1).join('\n');
  return /createTestDatabase\('postgres'\)|emptyPostgresDatabase\(|\bdatabaseUrl\s*:/.test(body)
    ? 'postgres'
    : 'pglite';
}

/** The name a helper statement defines (`const x =`, `function x(`), if any. */
const definedName = (line: string) => /^\s*(?:export )?(?:async )?(?:function\*? |const |let )(\w+)/.exec(line)?.[1];

export function analyse(source: string): FileReport {
  const lines = source.split('\n');
  const usesDatabase = USES_DATABASE.test(source);
  const tests: TestCase[] = [];
  /** Code outside the tests that shows a signal: a helper the tests call, or a hook. */
  const helpers: { name: string | undefined; hookOver: [number, number] | null; signals: Signal[] }[] = [];
  const blocks = topLevel(lines);

  for (const block of blocks) {
    if (!block.isDescribe) {
      // A test at the top level runs once, on whatever it opens itself.
      if (TEST_START([]).test(lines[block.start]!)) tests.push(testAt(lines, block.start, block.end, false, false));
      else {
        const hook = /^(before|after)(All|Each)\(/.test(lines[block.start]!);
        helpers.push({
          name: definedName(lines[block.start]!),
          hookOver: hook ? [0, lines.length - 1] : null,
          signals: signalsOf(lines, block.start, block.end + 1),
        });
      }
      continue;
    }
    const text = lines.slice(block.start, block.end + 1).join('\n');
    const pgliteNames = [...text.matchAll(/const (\w+) = pgliteIt\(/g)].map((m) => m[1]!);
    const testStart = TEST_START(pgliteNames);
    let helperStart = -1;
    const flush = (to: number) => {
      if (helperStart < 0) return;
      const first = lines[helperStart]!;
      helpers.push({
        name: definedName(first),
        hookOver: /^\s*(before|after)(All|Each)\(/.test(first) ? [block.start, block.end] : null,
        signals: signalsOf(lines, helperStart, to),
      });
      helperStart = -1;
    };
    for (let i = block.start + 1; i <= block.end; i++) {
      const m = testStart.exec(lines[i]!);
      if (m) {
        flush(i);
        const end = endOf(lines, i);
        const pgliteOnly = pgliteNames.includes(m[2]!);
        tests.push(testAt(lines, i, end, pgliteOnly, block.kinds !== 'pglite' && !pgliteOnly));
        i = end;
        continue;
      }
      // A statement of the describe's own (not a line inside a helper): a new helper, a hook, or a
      // container (a nested describe, a loop around tests) whose own lines are looked at one by one.
      const line = lines[i]!;
      const statement =
        /^\s+(const|let|async function|function|beforeAll|beforeEach|afterAll|afterEach|describe|for|if)\b/;
      if (statement.test(line) && (helperStart < 0 || indentOf(line) <= indentOf(lines[helperStart]!))) {
        flush(i);
        if (!/^\s+(describe|for|if)\b/.test(line)) helperStart = i;
      }
    }
    flush(block.end + 1);
  }

  // A helper's signal belongs to the tests that call it (a hook's to every test under it).
  const stray: Signal[] = [];
  for (const helper of helpers) {
    if (helper.signals.length === 0) continue;
    const users = tests.filter((t) =>
      helper.hookOver
        ? t.line - 1 >= helper.hookOver[0] && t.line - 1 <= helper.hookOver[1]
        : helper.name !== undefined && callsIn(lines, t).includes(helper.name),
    );
    if (users.length === 0) stray.push(...helper.signals);
    for (const t of users) t.signals.push(...helper.signals);
  }
  return {
    usesDatabase,
    runsOnPostgres: tests.some((t) => t.runsOnPostgres) || blocks.some((b) => b.kinds === 'postgres'),
    dead: deadPostgres(lines, blocks),
    tests,
    stray,
  };
}

/**
 * DB_KINDS is PGlite only, so `DB_KINDS.filter(...)` or a `kind === 'postgres'` branch under it
 * would lose its PostgreSQL run without a word: each is named, to be said with POSTGRES_TOO.
 */
function deadPostgres(lines: readonly string[], blocks: readonly Block[]): { line: number; text: string }[] {
  const dead: { line: number; text: string }[] = [];
  lines.forEach((line, i) => {
    if (/\bDB_KINDS\s*[.[]/.test(line)) dead.push({ line: i + 1, text: line.trim() });
  });
  for (const b of blocks.filter((x) => x.isDescribe && x.kinds === 'pglite')) {
    for (let i = b.start; i <= b.end; i++) {
      if (/\bkind\s*[!=]==\s*'(postgres|pglite)'|createTestDatabase\('postgres'\)/.test(lines[i]!))
        dead.push({ line: i + 1, text: lines[i]!.trim() });
    }
  }
  return dead;
}

function testAt(lines: readonly string[], start: number, end: number, pgliteOnly: boolean, pg: boolean): TestCase {
  const head = lines.slice(start, Math.min(end, start + 3) + 1).join(' ');
  const name = /['"`]([^'"`]+)['"`]/.exec(head)?.[1] ?? lines[start]!.trim();
  const signals = [...signalsOf(lines, start, end + 1), ...startedThenAwaited(lines, start, end)];
  return { name, line: start + 1, pgliteOnly, runsOnPostgres: pg, signals };
}

/** `const twin = slow.request(...)`, other work, then `await twin`: the two ran side by side. */
function startedThenAwaited(lines: readonly string[], start: number, end: number): Signal[] {
  const found: Signal[] = [];
  for (let i = start; i <= end; i++) {
    const m = /^\s*(?:const|let) (\w+) = (?!await\b|new\b)[\w.!]+\(/.exec(lines[i]!);
    if (!m || waived(lines, i)) continue;
    // `await twin`, not `await twin.close()`: the promise itself, not a method of what it holds.
    const awaited = new RegExp(`\\bawait ${m[1]}\\b(?![.([])`);
    if (lines.slice(i + 1, end + 1).some((l) => awaited.test(l)))
      found.push({ reason: 'race', line: i + 1, text: lines[i]!.trim() });
  }
  return found;
}

const callsIn = (lines: readonly string[], t: TestCase) => {
  const body = lines.slice(t.line - 1, endOf(lines, t.line - 1) + 1).join('\n');
  return [...body.matchAll(/\b(\w+)\(/g)].map((m) => m[1]!);
};

/** What is wrong with one file against its table entry (undefined: not in the table). */
export function problemsOf(file: string, source: string, declared: readonly PostgresReason[] | undefined): string[] {
  const report = analyse(source);
  const problems: string[] = [];
  if (report.usesDatabase) {
    for (const t of report.tests) {
      if (t.signals.length === 0 || t.runsOnPostgres) continue;
      const where = t.pgliteOnly ? 'is declared PGlite-only' : 'runs on PGlite only';
      for (const s of t.signals)
        problems.push(
          `${file}:${s.line}: "${t.name}" ${where} but shows ${s.reason} (${s.text}): run it on POSTGRES_TOO, or waive it with "// PGlite is enough: <why>"`,
        );
    }
    for (const s of report.stray)
      problems.push(`${file}:${s.line}: ${s.reason} outside any test (${s.text}): waive it or move it into the tests`);
    for (const d of report.dead)
      problems.push(
        `${file}:${d.line}: PostgreSQL code under a PGlite-only suite never runs (${d.text}): use POSTGRES_TOO`,
      );
  }
  if (report.runsOnPostgres && !declared)
    problems.push(`${file}: runs on PostgreSQL but is not in POSTGRES_SUITES: add it with its reason`);
  if (!report.runsOnPostgres && declared)
    problems.push(`${file}: is in POSTGRES_SUITES but runs nothing on PostgreSQL`);
  if (report.runsOnPostgres && declared) {
    const onPostgres = new Set(
      report.tests.filter((t) => t.runsOnPostgres).flatMap((t) => t.signals.map((s) => s.reason)),
    );
    for (const reason of onPostgres)
      if (!declared.includes(reason))
        problems.push(`${file}: shows ${reason} on PostgreSQL; POSTGRES_SUITES should say so`);
  }
  return problems;
}
