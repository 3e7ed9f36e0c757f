import { expect } from '@playwright/test';
import { runFaults } from '../../deploy/faults/suite.ts';
import { test } from '../support/cluster.ts';

/**
 * The fault suite (deploy/faults) on the cluster the browser journey before it used: instances
 * killed, Redis restarted and the database cut while simulated players play and move money; every
 * invariant read back from PostgreSQL. It runs after cluster.spec.ts (files run in name order on
 * the stage's one worker), so the one cluster serves both.
 */
test('the cluster keeps every invariant through kills, a Redis restart and database cuts', async ({ cluster }) => {
  test.setTimeout(12 * 60_000);
  const report = await runFaults(cluster);
  expect(report.violations, report.line).toEqual([]);
});
