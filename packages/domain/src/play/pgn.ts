import { STANDARD_FEN } from './fen.ts';
import { replay } from './position.ts';
import type { Color, GameStatus } from './status.ts';
import { statusText } from './status.ts';

export interface PgnGame {
  id: string;
  site: string;
  event: string;
  white: string;
  black: string;
  whiteElo: number | null;
  blackElo: number | null;
  startedAt: Date;
  initialFen: string;
  moves: readonly string[];
  status: GameStatus;
  winner: Color | null;
  timeControl: { initialMs: number; incrementMs: number };
}

const pad = (n: number) => String(n).padStart(2, '0');
const pgnDate = (d: Date) => `${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
const pgnTime = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

/** PGN result: "1-0", "0-1", "1/2-1/2", or "*" while the game runs or when it was cancelled. */
export function pgnResult(status: GameStatus, winner: Color | null): string {
  if (status === 'started' || status === 'aborted' || status === 'nostart') return '*';
  if (winner === 'white') return '1-0';
  if (winner === 'black') return '0-1';
  return status === 'unknownfinish' || status === 'variantEnd' ? '*' : '1/2-1/2';
}

/** Export of a game (SPEC 2 History: games export as PGN), with the Seven Tag Roster and more. */
export function buildPgn(game: PgnGame): string {
  const chess = replay(game.initialFen, game.moves);
  const result = pgnResult(game.status, game.winner);
  const headers: Array<[string, string]> = [
    ['Event', game.event],
    ['Site', game.site],
    ['Date', pgnDate(game.startedAt)],
    ['Round', '-'],
    ['White', game.white],
    ['Black', game.black],
    ['Result', result],
    ['UTCDate', pgnDate(game.startedAt)],
    ['UTCTime', pgnTime(game.startedAt)],
  ];
  if (game.whiteElo !== null) headers.push(['WhiteElo', String(game.whiteElo)]);
  if (game.blackElo !== null) headers.push(['BlackElo', String(game.blackElo)]);
  headers.push([
    'TimeControl',
    `${Math.round(game.timeControl.initialMs / 1000)}+${Math.round(game.timeControl.incrementMs / 1000)}`,
  ]);
  headers.push(['Termination', terminationOf(game.status)]);
  if (game.initialFen !== STANDARD_FEN) headers.push(['SetUp', '1'], ['FEN', game.initialFen]);
  for (const [k, v] of headers) chess.setHeader(k, v);
  // chess.js writes the movetext and the headers; the result token must close the movetext.
  const body = chess.pgn({ maxWidth: 80 });
  return body.endsWith(result) ? `${body}\n` : `${body} ${result}\n`;
}

function terminationOf(status: GameStatus): string {
  switch (status) {
    case 'started':
      return 'unterminated';
    case 'outoftime':
    case 'timeout':
      return 'Time forfeit';
    case 'aborted':
    case 'nostart':
      return 'Abandoned';
    case 'cheat':
      return 'Rules infraction';
    default:
      return statusText(status) ?? 'Normal';
  }
}
