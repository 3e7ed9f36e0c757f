import { ROOT } from '../test-suite/stages.ts';
import { runLanes, type Lane } from './lanes.ts';

/**
 * `npm run check`: lint in one lane, format, typecheck and the OpenAPI check in the other. Each
 * lane is one process at a time and each is single-threaded, so on the two-core machine the
 * stage takes about as long as its longer lane instead of the sum of both.
 */
export const CHECK_LANES: Lane[] = [
  { name: 'lint', steps: [['npm', 'run', '-s', 'lint']] },
  {
    name: 'format, typecheck, openapi',
    steps: [
      ['npm', 'run', '-s', 'format:check'],
      ['npm', 'run', '-s', 'typecheck'],
      ['npm', 'run', '-s', 'openapi:check'],
    ],
  },
];

const results = await runLanes(CHECK_LANES, ROOT);
for (const result of results) {
  process.stdout.write(
    `\n== ${result.name}: ${result.ok ? 'passed' : 'FAILED'} in ${Math.round(result.ms / 1000)} s\n`,
  );
  process.stdout.write(result.output);
}
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
