import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCapture } from './mail-capture.ts';
import { startFacebookEmulator } from '../../apps/server/test/support/facebook-emulator.ts';
import { startOidcEmulator } from '../../apps/server/test/support/oidc-emulator.ts';
import { APP_URL, E2E, E2E_COMMUNITY_URL } from './ports.ts';
import { POOL_DIR_ENV } from './people/claim.ts';
import { adminEmails } from '../../apps/server/test/support/journey-people/pool.ts';
import { TEMPLATE_DIR_ENV } from './app-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

/**
 * Migrates a PGlite folder and seeds the journeys' people into it with the server's stores
 * (apps/server/test/support/journey-people/seed-cli.ts, a process of its own: the folder is one
 * process's at a time), writing them to `poolDir/pool.json`.
 */
async function seedTemplate(template: string, poolDir: string): Promise<void> {
  const seeding = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/test/support/journey-people/seed-cli.ts',
      template,
      path.join(poolDir, 'pool.json'),
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => seeding.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the journeys' people failed (exit ${code})`);
}

/** The e2e app at the Facebook emulator (Facebook app ids are numeric). */
const E2E_FACEBOOK_APP = { id: '1010101010', secret: 'e2e-fb-secret' };

/**
 * Starts the whole stack for the browser tests: a local SMTP capture, a local OIDC provider
 * standing in for Google, a local Facebook Login emulator, and the product itself as
 * `npm run serve` starts it, on an embedded database in a temporary folder: a copy of a
 * template migrated and seeded with the journeys' people just before (the specs that start
 * an instance of their own copy it too, support/app-process.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const poolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-e2e-pool-'));
  fs.mkdirSync(path.join(poolDir, 'claims'));
  const template = path.join(poolDir, 'template');
  await seedTemplate(template, poolDir);
  // The workers (started after this) inherit these.
  process.env[POOL_DIR_ENV] = poolDir;
  process.env[TEMPLATE_DIR_ENV] = template;

  const stopMail = await startMailCapture(E2E.smtpPort, E2E.mailApiPort);
  const oidc = await startOidcEmulator({ port: E2E.oidcPort, clientId: 'e2e-client', clientSecret: 'e2e-secret' });
  const facebook = await startFacebookEmulator({
    port: E2E.facebookPort,
    appId: E2E_FACEBOOK_APP.id,
    appSecret: E2E_FACEBOOK_APP.secret,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-e2e-'));
  fs.cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(E2E.appPort),
      APP_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
      ADMIN_EMAILS: adminEmails().join(','),
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_ISSUER: oidc.issuer,
      FACEBOOK_APP_ID: E2E_FACEBOOK_APP.id,
      FACEBOOK_APP_SECRET: E2E_FACEBOOK_APP.secret,
      FACEBOOK_DIALOG_URL: facebook.url,
      FACEBOOK_GRAPH_URL: facebook.url,
      COMMUNITY_URL: E2E_COMMUNITY_URL,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(APP_URL, child, 90_000);
  return async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
    await oidc.close();
    await facebook.close();
    await stopMail();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(poolDir, { recursive: true, force: true });
  };
}
