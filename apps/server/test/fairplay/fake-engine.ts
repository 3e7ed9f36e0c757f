// A stand-in UCI engine for the fair-play tests (fake-lines.ts): MultiPV lines ranked by a hash,
// scored by the running cost of the moves so far, answered at once for any `go`.
import readline from 'node:readline';
import { STANDARD_FEN } from '@rush/domain';
import { ranked, replayWithEval, STEP_CP } from './fake-lines.ts';

let multipv = 1;
let fen = STANDARD_FEN;
let moves: string[] = [];
const out = (line: string) => process.stdout.write(`${line}\n`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const parts = line.trim().split(/\s+/);
  const cmd = parts[0];
  if (cmd === 'uci') {
    out('id name FairplayFake');
    out('uciok');
  } else if (cmd === 'isready') out('readyok');
  else if (cmd === 'quit') process.exit(0);
  else if (cmd === 'setoption' && parts[2] === 'MultiPV') multipv = Number(parts[4]);
  else if (cmd === 'position') {
    const at = parts.indexOf('moves');
    const fenParts = parts.slice(2, at < 0 ? undefined : at);
    fen = parts[1] === 'startpos' ? STANDARD_FEN : fenParts.join(' ');
    moves = at < 0 ? [] : parts.slice(at + 1);
  } else if (cmd === 'go') {
    const { board, whiteCp } = replayWithEval(fen, moves);
    const mine = board.turn() === 'w' ? whiteCp : -whiteCp;
    const order = ranked(board);
    if (order.length === 0) {
      out(board.isCheckmate() ? 'info depth 0 score mate 0' : 'info depth 0 score cp 0');
      out('bestmove (none)');
      return;
    }
    order
      .slice(0, multipv)
      .forEach((m, i) =>
        out(`info depth 8 seldepth 8 multipv ${i + 1} score cp ${mine - STEP_CP * i} nodes 1 pv ${m}`),
      );
    out(`bestmove ${order[0]}`);
  }
});
