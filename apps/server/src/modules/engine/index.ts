/** The engine module's public surface (issue 13): Stockfish processes behind a pool and a service. */
export { EngineService, type AnalysisLine, type LinesAnalysis, type PositionAnalysis } from './engine.service.ts';
export { EnginePool, EngineBusyError, EngineClosedError, type EnginePriority } from './engine-pool.ts';
export { engineCommand, EngineCrashedError, EngineHungError } from './engine-process.ts';
export type { Score, SearchResult } from './uci.ts';
export {
  chooseEngine,
  DEBIAN_STOCKFISH,
  EngineConfigError,
  NPM_ENGINE,
  type EngineChoice,
  type EngineProbe,
} from './engine-choice.ts';
