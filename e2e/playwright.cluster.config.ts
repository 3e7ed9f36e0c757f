import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium-launch.ts';

/**
 * The cluster stage: three instances behind HAProxy on PostgreSQL and a Redis of their own,
 * started once (a worker fixture, e2e/support/cluster.ts) for the load balancer's browser journey
 * and then the fault suite, in that order, on one worker.
 */
// A mail capture of its own (e2e/support/ports.ts reads these), so this stage can run beside the
// journeys' stack; set before the global setup and the workers read the ports.
process.env.E2E_SMTP_PORT ??= '2536';
process.env.E2E_MAIL_API_PORT ??= '3136';

export default defineConfig({
  testDir: './cluster',
  // Its own folder: the default (test-results) would wipe the browser journeys' failure traces,
  // which the stage before leaves there.
  outputDir: './test-results/cluster',
  globalSetup: './support/cluster-global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'cluster', use: { browserName: 'chromium', viewport: { width: 1366, height: 900 } } }],
});
