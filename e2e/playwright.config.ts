import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium-launch.ts';
import { APP_URL } from './support/ports.ts';

const desktop = { browserName: 'chromium' as const, viewport: { width: 1366, height: 900 } };

/**
 * Browser journeys in Debian's Chromium against the whole stack started as a user starts it (one
 * server for all, support/global-setup.ts). Each journey has people of its own (seeded before the
 * server starts), so most run two at a time: `desktop` and `mobile` (the @mobile journeys again
 * at 360 px). The journeys tagged @serial change what every other journey would see (the wager
 * catalogue, a pause of new games) or need the address's rate limit to themselves: `serial` runs
 * them one at a time once the others are done, whether or not those passed (a teardown, not a
 * dependency, which would skip them after any failure).
 *
 * A teardown runs in full whatever the filter: to run one file alone, add `--no-deps`.
 * The cluster journeys have a config of their own (playwright.cluster.config.ts).
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: APP_URL,
    // A failure keeps its trace: actions, DOM snapshots, network and console. Not the screencast:
    // encoding every frame of every page cost about a sixth of the journeys' CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'desktop', use: desktop, fullyParallel: true, grepInvert: /@serial/, teardown: 'serial' },
    {
      name: 'mobile',
      use: { browserName: 'chromium', viewport: { width: 360, height: 740 } },
      fullyParallel: true,
      grep: /@mobile/,
      teardown: 'serial',
    },
    { name: 'serial', use: desktop, workers: 1, grep: /@serial/ },
  ],
});
