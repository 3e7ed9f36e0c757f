import fs from 'node:fs';
import path from 'node:path';
import { engineCommand, type EngineCommand } from './engine-process.ts';

/** Where Debian's `stockfish` package puts its binary (`/usr/games` is not on every PATH). */
export const DEBIAN_STOCKFISH = '/usr/games/stockfish';
/** STOCKFISH_PATH=npm: the bundled npm build even where a native one is installed (benchmarks, comparisons). */
export const NPM_ENGINE = 'npm';

export interface EngineChoice {
  command: EngineCommand;
  /** For the start-up log and the benchmarks' titles. */
  name: string;
  source: 'configured' | 'detected' | 'npm';
}

/** A STOCKFISH_PATH that names no executable file: the server does not start (a typo must not quietly fall back). */
export class EngineConfigError extends Error {
  constructor(configured: string) {
    super(
      `STOCKFISH_PATH=${configured}: no executable file there; install Debian's stockfish (/usr/games/stockfish), ` +
        `fix the path, or unset it for the bundled npm build`,
    );
  }
}

export interface EngineProbe {
  /** An existing regular file this process may execute. */
  executable(file: string): boolean;
  /** The PATH's directories, in order. */
  pathDirs(): string[];
}

export const systemProbe: EngineProbe = {
  executable(file) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  },
  pathDirs: () => (process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
};

function onPath(name: string, probe: EngineProbe): string | null {
  for (const dir of probe.pathDirs()) {
    const file = path.join(dir, name);
    if (probe.executable(file)) return file;
  }
  return null;
}

/**
 * The engine the server runs (issue 35): a native Stockfish searches several times faster than
 * the bundled WebAssembly build, so the fair-play analysis keeps up where one is installed, and
 * `npm start` stays one command either way. STOCKFISH_PATH names one (a path, or a name looked up
 * on the PATH; `npm` forces the bundled build); unset, Debian's `/usr/games/stockfish` or a
 * `stockfish` on the PATH is used when present, else the bundled npm build.
 */
export function chooseEngine(configured: string | undefined, probe: EngineProbe = systemProbe): EngineChoice {
  const npm: EngineChoice = {
    command: engineCommand(undefined),
    name: 'npm stockfish 19 lite single-threaded (WebAssembly under Node)',
    source: 'npm',
  };
  if (configured === NPM_ENGINE) return npm;
  if (configured !== undefined) {
    const file = configured.includes('/') ? configured : onPath(configured, probe);
    if (file === null || !probe.executable(file)) throw new EngineConfigError(configured);
    return { command: engineCommand(file), name: file, source: 'configured' };
  }
  const found = probe.executable(DEBIAN_STOCKFISH) ? DEBIAN_STOCKFISH : onPath('stockfish', probe);
  return found ? { command: engineCommand(found), name: found, source: 'detected' } : npm;
}
