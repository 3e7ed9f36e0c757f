import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PUZZLE_ROUTES } from '@rush/protocol';
import { PUZZLE_TEXTS } from '@rush/domain';
import { BUNDLED_CATALOG, Catalog } from '../../src/modules/puzzles/catalog.service.ts';
import { CsvRecords, parseRecord } from '../../src/modules/puzzles/import/csv.ts';
import { countRows, importPuzzles, type ImportProgress } from '../../src/modules/puzzles/import/importer.ts';
import { puzzleImports, puzzles } from '../../src/modules/puzzles/schema.ts';
import { AppError } from '../../src/platform/errors.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { registerUser, eventually } from '../accounts/support.ts';
import { createTestDatabase, DB_KINDS, POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { testFetch } from '../support/http-client.ts';
import { startTestServer } from '../support/server.ts';
import { FIXTURE_CSV, FIXTURE_ROWS, FIXTURE_ZST, memoryLogger } from './support.ts';

const SAMPLE_ROWS = 60_000;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzles-import-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('CSV records', () => {
  it('splits plain lines, quoted fields with commas, doubled quotes and line breaks, across chunks', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",z\n"multi\nline",2,\nlast,1';
    // Fed one character at a time, the records are the same as fed at once.
    const whole = new CsvRecords();
    const all = [...whole.push(text), ...whole.end()];
    const bytewise = new CsvRecords();
    const pieces = [...text].flatMap((c) => bytewise.push(c));
    pieces.push(...bytewise.end());
    expect(all).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'z'],
      ['multi\nline', '2', ''],
      ['last', '1'],
    ]);
    expect(pieces).toEqual(all);
    expect(parseRecord('00008,fen,moves,1800,,,,crushing long,,')).toHaveLength(10);
  });
});

