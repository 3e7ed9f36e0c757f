import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { spawnChild, stopChild, sleep, type Output } from './processes.ts';

/**
 * A Redis server of the cluster's own (Debian's redis-server, nothing kept on disk, as in
 * production the fan-out keeps nothing that matters), so a fault test can restart it without
 * touching anyone else's.
 */
export class OwnRedis {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly output: Output,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawnChild(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { output: this.output },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await this.answers())) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}) on port ${this.port}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${this.port}`);
      await sleep(50);
    }
  }

  /** Kills it and starts a fresh one on the same port: everything it held is gone, as after a crash. */
  async restart(downMs = 500): Promise<void> {
    await this.stop('SIGKILL');
    await sleep(downMs);
    await this.start();
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child) await stopChild(this.child, signal);
    this.child = null;
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
  }
}
