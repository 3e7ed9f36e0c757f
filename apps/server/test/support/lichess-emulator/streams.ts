import type http from 'node:http';
import type { EmulatorState } from './state.ts';
import type { Color, EmulatedGame, OpenStream } from './types.ts';

/**
 * Writing the emulator's ND-JSON streams (lichess-org/api: tags/board/api-stream-event.yaml and
 * api-board-game-stream-gameId.yaml): one JSON value a line, empty keep-alive lines, to the event
 * stream of a user, the game streams of a game or of one side; and the faults that act on them
 * (a malformed line before the next ones, every stream cut at once).
 */

export function writeLine(em: EmulatorState, s: OpenStream, value: unknown): void {
  if (s.res.destroyed || s.res.writableEnded) return;
  if (em.fault.malformed > 0 && s.kind !== 'challenge') {
    em.fault.malformed -= 1;
    s.res.write('{"type":"gameState","moves":"e2e4 \n');
  }
  s.res.write(`${JSON.stringify(value)}\n`);
}

export function openStream(em: EmulatorState, res: http.ServerResponse, s: Omit<OpenStream, 'res'>): OpenStream {
  res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-cache' });
  res.flushHeaders();
  const stream = { ...s, res };
  em.streams.add(stream);
  res.on('close', () => em.streams.delete(stream));
  return stream;
}

/** Empty lines on every open stream (Lichess: every 7 s on the event stream); stop with clearInterval. */
export function startKeepAlive(em: EmulatorState): NodeJS.Timeout {
  return setInterval(() => {
    for (const s of em.streams) if (!s.res.destroyed && !s.res.writableEnded) s.res.write('\n');
  }, em.opts.keepAliveMs ?? 7_000);
}

export function toEvents(em: EmulatorState, userId: string, value: unknown): void {
  for (const s of em.streams) if (s.kind === 'event' && s.userId === userId) writeLine(em, s, value);
}

export function toGame(em: EmulatorState, g: EmulatedGame, value: unknown): void {
  for (const s of em.streams) if (s.kind === 'game' && s.gameId === g.id) writeLine(em, s, value);
}

/** To the game streams of one side only (opponentGone). */
export function toSide(em: EmulatorState, g: EmulatedGame, color: Color, value: unknown): void {
  const id = g[color].user?.id;
  for (const x of em.streams) if (x.kind === 'game' && x.gameId === g.id && x.userId === id) writeLine(em, x, value);
}

export function endGameStreams(em: EmulatorState, g: EmulatedGame): void {
  for (const s of em.streams) if (s.kind === 'game' && s.gameId === g.id) s.res.end();
}

/** Cuts every open game or event stream (of that kind) now; returns how many. */
export function dropStreams(em: EmulatorState, kind?: 'game' | 'event'): number {
  let n = 0;
  for (const s of [...em.streams]) {
    if (s.kind === 'challenge' || (kind && s.kind !== kind)) continue;
    s.res.destroy();
    em.streams.delete(s);
    n++;
  }
  return n;
}

export const openStreamCount = (em: EmulatorState, kind?: 'game' | 'event'): number =>
  [...em.streams].filter((s) => s.kind !== 'challenge' && (!kind || s.kind === kind)).length;
