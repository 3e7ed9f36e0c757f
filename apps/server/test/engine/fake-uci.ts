// A stand-in UCI engine for the pool's supervision tests. Its behaviour on `go` is the first
// argument: `ok` answers after the move time, `hang` never answers (not even to stop), `crash`
// exits, `crash-once` exits on the first `go` of the marker file's life and answers afterwards,
// `slow-stop` ignores the move time and answers only on `stop`; `script` (third argument: a JSON
// file of lines, each a list of UCI moves from the start) answers the next move of the first line
// the moves so far begin, after the move time; `script-crash-once` exits on the marker's first
// `go`, then plays the script.
import fs from 'node:fs';
import readline from 'node:readline';

const [mode = 'ok', marker = '', scriptFile = ''] = process.argv.slice(2);
const lines: string[][] = scriptFile ? (JSON.parse(fs.readFileSync(scriptFile, 'utf8')) as string[][]) : [];
let played: string[] = [];
const out = (line: string) => process.stdout.write(`${line}\n`);
let pending: ReturnType<typeof setTimeout> | null = null;

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, ...rest] = line.trim().split(/\s+/);
  if (cmd === 'uci') {
    out('id name FakeUCI');
    out('uciok');
  } else if (cmd === 'isready') out('readyok');
  else if (cmd === 'quit') process.exit(0);
  else if (cmd === 'position') {
    const at = rest.indexOf('moves');
    played = at < 0 ? [] : rest.slice(at + 1);
  } else if (cmd === 'stop' && pending) {
    clearTimeout(pending);
    pending = null;
    if (mode !== 'hang') answer();
  } else if (cmd === 'go') {
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
  if (mode.startsWith('script')) {
    const line = lines.find((l) => l.length > played.length && played.every((m, i) => l[i] === m));
    const next = line?.[played.length];
    out(`info depth 1 seldepth 1 multipv 1 score cp 0 nodes 1 pv ${next ?? '(none)'}`);
    out(`bestmove ${next ?? '(none)'}`);
    return;
  }
  out('info depth 1 seldepth 1 multipv 1 score cp 12 nodes 20 pv e2e4 e7e5');
  out('bestmove e2e4 ponder e7e5');
}
