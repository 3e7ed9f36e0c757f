import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ReadyMessage } from './child-protocol.ts';

export interface ChildServer {
  url: string;
  baseUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * Node flags for the server children, from BENCH_CHILD_NODE_ARGS (space-separated): a profile of
 * the process being measured, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (NODE_OPTIONS refuses it).
 */
export function childNodeArgs(value = process.env.BENCH_CHILD_NODE_ARGS): string[] {
  return (value ?? '').split(/\s+/).filter((a) => a.length > 0);
}

/** Starts a benchmark server script in a child process (through tsx) and waits until it listens. */
export async function startChild(
  script: URL,
  timeoutMs = 120_000,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const child = fork(fileURLToPath(script), [], {
    execArgv: ['--import', 'tsx', ...childNodeArgs()],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script.pathname} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (m: ReadyMessage) => {
      clearTimeout(timer);
      resolve(m);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script.pathname} exited with ${code} before listening`));
    });
  });
  return { url: ready.url, baseUrl: ready.baseUrl, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.disconnect();
  });
}
