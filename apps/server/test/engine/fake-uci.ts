// A stand-in UCI engine for the pool's supervision tests. Its behaviour on `go` is the first
// argument: `ok` answers after the move time, `hang` never answers (not even to stop), `crash`
// exits, `crash-once` exits on the first `go` of the marker file's life and answers afterwards,
// `slow-stop` ignores the move time and answers only on `stop`; `script` (third argument: a JSON
// file of lines, each a list of UCI moves from the start) answers the next move of the first line
// the moves so far begin, after the move time capped at SCRIPTED_MS; `script-crash-once` exits on
// the marker's first `go`, then plays the script.
import fs from 'node:fs';
import { serveUci, uciOut } from './stand-in.ts';

const [mode = 'ok', marker = '', scriptFile = ''] = process.argv.slice(2);
const lines: string[][] = scriptFile ? (JSON.parse(fs.readFileSync(scriptFile, 'utf8')) as string[][]) : [];
let played: string[] = [];
let pending: ReturnType<typeof setTimeout> | null = null;
/** The longest a scripted answer waits: still an answer that comes later, as an engine's does. */
const SCRIPTED_MS = 20;

serveUci('FakeUCI', {
  position: (_fen, moves) => {
    played = moves;
  },
  stop: () => {
    if (!pending) return;
    clearTimeout(pending);
    pending = null;
    if (mode !== 'hang') answer();
  },
  go: (args) => {
    if (mode === 'crash') process.exit(3);
    if ((mode === 'crash-once' || mode === 'script-crash-once') && !fs.existsSync(marker)) {
      fs.writeFileSync(marker, 'crashed');
      process.exit(3);
    }
    if (mode === 'hang') {
      // Tells the test a search is under way (the only engine is now taken).
      if (marker) fs.appendFileSync(`${marker}.go`, 'go\n');
      pending = setTimeout(() => {}, 1 << 30);
      return;
    }
    const asked = args[0] === 'movetime' ? Number(args[1]) : 10;
    // A scripted line needs no thinking: its answer comes after at most SCRIPTED_MS, whatever the
    // bot's level asked (High asks 1 s a move: a scripted game would sleep 16 s of real time).
    const ms = mode.startsWith('script') ? Math.min(asked, SCRIPTED_MS) : asked;
    pending = setTimeout(
      () => {
        pending = null;
        answer();
      },
      mode === 'slow-stop' ? 1 << 30 : ms,
    );
  },
});

function answer(): void {
  if (mode.startsWith('script')) {
    const line = lines.find((l) => l.length > played.length && played.every((m, i) => l[i] === m));
    const next = line?.[played.length];
    uciOut(`info depth 1 seldepth 1 multipv 1 score cp 0 nodes 1 pv ${next ?? '(none)'}`);
    uciOut(`bestmove ${next ?? '(none)'}`);
    return;
  }
  uciOut('info depth 1 seldepth 1 multipv 1 score cp 12 nodes 20 pv e2e4 e7e5');
  uciOut('bestmove e2e4 ponder e7e5');
}
