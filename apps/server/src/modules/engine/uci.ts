/**
 * The UCI lines the server reads from an engine, parsed into values. Only what the bots and the
 * analysis use: a search's score and principal variation (the deepest `info` of the main line)
 * and its `bestmove`. Anything else an engine prints is ignored.
 */
export type Score = { cp: number } | { mate: number };

export interface SearchInfo {
  depth: number;
  score: Score;
  /** The principal variation in UCI notation (e2e4, e7e8q). */
  pv: string[];
  nodes: number | null;
}

export interface SearchResult {
  /** null when the position has no legal move (`bestmove (none)`). */
  bestMove: string | null;
  info: SearchInfo | null;
  /** With MultiPV: the deepest line of each rank, best first (line 1 is `info`). */
  lines?: SearchInfo[];
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/** A `bestmove` line: the move (or null for none), else undefined if the line is not one. */
export function parseBestMove(line: string): string | null | undefined {
  const parts = line.trim().split(/\s+/);
  if (parts[0] !== 'bestmove') return undefined;
  const move = parts[1];
  if (move === undefined || move === '(none)' || move === '0000') return null;
  return UCI_MOVE.test(move) ? move : undefined;
}

/** An `info` line with a depth, a score and a main-line pv; other info lines give null. */
export function parseInfo(line: string): SearchInfo | null {
  const parsed = parseInfoLine(line);
  return parsed && parsed.multipv === 1 ? parsed.info : null;
}

/** An `info` line of any MultiPV rank (1 = the main line) with a depth, a score and a pv; else null. */
export function parseInfoLine(line: string): { multipv: number; info: SearchInfo } | null {
  const parts = line.trim().split(/\s+/);
  if (parts[0] !== 'info') return null;
  let depth: number | null = null;
  let score: Score | null = null;
  let nodes: number | null = null;
  let multipv = 1;
  let pv: string[] = [];
  for (let i = 1; i < parts.length; i++) {
    const key = parts[i];
    if (key === 'depth') depth = int(parts[++i]);
    else if (key === 'multipv') multipv = int(parts[++i]) ?? 1;
    else if (key === 'nodes') nodes = int(parts[++i]);
    else if (key === 'score') {
      const kind = parts[++i];
      const value = int(parts[++i]);
      if (value !== null && kind === 'cp') score = { cp: value };
      else if (value !== null && kind === 'mate') score = { mate: value };
      // A bound (lowerbound/upperbound) is a partial result of an aspiration window: not kept.
      if (parts[i + 1] === 'lowerbound' || parts[i + 1] === 'upperbound') return null;
    } else if (key === 'pv') {
      pv = parts.slice(i + 1).filter((m) => UCI_MOVE.test(m));
      break;
    }
  }
  if (depth === null || score === null || pv.length === 0) return null;
  return { multipv, info: { depth, score, pv, nodes } };
}

function int(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text)) return null;
  return Number(text);
}

/** The commands of one search: the position by FEN and moves, then the limit. */
export function searchCommands(fen: string, moves: readonly string[], limit: SearchLimit): string[] {
  const position = moves.length > 0 ? `position fen ${fen} moves ${moves.join(' ')}` : `position fen ${fen}`;
  const go = 'depth' in limit ? `go depth ${limit.depth}` : `go movetime ${limit.movetimeMs}`;
  return [position, go];
}

export type SearchLimit = { movetimeMs: number } | { depth: number };

/** Engine options as `setoption` lines (names and values never contain a newline: they are ours). */
export function optionCommands(options: Readonly<Record<string, string | number | boolean>>): string[] {
  return Object.entries(options).map(([name, value]) => `setoption name ${name} value ${String(value)}`);
}
