import { spawn } from 'node:child_process';
import { ROOT, selectStages, STAGES, SUITE_BUDGET_MS, type Stage } from './stages.ts';
import { stageTable, type StageResult } from './table.ts';

/**
 * `npm test`: every stage in turn, each run even when an earlier one failed (a CI log then says
 * all that is wrong, not only the first thing), except those that need a failed stage. Ends with
 * the table of stages and times, and exit 1 when anything failed.
 */
function runStep(cmd: string[], env: Record<string, string> | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0]!, cmd.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', (e) => {
      console.error(`${cmd.join(' ')}: ${e.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function runStage(stage: Stage): Promise<boolean> {
  for (const step of stage.steps) {
    console.log(`\n=== ${stage.name}: ${step.join(' ')}`);
    if (!(await runStep(step, stage.env))) return false;
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
