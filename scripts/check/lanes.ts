import { spawn } from 'node:child_process';

/** Commands run in turn; the first that fails ends the lane. */
export type Lane = { name: string; steps: string[][] };

export interface LaneResult {
  name: string;
  ok: boolean;
  ms: number;
  /** Everything the lane's commands printed, stdout and stderr in arrival order. */
  output: string;
}

function runStep(step: string[], cwd: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const [command, ...args] = step;
    const child = spawn(command!, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ ok: false, output: `${output}${String(error)}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

export async function runLane(lane: Lane, cwd: string): Promise<LaneResult> {
  const started = Date.now();
  let output = '';
  for (const step of lane.steps) {
    output += `$ ${step.join(' ')}\n`;
    const result = await runStep(step, cwd);
    output += result.output;
    if (!result.ok) return { name: lane.name, ok: false, ms: Date.now() - started, output };
  }
  return { name: lane.name, ok: true, ms: Date.now() - started, output };
}

/**
 * Runs the lanes side by side (each lane's steps in turn) and answers every lane's result, in the
 * lanes' order. Each lane's output is held and printed whole, so two lanes never interleave.
 */
export async function runLanes(lanes: Lane[], cwd: string): Promise<LaneResult[]> {
  return Promise.all(lanes.map((lane) => runLane(lane, cwd)));
}
