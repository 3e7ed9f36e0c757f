import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { acquireDirLock } from '../../src/platform/db/lockfile.ts';
import { puzzles } from '../../src/modules/puzzles/schema.ts';
import { createTestDatabase, pgliteFolderFromTemplate, TEST_DATABASE_URL } from '../support/database.ts';
import { FIXTURE_ROWS, FIXTURE_ZST } from './support.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = path.join(ROOT, 'apps/server/src/cli/puzzles-import.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzles-cli-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `npm run puzzles:import -- ...` as the script runs it. */
function runCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (err, _stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });
}

describe('puzzles:import command', () => {
  it('refuses a PGlite folder another process holds, with a clear message', async () => {
    const dir = path.join(tmp, 'locked');
    const release = acquireDirLock(dir); // this test process plays the running server
    try {
      const res = await runCli([FIXTURE_ZST], { DATA_DIR: dir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(
        `Cannot import: The data folder ${dir} is in use by another process (pid ${process.pid})`,
      );
      expect(fs.existsSync(path.join(dir, 'pg'))).toBe(false);
    } finally {
      release();
    }
  });

  it('explains its usage and missing files', async () => {
    expect((await runCli([])).stderr).toContain('usage: npm run puzzles:import --');
    const missing = await runCli([path.join(tmp, 'nope.csv')], { DATA_DIR: path.join(tmp, 'unused') });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No such file');
  });

  it(
    'imports a .zst file into a PGlite folder with progress, then finds it already done',
    { timeout: 180_000 },
    async () => {
      // A server's folder, as docs/operations.md has it (the first start's initdb is process.test.ts's).
      const dir = path.join(tmp, 'data');
      await pgliteFolderFromTemplate(dir);
      const first = await runCli([FIXTURE_ZST], { DATA_DIR: dir });
      expect(first.code).toBe(0);
      expect(first.stderr).toMatch(/\d+ rows {2}[\d,]+ rows\/s/);
      expect(first.stderr).toContain(`Imported ${FIXTURE_ROWS} rows`);
      expect(first.stderr).toContain(`${FIXTURE_ROWS} new, 0 malformed skipped`);
      const again = await runCli([FIXTURE_ZST], { DATA_DIR: dir });
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('was already imported (69 rows); nothing to do');
    },
  );
});

describe.runIf(TEST_DATABASE_URL)('puzzles:import into postgres', () => {
  it('imports given --database-url', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase('postgres');
    try {
      const res = await runCli([FIXTURE_ZST, `--database-url=${database.url}`], {
        DATA_DIR: path.join(tmp, 'unused2'),
      });
      expect(res.code).toBe(0);
      const [row] = await database.db.select({ n: count() }).from(puzzles);
      expect(Number(row!.n)).toBe(FIXTURE_ROWS);
    } finally {
      await database.close();
    }
  });
});
