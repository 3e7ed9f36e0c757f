import { Cluster, TEST_CLUSTER_ENV } from '@rush/load';
import { runFaults } from './suite.ts';

/**
 * `npm run test:faults`: the fault suite (./suite.ts) on a cluster of its own, started and
 * stopped here. One summary line; exit 1 on any violation.
 */

/** The whole run, cluster start to checks; past it the suite fails instead of hanging CI. */
const DEADLINE_MS = 12 * 60_000;

async function main(): Promise<number> {
  const cluster = await Cluster.start({ instances: 3, env: { ...TEST_CLUSTER_ENV } });
  try {
    const report = await runFaults(cluster);
    return report.violations.length === 0 ? 0 : 1;
  } finally {
    await cluster.stop();
  }
}

const deadline = setTimeout(() => {
  console.error(`faults: the run passed its ${DEADLINE_MS / 60_000}-minute deadline`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
