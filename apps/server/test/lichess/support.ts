import { LichessClient, type LichessClientOptions } from '../../src/modules/lichess/index.ts';
import type { LichessGameStreamEvent } from '../../src/modules/lichess/index.ts';
import {
  startLichessEmulator,
  type LichessEmulator,
  type LichessEmulatorOptions,
} from '../support/lichess-emulator/emulator.ts';

export async function setup(emuOpts: LichessEmulatorOptions = {}, clientOpts: Partial<LichessClientOptions> = {}) {
  const emu: LichessEmulator = await startLichessEmulator({ keepAliveMs: 50, ...emuOpts });
  const client = new LichessClient({ baseUrl: emu.url, streamRetryDelayMs: 20, timeoutMs: 2_000, ...clientOpts });
  return { emu, client };
}

/** Resolves when `pred` holds, polling; fails after `ms`. */
export async function until(pred: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const statusOf = (events: LichessGameStreamEvent[]): string | undefined => {
  const last = events.filter((e) => e.type === 'gameState' || e.type === 'gameFull').at(-1);
  return last?.type === 'gameFull' ? last.state.status : last?.type === 'gameState' ? last.status : undefined;
};

export const movesOf = (events: LichessGameStreamEvent[]): string => {
  const last = events.filter((e) => e.type === 'gameState' || e.type === 'gameFull').at(-1);
  return last?.type === 'gameFull' ? last.state.moves : last?.type === 'gameState' ? last.moves : '';
};
