import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SeededPlayer } from '@rush/load';
import type { ReadyMessage } from './child-protocol.ts';
import { childNodeArgs } from './child.ts';

export interface LagRequest {
  lag: 'reset' | 'read';
}
export interface LagReply {
  lagReply: 'reset' | 'read';
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The server process's CPU time (user + system) since it started, in ms: process.cpuUsage. */
  cpuMs: number;
}

/** The database the play server runs on: PGlite, PostgreSQL with BENCH_PLAY_DB=postgres, PGlite in a thread with `pglite-thread`. */
export const playDbLabel = (): string =>
  ({ postgres: 'PostgreSQL', 'pglite-thread': 'PGlite in memory, in a worker thread' })[
    process.env.BENCH_PLAY_DB ?? ''
  ] ?? 'PGlite in memory';

/** The server's named statements (a move's append, with its commit) timed in the server child. */
export interface AppendsRequest {
  appends: 'reset' | 'read';
}
export interface AppendsReply {
  appendsReply: 'reset' | 'read';
  /** Each named statement's round trip since the last reset, in µs. */
  us: number[];
}

export interface SeedRequest {
  seed: number;
}
export type SeedReply = { seeded: number } & ({ players: SeededPlayer[] } | { error: string });

export interface PlayChild {
  url: string;
  baseUrl: string;
  /** Resets the server's event-loop delay histogram (start of a measured window). */
  resetLag(): Promise<void>;
  /** The server's event-loop delay since the last reset. */
  readLag(): Promise<LagReply>;
  /** Starts timing the server's named statements afresh (start of a measured window). */
  resetAppends(): Promise<void>;
  /** The round trip of each named statement since the last reset, in µs, as the server timed it. */
  readAppends(): Promise<number[]>;
  /** Signed-in players made by the server's stores (no password hashing): see seed-players.ts. */
  seedPlayers(count: number): Promise<SeededPlayer[]>;
  stop(): Promise<void>;
}

/**
 * Starts `servers/play-server.ts` in a child process and keeps its IPC channel for lag reads.
 * `env` adds to the child's environment (BENCH_SOCKET_RATE_MULTIPLIER: see play-server.ts).
 */
export async function startPlayChild(timeoutMs = 180_000, env: Record<string, string> = {}): Promise<PlayChild> {
  const script = new URL('../servers/play-server.ts', import.meta.url);
  const child = fork(fileURLToPath(script), [], {
    execArgv: ['--import', 'tsx', ...childNodeArgs()],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`play server did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (m: ReadyMessage) => {
      clearTimeout(timer);
      resolve(m);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`play server exited with ${code} before listening`));
    });
  });
  const ask = <R extends { [k in K]: string }, K extends string>(key: K, value: string, message: object) =>
    new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${key} from the play server`)), 10_000);
      const onMessage = (m: R) => {
        if (m?.[key] !== value) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m);
      };
      child.on('message', onMessage);
      child.send(message);
    });
  const lag = (value: LagRequest['lag']) =>
    ask<LagReply, 'lagReply'>('lagReply', value, { lag: value } satisfies LagRequest);
  const appends = (value: AppendsRequest['appends']) =>
    ask<AppendsReply, 'appendsReply'>('appendsReply', value, { appends: value } satisfies AppendsRequest);
  return {
    url: ready.url,
    baseUrl: ready.baseUrl!,
    resetLag: async () => void (await lag('reset')),
    readLag: () => lag('read'),
    resetAppends: async () => void (await appends('reset')),
    readAppends: async () => (await appends('read')).us,
    seedPlayers: (count) =>
      new Promise<SeededPlayer[]>((resolve, reject) => {
        const onMessage = (m: SeedReply) => {
          if (m?.seeded !== count) return;
          child.off('message', onMessage);
          if ('error' in m) reject(new Error(m.error));
          else resolve(m.players);
        };
        child.on('message', onMessage);
        child.send({ seed: count } satisfies SeedRequest);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.disconnect();
      }),
  };
}