describe.each(POSTGRES_TOO)('puzzle import on %s', (kind) => {
  // The imports of a file run on PostgreSQL too: their batches go as array parameters, which
  // node-postgres and PGlite each serialise their own way (a quoted theme with a comma in it).
  // The rest (compressed files, resuming, the bundled sample) proves nothing more there.
  const itOnPglite = pgliteIt(kind);
  let database: Database;
  const rowCount = async () => Number((await database.db.select({ n: count() }).from(puzzles))[0]!.n);
  const importOf = async (source: string) =>
    (await database.db.select().from(puzzleImports).where(eq(puzzleImports.source, source)))[0];

  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(() => database?.close());

  it('imports a CSV with a random rnd per row, and a second run changes nothing', async () => {
    const first = await importPuzzles(database.db, { file: FIXTURE_CSV, source: 'fixture.csv' });
    expect(first).toMatchObject({ completed: true, rowsDone: FIXTURE_ROWS, inserted: FIXTURE_ROWS, malformed: 0 });
    expect(await rowCount()).toBe(FIXTURE_ROWS);
    const [row] = await database.db.select().from(puzzles).where(eq(puzzles.id, '000o3'));
    expect(row).toMatchObject({
      fen: '8/2p1k3/6p1/1p1P1p2/1P3P2/3K2Pp/7P/8 b - - 1 43',
      moves: 'e7d6 d3d4 g6g5 f4g5',
      rating: 946,
      themes: ['crushing', 'endgame', 'pawnEndgame', 'short', 'zugzwang'],
    });
    const rnds = new Set((await database.db.select({ r: puzzles.rnd }).from(puzzles)).map((r) => r.r));
    expect(rnds.size).toBe(FIXTURE_ROWS);
    expect(await importOf('fixture.csv')).toMatchObject({
      completed: true,
      rowsDone: FIXTURE_ROWS,
      rowsTotal: FIXTURE_ROWS,
    });

    const again = await importPuzzles(database.db, { file: FIXTURE_CSV, source: 'fixture.csv' });
    expect(again).toMatchObject({ alreadyCompleted: true, inserted: 0 });
    const reread = await importPuzzles(database.db, { file: FIXTURE_CSV, source: 'fixture.csv', restart: true });
    expect(reread).toMatchObject({ completed: true, rowsDone: FIXTURE_ROWS, inserted: 0 });
    expect(await rowCount()).toBe(FIXTURE_ROWS);
  });

  itOnPglite('reads .zst and .gz files the same as the plain CSV', async () => {
    const gz = path.join(tmp, `fixture-${kind}.csv.gz`);
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(FIXTURE_CSV)));
    const zst = await importPuzzles(database.db, { file: FIXTURE_ZST, source: 'fixture.csv.zst' });
    expect(zst).toMatchObject({ completed: true, rowsDone: FIXTURE_ROWS, inserted: FIXTURE_ROWS });
    const gzipped = await importPuzzles(database.db, { file: gz, source: 'fixture.csv.gz' });
    // Same puzzles: every row is already there.
    expect(gzipped).toMatchObject({ completed: true, rowsDone: FIXTURE_ROWS, inserted: 0 });
    expect(await countRows(FIXTURE_ZST)).toBe(FIXTURE_ROWS);
    expect(await rowCount()).toBe(FIXTURE_ROWS);
  });

  it('counts and skips rows that do not parse, keeps the good ones (no header: the 2021 format)', async () => {
    const file = path.join(tmp, `malformed-${kind}.csv`);
    fs.writeFileSync(
      file,
      [
        'good1,6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28,h8g8 f1f8,588,81,100,177,mate mateIn1,https://x,',
        'badmoves,6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28,h8g8 zz99,588,81,100,177,mate,,',
        'badrating,6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28,h8g8 f1f8,high,81,100,177,mate,,',
        'onemove,6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28,h8g8,588,81,100,177,mate,,',
        'short,fen',
        '',
        'badfen,not a fen,h8g8 f1f8,588,81,100,177,mate,,',
        '"good2","6Qk/p1p3pp/4N3/1p6/2q1r1n1/2B5/PP4PP/3R1R1K b - - 0 28","h8g8 d1d8",600,,,,"mate, quoted",,',
      ].join('\n'),
    );
    const result = await importPuzzles(database.db, { file, source: 'malformed.csv' });
    expect(result).toMatchObject({ completed: true, rowsDone: 8, inserted: 2, malformed: 6 });
    const ids = (await database.db.select({ id: puzzles.id }).from(puzzles)).map((r) => r.id).sort();
    expect(ids).toEqual(['good1', 'good2']);
  });

  itOnPglite('resumes an interrupted import after its last batch', async () => {
    const abort = new AbortController();
    const seen: ImportProgress[] = [];
    const first = await importPuzzles(database.db, {
      file: FIXTURE_CSV,
      source: 'resume.csv',
      batchSize: 10,
      signal: abort.signal,
      onProgress: (p) => {
        seen.push(p);
        if (p.rowsDone >= 20) abort.abort();
      },
    });
    expect(first.completed).toBe(false);
    expect(seen.map((p) => p.rowsDone)).toEqual([10, 20]);
    expect(await importOf('resume.csv')).toMatchObject({ completed: false, rowsDone: 20 });
    expect(await rowCount()).toBe(20);

    const second = await importPuzzles(database.db, { file: FIXTURE_CSV, source: 'resume.csv', batchSize: 10 });
    expect(second).toMatchObject({
      completed: true,
      resumedFrom: 20,
      rowsDone: FIXTURE_ROWS,
      inserted: FIXTURE_ROWS - 20,
    });
    expect(await rowCount()).toBe(FIXTURE_ROWS);
  });

  itOnPglite('imports the bundled 60,000-puzzle sample in the background, resuming after a restart', async () => {
    const log = memoryLogger();
    const catalog = new Catalog(database.db, log);
    await catalog.start(true);
    expect(catalog.status().ready).toBe(false);
    expect(() => catalog.ensureReady()).toThrow(AppError);
    // Interrupt it once some batches are in ("a restart"), then start again.
    await eventually(() => catalog.status().imported >= 5_000, 30_000);
    await catalog.close();
    const partial = await importOf(path.basename(BUNDLED_CATALOG));
    expect(partial!.completed).toBe(false);
    expect(partial!.rowsDone).toBeGreaterThanOrEqual(5_000);
    expect(partial!.rowsDone).toBeLessThan(SAMPLE_ROWS);

    const started = Date.now();
    const restarted = new Catalog(database.db, log);
    await restarted.start(true);
    expect(restarted.status()).toMatchObject({ ready: false, imported: partial!.rowsDone });
    await eventually(() => restarted.status().ready, 60_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(restarted.status()).toEqual({ ready: true, imported: SAMPLE_ROWS, total: SAMPLE_ROWS });
    expect(await rowCount()).toBe(SAMPLE_ROWS);
    expect(log.lines).toContain('puzzle catalogue ready');
    expect(log.lines).toContain('puzzle catalogue import progress');

    // A third start finds it done and imports nothing.
    const third = new Catalog(database.db, log);
    await third.start(true);
    expect(third.status()).toEqual({ ready: true, imported: SAMPLE_ROWS, total: SAMPLE_ROWS });
    await restarted.close();
    await third.close();
  });
});

describe.each(DB_KINDS)('first start on %s', (kind) => {
  it('answers /healthz and 503 on puzzle routes while it imports the sample, then serves puzzles', async () => {
    const server = await startTestServer({ http: 'inject', kind, env: { PUZZLES_AUTO_IMPORT: 'true' } });
    try {
      const status = await (await testFetch(server.baseUrl + PUZZLE_ROUTES.status)).json();
      expect(status).toMatchObject({ ready: false });
      expect((await testFetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      const user = await registerUser(server);
      const busy = await user.client.get(PUZZLE_ROUTES.next);
      if (busy.status === 503) {
        expect(busy.body.error.code).toBe('UNAVAILABLE');
        expect(busy.body.error.message).toMatch(/^Preparing puzzles… [\d,]+ of [\d,]+$/);
      } else {
        // The import may have finished in the time the registration took.
        expect(busy.status).toBe(200);
      }
      await eventually(
        async () =>
          ((await (await testFetch(server.baseUrl + PUZZLE_ROUTES.status)).json()) as { ready: boolean }).ready,
        60_000,
      );
      const next = await user.client.get(PUZZLE_ROUTES.next);
      expect(next.status).toBe(200);
      expect(next.body.puzzle.puzzleId).toEqual(expect.any(String));
      expect(PUZZLE_TEXTS.importing(1000, 60000)).toBe('Preparing puzzles… 1,000 of 60,000');
    } finally {
      await server.stop();
    }
  });
});
