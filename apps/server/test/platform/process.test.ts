import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function start(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUZZLES_AUTO_IMPORT: 'false',
      ...env,
    },
  });
}

async function waitHealthy(url: string, child: ChildProcessWithoutNullStreams): Promise<unknown> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`exited early with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return res.json();
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('not healthy in time');
}

const exitOf = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });

describe('the server process, as `npm start` runs it', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-proc-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates and migrates PGlite on first start, refuses a second process on the same folder, shuts down cleanly', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    const firstExit = exitOf(first);
    expect(await waitHealthy(`http://127.0.0.1:${port}`, first)).toEqual({ status: 'ok', database: 'pglite' });
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(true);

    // A second instance on the same folder would silently lose writes: it must refuse to start.
    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const secondExit = await exitOf(second);
    expect(secondExit.code).toBe(1);
    expect(secondExit.stderr).toMatch(/in use by another process/);

    // A socket open at shutdown is closed by the server, and the process exits 0, lock released.
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin: `http://127.0.0.1:${port}` } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    first.kill('SIGTERM');
    expect(await closed).toBe(4010);
    expect((await firstExit).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    // The data survives a restart: the migrated database opens again.
    const third = start({ PORT: String(port), DATA_DIR: dataDir });
    const thirdExit = exitOf(third);
    await waitHealthy(`http://127.0.0.1:${port}`, third);
    third.kill('SIGTERM');
    expect((await thirdExit).code).toBe(0);
  }, 120_000);

  it('refuses to start the sandbox on an https APP_URL, and says why in one line (issue 10)', async () => {
    const child = start({ PORT: String(await freePort()), DATA_DIR: dataDir, APP_URL: 'https://chess.example' });
    const { code, stderr } = await exitOf(child);
    expect(code).toBe(1);
    expect(stderr).toMatch(/PAYMENTS=sandbox on an https APP_URL/);
    expect(stderr).toMatch(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 60_000);
});
