import { execFileSync, spawnSync } from 'node:child_process';
import { ROOT } from './test-suite/stages.ts';
import { changedJourneys } from './test-suite/quick.ts';

/**
 * `npm run test:quick [-- REF]`: the development loop. The vitest tests that import (directly or
 * not) a file changed since REF (default: the uncommitted changes), through vitest's own module
 * graph, then any journey file itself changed. The full suite stays `npm test`.
 */
const ref = process.argv[2];
const vitest = spawnSync('npx', ['vitest', 'run', ref ? `--changed=${ref}` : '--changed', '--passWithNoTests'], {
  cwd: ROOT,
  stdio: 'inherit',
});
let code = vitest.status ?? 1;

const diff = ref ? ['diff', '--name-only', ref] : ['diff', '--name-only', 'HEAD'];
const untracked = ['ls-files', '--others', '--exclude-standard'];
const files = [diff, untracked].flatMap((args) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean),
);
const journeys = changedJourneys(files);
for (const [config, specs] of journeys) {
  console.log(`\njourneys changed: ${specs.join(' ')} (the web app must be built: npm run build)`);
  const run = spawnSync('npx', ['playwright', 'test', '-c', config, ...specs], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) code = run.status ?? 1;
}
process.exit(code);
