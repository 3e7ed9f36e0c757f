// A stand-in UCI engine for the pool's supervision tests. Its behaviour on `go` is the first
// argument: `ok` answers after the move time, `hang` never answers (not even to stop), `crash`
// exits, `crash-once` exits on the first `go` of the marker file's life and answers afterwards,
// `slow-stop` ignores the move time and answers only on `stop`.
import fs from 'node:fs';
import readline from 'node:readline';

const [mode = 'ok', marker = ''] = process.argv.slice(2);
const out = (line: string) => process.stdout.write(`${line}\n`);
let pending: ReturnType<typeof setTimeout> | null = null;

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, ...rest] = line.trim().split(/\s+/);
  if (cmd === 'uci') {
    out('id name FakeUCI');
    out('uciok');
  } else if (cmd === 'isready') out('readyok');
  else if (cmd === 'quit') process.exit(0);
  else if (cmd === 'stop' && pending) {
    clearTimeout(pending);
    pending = null;
    if (mode !== 'hang') answer();
  } else if (cmd === 'go') {
    if (mode === 'crash') process.exit(3);
    if (mode === 'crash-once' && !fs.existsSync(marker)) {
      fs.writeFileSync(marker, 'crashed');
      process.exit(3);
    }
    if (mode === 'hang') {
      pending = setTimeout(() => {}, 1 << 30);
      return;
    }
    const ms = rest[0] === 'movetime' ? Number(rest[1]) : 10;
    pending = setTimeout(
      () => {
        pending = null;
        answer();
      },
      mode === 'slow-stop' ? 1 << 30 : ms,
    );
  }
});

function answer(): void {
  out('info depth 1 seldepth 1 multipv 1 score cp 12 nodes 20 pv e2e4 e7e5');
  out('bestmove e2e4 ponder e7e5');
}
