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

/** The lichess tests' name for the one poller: `until(pred, ms, what)`. */
export { eventually as until } from '../support/eventually.ts';

export const statusOf = (events: LichessGameStreamEvent[]): string | undefined => {
  const last = events.filter((e) => e.type === 'gameState' || e.type === 'gameFull').at(-1);
  return last?.type === 'gameFull' ? last.state.status : last?.type === 'gameState' ? last.status : undefined;
};

export const movesOf = (events: LichessGameStreamEvent[]): string => {
  const last = events.filter((e) => e.type === 'gameState' || e.type === 'gameFull').at(-1);
  return last?.type === 'gameFull' ? last.state.moves : last?.type === 'gameState' ? last.moves : '';
};
