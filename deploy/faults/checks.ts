import pg from 'pg';
import { checkLedger } from '../../apps/server/src/modules/wallet/index.ts';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { sleep } from '@rush/load';
import type { PlayedGame } from './game-pair.ts';
import type { MoneyRecord } from './money.ts';
import type { Tally } from './tally.ts';

/** Clock slack: the server's own time between reading the clock and stamping the row. */
const CLOCK_SLACK_MS = 1_000;

/**
 * What must hold once the cluster is quiet, read from PostgreSQL itself:
 * - the ledger balances (every currency sums to zero, every balance is the net of its transfers);
 * - every escrow that took a stake is closed exactly once and empty;
 * - every game holds exactly the moves the server acknowledged, ended by the resignation, and
 *   its clocks never charged more time than passed;
 * - every confirmed deposit is credited once, every acknowledged withdrawal taken once.
 */
export async function checkInvariants(
  url: string,
  db: Db,
  games: PlayedGame[],
  money: MoneyRecord,
  tally: Tally,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await checkGames(client, games, tally);
    await checkDeposits(client, money.paidSessions, tally);
    await checkWithdrawals(client, money.withdrawals, tally);
    await checkEscrows(client, tally);
    const ledger = await checkLedger(db);
    if (!ledger.ok)
      tally.violation(
        `ledger out of balance: sums ${JSON.stringify(ledger.sums)}, ${ledger.mismatchCount} mismatching accounts`,
      );
    tally.count('ledgerTransfers', Number(ledger.transfers));
  } finally {
    await client.end();
  }
}

async function checkGames(client: pg.Client, games: PlayedGame[], tally: Tally): Promise<void> {
  for (const g of games) {
    const { rows } = await client.query<GameRow>(
      'select moves, status, initial_ms, white_ms, black_ms, created_at, ended_at from games where id = $1',
      [g.gameId],
    );
    const row = rows[0];
    if (!row) {
      tally.violation(`game ${g.gameId} is missing`);
      continue;
    }
    if (JSON.stringify(row.moves) !== JSON.stringify(g.acked))
      tally.violation(
        `game ${g.gameId}: ${row.moves.length} moves stored, ${g.acked.length} acknowledged, or not the same`,
      );
    if (row.status !== 'resign') tally.violation(`game ${g.gameId} ended ${row.status}, not by the resignation`);
    checkClock(g.gameId, row, tally);
  }
}

interface GameRow {
  moves: string[];
  status: string;
  initial_ms: number;
  white_ms: number;
  black_ms: number;
  created_at: Date;
  ended_at: Date | null;
}

/** The time both clocks lost together is at most the time the game lasted: no second charged twice. */
function checkClock(gameId: string, row: GameRow, tally: Tally): void {
  const { initial_ms: initial, white_ms: white, black_ms: black } = row;
  if (!row.ended_at) return; // reported as not ended by the resignation
  const lasted = row.ended_at.getTime() - row.created_at.getTime();
  const used = 2 * initial - white - black;
  if (white < 0 || black < 0 || white > initial || black > initial)
    tally.violation(`game ${gameId}: clocks out of range (${white}, ${black} of ${initial})`);
  if (used > lasted + CLOCK_SLACK_MS) tally.violation(`game ${gameId}: clocks used ${used} ms in ${lasted} ms`);
  tally.count('clocksChecked');
}

/** Every paid checkout's deposit credited exactly once (the provider's notification may lag a kill). */
async function checkDeposits(client: pg.Client, sessions: string[], tally: Tally): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await client.query<{ key: string; n: string }>(
      `select idempotency_key as key, count(*)::text as n from ledger_movements
        where kind = 'deposit' and idempotency_key = any($1) group by 1`,
      [sessions.map((s) => `deposit:${s}`)],
    );
    const credited = new Map(rows.map((r) => [r.key, Number(r.n)]));
    const missing = sessions.filter((s) => !credited.has(`deposit:${s}`));
    if (missing.length === 0 || Date.now() > deadline) {
      for (const s of missing) tally.violation(`deposit ${s} was paid but never credited`);
      for (const [key, n] of credited) if (n !== 1) tally.violation(`${key} credited ${n} times`);
      return;
    }
    await sleep(1_000);
  }
}

/** As many withdrawals in the ledger as the server acknowledged, per user: none taken twice. */
async function checkWithdrawals(client: pg.Client, acked: Map<string, Set<string>>, tally: Tally): Promise<void> {
  for (const [uid, keys] of acked) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from ledger_movements m join ledger_transfers t on t.movement_id = m.id
        where m.kind = 'withdraw' and t.from_account = $1`,
      [`user:${uid}:usd`],
    );
    const stored = Number(rows[0]?.n ?? 0);
    if (stored !== keys.size) tally.violation(`user ${uid}: ${stored} withdrawals stored, ${keys.size} acknowledged`);
  }
}

/** Every escrow that took a stake: closed by exactly one settle or refund, and empty. */
async function checkEscrows(client: pg.Client, tally: Tally): Promise<void> {
  const { rows } = await client.query<{ ref: string; currency: string; balance: string | null; closes: string }>(
    `select s.ref, s.currency,
            (select balance::text from ledger_accounts a where a.id = 'escrow:' || s.ref || ':' || s.currency) as balance,
            (select count(*)::text from ledger_movements c
              where c.idempotency_key = 'escrow:close:' || s.ref || ':' || s.currency) as closes
       from (select distinct ref, currency from ledger_movements where kind = 'stake') s`,
  );
  for (const r of rows) {
    if (r.closes !== '1') tally.violation(`escrow ${r.ref} (${r.currency}) closed ${r.closes} times`);
    if (r.balance !== null && r.balance !== '0')
      tally.violation(`escrow ${r.ref} (${r.currency}) still holds ${r.balance}`);
  }
  tally.count('escrows', rows.length);
}
