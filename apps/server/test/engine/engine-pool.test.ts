import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { afterEach, describe, expect, test } from 'vitest';
import { BOT_STRENGTH } from '@rush/domain';
import {
  EngineBusyError,
  EngineClosedError,
  EnginePool,
  type EnginePoolOptions,
} from '../../src/modules/engine/engine-pool.ts';
import { EngineHungError, engineCommand, type SearchJob } from '../../src/modules/engine/engine-process.ts';

const FAKE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fake-uci.ts');
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const silent = { warn: () => {}, error: () => {} };
const pools: EnginePool[] = [];

function pool(opts: Partial<EnginePoolOptions> & Pick<EnginePoolOptions, 'command'>): EnginePool {
  const p = new EnginePool({ size: 1, queueMax: 8, log: silent, ...opts });
  pools.push(p);
  return p;
}
const fake = (...args: string[]) => ({ cmd: process.execPath, args: ['--import', 'tsx', FAKE, ...args] });
const job = (movetimeMs = 20): SearchJob => ({ fen: START, moves: [], limit: { movetimeMs }, options: {} });
const fast = { deadlineMarginMs: 100, graceMs: 100 };

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('engine priority (issue 35)', () => {
  test('an engine runs at the configured niceness, so the server thread wins the CPU when it needs it', async () => {
    const p = pool({ command: { ...fake(), nice: 10 } });
    await p.search(job(), 'analysis');
    expect(p.pids()).toHaveLength(1);
    expect(os.getPriority(p.pids()[0])).toBe(10);
  });
});

describe('engine pool with Stockfish (the npm build, as `npm start` runs it)', () => {
  test('a bot search at Low strength answers a legal move', async () => {
    const p = pool({ command: engineCommand(undefined) });
    const low = BOT_STRENGTH.low;
    const result = await p.search(
      {
        fen: START,
        moves: ['e2e4'],
        limit: { movetimeMs: low.moveTimeMs },
        options: { 'Skill Level': low.skillLevel, UCI_LimitStrength: true, UCI_Elo: low.uciElo },
      },
      'bot',
    );
    const board = new Chess(START);
    board.move('e4');
    expect(result.bestMove).toMatch(/^[a-h][1-8][a-h][1-8][qrbn]?$/);
    expect(() => board.move({ from: result.bestMove!.slice(0, 2), to: result.bestMove!.slice(2, 4) })).not.toThrow();
  });

  test('analysis at a depth gives the score and best line', async () => {
    const p = pool({ command: engineCommand(undefined) });
    // White to move mates in one (Qh5xf7#).
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
    const result = await p.search({ fen, moves: [], limit: { depth: 6 }, options: {} }, 'analysis');
    expect(result.bestMove).toBe('h5f7');
    expect(result.info?.score).toEqual({ mate: 1 });
    expect(result.info?.pv[0]).toBe('h5f7');
  });

  test('an engine killed in the middle of a search is replaced and the search still answers', async () => {
    const p = pool({ command: engineCommand(undefined) });
    const search = p.search({ ...job(1500), options: {} }, 'bot');
    await expect.poll(() => p.pids().length, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 300));
    process.kill(p.pids()[0]!, 'SIGKILL');
    const result = await search;
    expect(result.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
    expect(p.replaced).toBe(1);
  });
});

describe('engine pool supervision (a scripted UCI stand-in)', () => {
  test('a crash during a search is retried on a new process', async () => {
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fake-uci-')), 'crashed');
    const p = pool({ command: fake('crash-once', marker), ...fast });
    expect((await p.search(job(), 'bot')).bestMove).toBe('e2e4');
    expect(p.replaced).toBe(1);
  });

  test('an engine that ignores its deadline gets stop, and its move counts', async () => {
    const p = pool({ command: fake('slow-stop'), ...fast });
    expect((await p.search(job(20), 'bot')).bestMove).toBe('e2e4');
    expect(p.replaced).toBe(0);
  });

  test('a hung engine is killed and replaced; after the tries the caller sees the failure', async () => {
    const p = pool({ command: fake('hang'), ...fast, attempts: 2 });
    await expect(p.search(job(20), 'bot')).rejects.toBeInstanceOf(EngineHungError);
    expect(p.replaced).toBe(2);
  });

  test('bot moves go before waiting analysis', async () => {
    const p = pool({ command: fake('ok') });
    const order: string[] = [];
    const track = (name: string, promise: Promise<unknown>) => promise.then(() => order.push(name));
    const first = track('analysis 1', p.search(job(80), 'analysis'));
    const second = track('analysis 2', p.search(job(10), 'analysis'));
    const bot = track('bot', p.search(job(10), 'bot'));
    await Promise.all([first, second, bot]);
    expect(order).toEqual(['analysis 1', 'bot', 'analysis 2']);
  });

  test('a full queue refuses analysis at once and says full (new bot games wait); running games still queue, in order', async () => {
    const p = pool({ command: fake('ok'), queueMax: 1 });
    const order: string[] = [];
    const track = (name: string, promise: Promise<unknown>) => promise.then(() => order.push(name));
    const running = track('running', p.search(job(150), 'bot'));
    await expect.poll(() => p.pids().length).toBe(1);
    const waiting = track('waiting', p.search(job(10), 'bot'));
    expect(p.full).toBe(true);
    await expect(p.search(job(10), 'analysis')).rejects.toBeInstanceOf(EngineBusyError);
    // A bot move past the bound is not refused: it waits its turn behind the earlier one.
    const late = track('late', p.search(job(10), 'bot'));
    expect(p.queued).toBe(2);
    await Promise.all([running, waiting, late]);
    expect(order).toEqual(['running', 'waiting', 'late']);
    expect(p.full).toBe(false);
  });

  test('closing rejects what waits', async () => {
    const p = pool({ command: fake('ok') });
    const running = p.search(job(200), 'bot').catch((e: unknown) => e);
    const waiting = p.search(job(10), 'bot');
    await p.close();
    await expect(waiting).rejects.toBeInstanceOf(EngineClosedError);
    await running;
  });
});

describe('engine service', () => {
  test('a bot move at each level and an analysis after it run on one pool (limits lifted for analysis)', async () => {
    const { EngineService } = await import('../../src/modules/engine/engine.service.ts');
    const service = new EngineService(pool({ command: engineCommand(undefined) }));
    const clock = { remainingMs: 600_000, incrementMs: 0 };
    for (const level of ['low', 'mid', 'high'] as const) {
      expect(await service.botMove(START, [], level, { ...clock, remainingMs: 3_000 })).toMatch(
        /^[a-h][1-8][a-h][1-8]/,
      );
    }
    const mate = await service.analyse('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', 5);
    expect(mate).toMatchObject({ bestMove: 'h5f7', score: { mate: 1 } });
    expect(service.busy).toBe(false);
  });
});
