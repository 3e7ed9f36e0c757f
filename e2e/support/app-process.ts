import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Set by the global setup: a PGlite folder migrated and seeded with the journeys' people. */
export const TEMPLATE_DIR_ENV = 'E2E_TEMPLATE_DIR';

export interface AppProcess {
  url: string;
  dataDir: string;
  /** The text of every mail in the outbox (no SMTP_URL: mail is written there), oldest first. */
  outbox(): string[];
  stop(): Promise<void>;
}

/**
 * Another instance of the product as `npm start` runs it (mail to the outbox), for a spec that
 * needs other settings than the shared stack of global-setup.ts, on a PGlite folder of its own
 * copied from the global setup's template: migrated already, and with the journeys' people (a
 * person claimed for this instance is used nowhere else). Migrating a fresh folder instead
 * takes a minute or more on a busy machine.
 */
export async function startAppProcess(port: number, env: Record<string, string>): Promise<AppProcess> {
  const url = `http://127.0.0.1:${port}`;
  // Something else answering there would pass the health check below in place of this instance.
  const taken = await fetch(`${url}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-e2e-app-'));
  const template = process.env[TEMPLATE_DIR_ENV];
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      PUZZLES_AUTO_IMPORT: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 240_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('server did not become healthy in time');
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    // Never leave a half-started server behind to answer the next run.
    await stop();
    throw e;
  }
  const outboxDir = path.join(dataDir, 'outbox');
  return {
    url,
    dataDir,
    outbox: () =>
      fs.existsSync(outboxDir)
        ? fs
            .readdirSync(outboxDir)
            .sort()
            .map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'))
        : [],
    stop,
  };
}
