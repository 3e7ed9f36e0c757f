/**
 * Child process of the crash test: opens the database given on the command line and moves
 * money as fast as it can (deposits, stakes, settlements, refunds, from several concurrent
 * lanes), printing a progress line after each movement, until the parent kills it with SIGKILL.
 *
 * usage: node --import tsx crash-burst.ts pglite <dataDir> | postgres <url>
 */
import { openDatabase } from '../../../src/platform/db/database.ts';
import { accountOf } from '../../../src/modules/wallet/account-ids.ts';
import { EscrowClosedError, Ledger } from '../../../src/modules/wallet/ledger.ts';
import { applyMovement, InsufficientFundsError } from '../../../src/modules/wallet/ledger.store.ts';

const [kind, target] = process.argv.slice(2);
if ((kind !== 'pglite' && kind !== 'postgres') || !target)
  throw new Error('usage: crash-burst.ts pglite|postgres <target>');
const database = await openDatabase(
  kind === 'pglite' ? { kind: 'pglite', dataDir: target } : { kind: 'postgres', url: target },
);
const ledger = new Ledger(database.db);
const users = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
let done = 0;

async function step(lane: number, n: number): Promise<void> {
  const uid = pick(users);
  const game = `crash:${lane}:${Math.floor(n / 4)}`;
  switch (n % 4) {
    case 0: {
      const from = accountOf.clearing('usd');
      const to = accountOf.user(uid, 'usd');
      const amount = BigInt(1 + Math.floor(Math.random() * 5000));
      await applyMovement(database.db, {
        key: `crash:fund:${lane}:${n}:${Date.now()}`,
        kind: 'deposit',
        currency: 'usd',
        accounts: [from, to],
        legs: () => [{ from, to, amount }],
      });
      return;
    }
    case 1:
    case 2:
      await ledger.hold({ ref: game, uid, currency: 'usd', amount: BigInt(1 + Math.floor(Math.random() * 3000)) });
      return;
    default:
      if (Math.random() < 0.5) await ledger.settle({ ref: game, currency: 'usd', winners: [pick(users)] });
      else await ledger.refund({ ref: game, currency: 'usd', reason: 'refund' });
  }
}

await Promise.all(
  Array.from({ length: 4 }, async (_, lane) => {
    for (let n = 0; ; n++) {
      try {
        await step(lane, n);
      } catch (e) {
        if (!(e instanceof InsufficientFundsError) && !(e instanceof EscrowClosedError)) throw e;
      }
      process.stdout.write(`moved ${++done}\n`);
    }
  }),
);
