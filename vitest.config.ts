import { defineConfig } from 'vitest/config';

// Unit and integration tiers. e2e runs under Playwright (e2e/), benchmarks under bench/.
export default defineConfig({
  test: {
    // Each server worker holds PGlite instances (~0.5 GB each) and the machines have 2 cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.js', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // The files of a worker share one module graph: the server and PGlite's WebAssembly are
          // loaded once per worker instead of once per file (about half the stage's time). Every
          // file builds its own servers and databases (startTestServer) and closes them, so they
          // share code, not state. The web project stays isolated: its files share a DOM.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The benchmarks' pure parts (their figures are printed by npm run bench, never asserted).
        test: { name: 'bench', include: ['bench/test/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          // The web app's production build, measured (issue 17's bundle budget).
          name: 'build',
          include: ['apps/web/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file still gets its own DOM and module graph; a thread starts faster than the
          // default child process (the stage took 224 s against 270 s on two cores).
          pool: 'threads',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
