// A stand-in UCI engine for the fair-play tests (fake-lines.ts): MultiPV lines ranked by a hash,
// scored by the running cost of the moves so far, answered at once for any `go`.
import { STANDARD_FEN } from '@rush/domain';
import { serveUci, uciOut } from '../engine/stand-in.ts';
import { ranked, replayWithEval, STEP_CP } from './fake-lines.ts';

let multipv = 1;
let fen = STANDARD_FEN;
let moves: string[] = [];

serveUci('FairplayFake', {
  setoption: (name, value) => {
    if (name === 'MultiPV') multipv = Number(value);
  },
  position: (at, played) => {
    fen = at ?? STANDARD_FEN;
    moves = played;
  },
  go: () => {
    const { board, whiteCp } = replayWithEval(fen, moves);
    const mine = board.turn() === 'w' ? whiteCp : -whiteCp;
    const order = ranked(board);
    if (order.length === 0) {
      uciOut(board.isCheckmate() ? 'info depth 0 score mate 0' : 'info depth 0 score cp 0');
      uciOut('bestmove (none)');
      return;
    }
    order
      .slice(0, multipv)
      .forEach((m, i) =>
        uciOut(`info depth 8 seldepth 8 multipv ${i + 1} score cp ${mine - STEP_CP * i} nodes 1 pv ${m}`),
      );
    uciOut(`bestmove ${order[0]}`);
  },
});
