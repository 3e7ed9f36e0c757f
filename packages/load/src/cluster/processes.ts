import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** A free loopback port (asked of the kernel, then released for the child that will take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Where a child's output goes: the parent's terminal, a log file, or nowhere. */
export type Output = 'inherit' | 'ignore' | { file: string };

export function spawnChild(
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; output: Output },
): ChildProcess {
  let stdio: 'inherit' | 'ignore' | ['ignore', number, number];
  if (typeof opts.output === 'object') {
    const fd = fs.openSync(opts.output.file, 'a');
    stdio = ['ignore', fd, fd];
  } else stdio = opts.output;
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio });
  if (Array.isArray(stdio)) fs.closeSync(stdio[1]);
  return child;
}

/** Signals a child and waits for it to be gone (at once when it already is). */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200, failing early when the child it waits for has exited. */
export async function waitForOk(url: string, child: ChildProcess | null, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs} ms (${url})`);
    await sleep(200);
  }
}
