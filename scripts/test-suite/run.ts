import { spawn } from 'node:child_process';
import { ROOT, selectStages, STAGES, SUITE_BUDGET_MS, type Stage } from './stages.ts';
import { FailureDigest } from './failures.ts';
import { stageTable, type StageResult } from './table.ts';

/**
 * `npm test`: every stage in turn, each run even when an earlier one failed (a CI log then says
 * all that is wrong, not only the first thing), except those that need a failed stage. Ends with
 * the table of stages and times (after the names of the tests that failed, which a CI log's tail
 * would otherwise not show), and exit 1 when anything failed.
 */
const digests = new Map<string, FailureDigest>();

function runStep(cmd: string[], env: Record<string, string> | undefined, digest: FailureDigest): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0]!, cmd.slice(1), {
      cwd: ROOT,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    // Passed through as it comes, and read for the names of failed tests (decoded as UTF-8 by the
    // stream, so a character split between two chunks stays whole).
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      process.stdout.write(chunk);
      digest.push(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      process.stderr.write(chunk);
      digest.push(chunk);
    });
    child.once('error', (e) => {
      console.error(`${cmd.join(' ')}: ${e.message}`);
      resolve(false);
    });
    child.once('close', (code) => {
      digest.end();
      resolve(code === 0);
    });
  });
}

async function runStage(stage: Stage): Promise<boolean> {
  const digest = new FailureDigest();
  digests.set(stage.name, digest);
  for (const step of stage.steps) {
    console.log(`\n=== ${stage.name}: ${step.join(' ')}`);
    if (!(await runStep(step, stage.env, digest))) return false;
  }
  return true;
}

async function main(): Promise<number> {
  const results: StageResult[] = [];
  for (const stage of selectStages(STAGES, process.argv.slice(2))) {
    const failedNeed = (stage.needs ?? []).find((n) => results.some((r) => r.name === n && r.outcome !== 'passed'));
    if (failedNeed) {
      console.log(`\n=== ${stage.name}: skipped, ${failedNeed} failed`);
      results.push({ name: stage.name, outcome: 'skipped', ms: 0 });
      continue;
    }
    const started = Date.now();
    const ok = await runStage(stage);
    results.push({ name: stage.name, outcome: ok ? 'passed' : 'failed', ms: Date.now() - started });
  }
  for (const r of results.filter((x) => x.outcome === 'failed')) {
    const lines = digests.get(r.name)?.lines ?? [];
    console.log(`\n=== ${r.name} failed${lines.length > 0 ? ':' : ' (no test named: see its output above)'}`);
    for (const line of lines) console.log(`  ${line}`);
  }
  console.log(`\n${stageTable(results, SUITE_BUDGET_MS)}`);
  return results.every((r) => r.outcome === 'passed') ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
