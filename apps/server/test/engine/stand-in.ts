import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * A STOCKFISH_PATH for a stand-in engine written in TypeScript (`script`, run with `args`), as
 * an operator names a native binary: an executable file that speaks UCI on its stdin and stdout.
 * Returns the executable; `dir` is its own fresh folder, for files the stand-in reads or marks.
 */
export function standInExecutable(script: string, args: (dir: string) => string[] = () => []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-engine-'));
  const exe = path.join(dir, 'engine.sh');
  const quoted = [script, ...args(dir)].map((a) => `"${a}"`).join(' ');
  fs.writeFileSync(exe, `#!/bin/sh\ncd "${ROOT}"\nexec "${process.execPath}" --import tsx ${quoted}\n`);
  fs.chmodSync(exe, 0o755);
  return exe;
}

export interface UciHandlers {
  /** `position startpos|fen <fen> [moves ...]`: the FEN (null for startpos) and the moves. */
  position?(fen: string | null, moves: string[]): void;
  setoption?(name: string, value: string): void;
  go(args: string[]): void;
  stop?(): void;
}

/**
 * The UCI conversation every stand-in engine of the tests holds: the handshake, readiness, quit
 * and the commands parsed; what it answers to a search is each stand-in's own.
 */
export function serveUci(name: string, on: UciHandlers): void {
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    const [cmd, ...rest] = line.trim().split(/\s+/);
    if (cmd === 'uci') {
      uciOut(`id name ${name}`);
      uciOut('uciok');
    } else if (cmd === 'isready') uciOut('readyok');
    else if (cmd === 'quit') process.exit(0);
    else if (cmd === 'setoption') on.setoption?.(rest[1] ?? '', rest[3] ?? '');
    else if (cmd === 'position') {
      const at = rest.indexOf('moves');
      const fen = rest[0] === 'startpos' ? null : rest.slice(1, at < 0 ? undefined : at).join(' ');
      on.position?.(fen, at < 0 ? [] : rest.slice(at + 1));
    } else if (cmd === 'stop') on.stop?.();
    else if (cmd === 'go') on.go(rest);
  });
}

export const uciOut = (line: string): void => void process.stdout.write(`${line}\n`);
