import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The whole `npm test` within this on the two-core machine (the README says so too). */
export const SUITE_BUDGET_MS = 25 * 60_000;

/** The web app, built once by the `web build` stage, where the budget test and the servers read it. */
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');

export interface Stage {
  name: string;
  /** Commands run in turn from the project root; the first that fails fails the stage. */
  steps: string[][];
  /** Stages whose failure makes this one pointless (it is then skipped, not run to fail again). */
  needs?: string[];
  env?: Record<string, string>;
}

const vitest = (project: string): string[] => ['npx', 'vitest', 'run', '--project', project];

/**
 * `npm test`, in order. The vitest projects run one at a time so each has its own time in the
 * table; the web app is built once and read by the budget test and both browser stages; the
 * cluster is started once for its browser journey and the fault suite.
 */
export const STAGES: Stage[] = [
  { name: 'check', steps: [['npm', 'run', 'check']] },
  { name: 'web build', steps: [['npm', 'run', 'build']] },
  { name: 'unit: domain', steps: [vitest('domain')] },
  { name: 'unit: bench', steps: [vitest('bench')] },
  { name: 'unit: build budget', steps: [vitest('build')], needs: ['web build'], env: { WEB_DIST_PREBUILT: WEB_DIST } },
  { name: 'unit: web', steps: [vitest('web')] },
  { name: 'unit: server', steps: [vitest('server')] },
  {
    name: 'journeys',
    needs: ['web build'],
    steps: [
      ['bash', 'scripts/ensure-chromium.sh'],
      // The Dots journey runs real money on a PostgreSQL server (the product refuses PGlite for it).
      ['bash', 'deploy/ensure-cluster-tools.sh'],
      ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    ],
  },
  {
    name: 'cluster: journey + faults',
    needs: ['web build'],
    steps: [
      ['bash', 'scripts/ensure-chromium.sh'],
      ['bash', 'deploy/ensure-cluster-tools.sh'],
      ['npx', 'playwright', 'test', '-c', 'e2e/playwright.cluster.config.ts'],
    ],
  },
];

/**
 * `--only a,b`: the named stages and the stages they need (the budget test and the browsers read
 * the web build of this very run, never a stale one), in suite order: a partial run by hand.
 */
export function selectStages(stages: Stage[], argv: string[]): Stage[] {
  const i = argv.indexOf('--only');
  if (i < 0) return stages;
  const names = (argv[i + 1] ?? '').split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !stages.some((s) => s.name === n));
  if (unknown.length > 0 || names.length === 0)
    throw new Error(`unknown stage ${unknown.join(', ')}; stages: ${stages.map((s) => s.name).join(', ')}`);
  const wanted = new Set(names);
  for (const stage of [...stages].reverse()) if (wanted.has(stage.name)) stage.needs?.forEach((n) => wanted.add(n));
  return stages.filter((s) => wanted.has(s.name));
}
