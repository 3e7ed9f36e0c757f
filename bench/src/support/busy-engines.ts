import { chooseEngine, EnginePool, EngineService } from '../../../apps/server/src/modules/engine/index.ts';
import type { Config } from '../../../apps/server/src/config.ts';
import { movesLine } from '@rush/load';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export interface BusyEngines {
  /** Searches finished while the load ran. */
  readonly searches: number;
  stop(): Promise<void>;
}

/**
 * Every engine of the product's pool (its engine, size and priority from the server's config)
 * searching the whole time, as the fair-play worker does while it has a backlog. The move
 * benchmark then measures a move beside a full analysis load, whatever the queue holds at that
 * moment (the real worker's load comes and goes with the games the benchmark happens to finish).
 */
export function startBusyEngines(config: Config): BusyEngines {
  const choice = chooseEngine(config.engine.stockfishPath);
  const pool = new EnginePool({
    command: { ...choice.command, nice: config.engine.nice },
    size: config.engine.poolSize,
    queueMax: config.engine.poolSize * 2,
    log: { warn: () => {}, error: () => {} },
  });
  const engine = new EngineService(pool);
  const line = movesLine(40);
  let running = true;
  let searches = 0;
  const loop = async (offset: number) => {
    for (let ply = offset; running; ply = (ply + 1) % line.length) {
      // The staked plan's shape: a fixed depth, three lines.
      await engine.analyseLines(START, line.slice(0, ply), { depth: 14, multipv: 3 }).catch(() => null);
      searches++;
    }
  };
  const loops = Array.from({ length: config.engine.poolSize }, (_, i) => loop(i * 7));
  return {
    get searches() {
      return searches;
    },
    async stop() {
      running = false;
      // Closing refuses the searches in flight, so the loops end at once.
      await engine.close();
      await Promise.all(loops);
    },
  };
}
