import { startLichessEmulator } from './emulator.ts';

/**
 * The Lichess emulator in its own process (e2e runs), on loopback only:
 *   node --import tsx apps/server/test/support/lichess-emulator/cli.ts --port 4015
 *     [--client-id ID] [--approval auto|page] [--users Bobby,Mary:1720,Carl:1400:prov]
 * prints its URL on the first line of stdout. Control: POST /_emulator/login {username},
 * /_emulator/users {username, blitz?, rapid?}, /_emulator/tokens {username, scopes?} -> {token}
 * (e.g. the operator's challenge:bulk token for LICHESS_BULK_TOKEN), /_emulator/faults
 * {rateLimit, malformed, slowMs, declineBots, dropStreams}.
 */
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const port = Number(arg('--port') ?? '0');
const approval = arg('--approval') === 'page' ? 'page' : 'auto';
const emulator = await startLichessEmulator({
  port: Number.isInteger(port) && port >= 0 ? port : 0,
  host: '127.0.0.1',
  clientId: arg('--client-id'),
  approval,
});
for (const spec of (arg('--users') ?? '').split(',').filter((s) => s !== '')) {
  const [name, rating, prov] = spec.split(':');
  const perf = { rating: Number(rating ?? 1500), prov: prov === 'prov' };
  emulator.addUser(name!, { blitz: perf, rapid: perf });
}
console.log(emulator.url);
const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
