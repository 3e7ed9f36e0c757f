import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Currency } from '@rush/domain';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/database.ts';
import { sqlErrorOf, SQLSTATE } from '../../platform/db/sql-errors.ts';
import { inTx } from '../../platform/db/transaction.ts';
import type { AccountRef } from './account-ids.ts';
import { ledgerAccounts, ledgerMovements, ledgerTransfers } from './schema.ts';

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  amount: bigint;
}

export interface MovementSpec {
  /** One key per business event (`settle:game:{id}`); a replay returns the first outcome. */
  key: string;
  kind: string;
  currency: Currency;
  ref?: string | null;
  meta?: Record<string, unknown>;
  /** Every account the legs may touch: created if new, then locked in sorted id order. */
  accounts: AccountRef[];
  /**
   * The legs, computed under the locks from the locked balances (so a settle drains exactly what
   * is there); `tx` lets them read more inside the same transaction. Throwing aborts everything.
   */
  legs: (balances: ReadonlyMap<string, bigint>, tx: DbOrTx) => Leg[] | Promise<Leg[]>;
  /** When the event happened (the injected clock); the database's own time when absent. */
  at?: Date;
  /**
   * Writes that must commit with the money or not at all (the withdrawal row next to its hold,
   * a deposit session marked completed with its credit). Runs in the same transaction, after
   * the transfers, only when the movement is applied (never on a replay).
   */
  after?: (tx: DbOrTx, movementId: bigint) => Promise<void>;
}

export type MovementOutcome =
  | { status: 'applied'; movementId: bigint; kind: string; legs: Leg[] }
  | { status: 'replayed'; movementId: bigint; kind: string };

/** A leg would take an account with a non-negative floor below zero; nothing was changed. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountId: string | undefined) {
    super(`insufficient funds on ${accountId ?? 'an account'}`);
    this.name = 'InsufficientFundsError';
  }
}

/** A caller asked for something the ledger cannot represent (wrong currency, zero account set...). */
export class InvalidMovementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMovementError';
  }
}

const MAX_ATTEMPTS = 5;

/**
 * The one function through which money moves (ARCHITECTURE principle 2): one DB transaction,
 * an idempotency key per business event, accounts locked in sorted order, balances updated by
 * the net of double-entry legs (by the database, as the effect of inserting them), the CHECK
 * constraint as the last guard against overdraft, and transfer rows that the database refuses
 * to update or delete.
 */
export async function applyMovement(db: Db, spec: MovementSpec): Promise<MovementOutcome> {
  try {
    return await inTx(db, (tx) => applyInTx(tx, spec), MAX_ATTEMPTS);
  } catch (e) {
    const info = sqlErrorOf(e);
    if (info?.code === SQLSTATE.checkViolation && info.constraint === 'ledger_accounts_non_negative') {
      throw new InsufficientFundsError(undefined);
    }
    throw e;
  }
}

async function applyInTx(tx: DbOrTx, spec: MovementSpec): Promise<MovementOutcome> {
  const inserted = await tx
    .insert(ledgerMovements)
    .values({
      idempotencyKey: spec.key,
      kind: spec.kind,
      currency: spec.currency,
      ref: spec.ref ?? null,
      meta: spec.meta ?? {},
      ...(spec.at ? { createdAt: spec.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerMovements.idempotencyKey })
    .returning({ id: ledgerMovements.id });
  if (inserted.length === 0) {
    // The same event was applied before (or by a racing caller that has committed by now).
    const [prior] = await tx
      .select({ id: ledgerMovements.id, kind: ledgerMovements.kind })
      .from(ledgerMovements)
      .where(eq(ledgerMovements.idempotencyKey, spec.key));
    if (!prior) throw new Error(`movement ${spec.key} vanished`);
    return { status: 'replayed', movementId: prior.id, kind: prior.kind };
  }
  const movementId = inserted[0]!.id;

  const byId = new Map(spec.accounts.map((a) => [a.id, a]));
  if (byId.size === 0) throw new InvalidMovementError('a movement names at least one account');
  for (const a of byId.values()) {
    if (a.currency !== spec.currency) throw new InvalidMovementError(`${a.id} is not in ${spec.currency}`);
  }
  const ids = [...byId.keys()].sort();
  await tx
    .insert(ledgerAccounts)
    .values(
      ids.map((id) => ({ id, kind: byId.get(id)!.kind, ownerId: byId.get(id)!.ownerId, currency: spec.currency })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.id });
  const locked = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const balances = new Map(locked.map((r) => [r.id, r.balance]));

  const legs = (await spec.legs(balances, tx)).filter((l) => l.amount !== 0n);
  const delta = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.amount < 0n) throw new InvalidMovementError('leg amounts are positive');
    if (leg.from.id === leg.to.id) throw new InvalidMovementError('a leg moves between two accounts');
    if (!byId.has(leg.from.id) || !byId.has(leg.to.id))
      throw new InvalidMovementError('a leg names an unlocked account');
    delta.set(leg.from.id, (delta.get(leg.from.id) ?? 0n) - leg.amount);
    delta.set(leg.to.id, (delta.get(leg.to.id) ?? 0n) + leg.amount);
  }
  for (const id of [...delta.keys()].sort()) {
    const d = delta.get(id)!;
    if (d === 0n) continue;
    // A debt account (issue 32) goes below zero by design; its CHECK keeps it from going above.
    const floorApplies = !['issuance', 'clearing', 'adjustment', 'debt'].includes(byId.get(id)!.kind);
    if (floorApplies && balances.get(id)! + d < 0n) throw new InsufficientFundsError(id);
  }
  if (legs.length > 0) {
    // The balances change inside this insert: a trigger applies the net of the rows to the
    // (already locked) accounts, and the database refuses any other way of changing a balance
    // (migration 0012), so stored balances are the transfers by construction.
    await tx.insert(ledgerTransfers).values(
      legs.map((l) => ({
        movementId,
        fromAccount: l.from.id,
        toAccount: l.to.id,
        amount: l.amount,
        currency: spec.currency,
        ...(spec.at ? { createdAt: spec.at } : {}),
      })),
    );
  }
  if (spec.after) await spec.after(tx, movementId);
  return { status: 'applied', movementId, kind: spec.kind, legs };
}

/** Balances of a user's accounts; a user with no account yet has zero. */
export async function readUserBalances(db: DbOrTx, uid: string): Promise<Record<Currency, bigint>> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerId, uid), eq(ledgerAccounts.kind, 'user')));
  const out: Record<Currency, bigint> = { usd: 0n, wbx: 0n };
  for (const r of rows) out[r.currency] = r.balance;
  return out;
}

export async function readBalance(db: DbOrTx, accountId: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0n;
}

/** Sum of all balances per currency: zero at every instant (the double-entry invariant). */
export async function sumPerCurrency(db: DbOrTx): Promise<Record<Currency, bigint>> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      total: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text`,
    })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.currency);
  const out: Record<Currency, bigint> = { usd: 0n, wbx: 0n };
  for (const r of rows) out[r.currency] = BigInt(r.total);
  return out;
}

/**
 * Every account's balance as the transfers alone make it (`account`, `net`): the one definition
 * the reconciliation and the tests check the stored balances against.
 */
export const TRANSFER_NETS = sql`
  select account, sum(delta) as net from (
    select to_account as account, amount as delta from ledger_transfers
    union all
    select from_account as account, -amount as delta from ledger_transfers
  ) moves group by account`;

/** Balances recomputed from the transfers alone, to check them against the stored balances. */
export async function balancesFromTransfers(db: DbOrTx): Promise<Map<string, bigint>> {
  const rows = rowsOf<{ account: string; net: string }>(
    await db.execute(sql`select account, net::text as net from (${TRANSFER_NETS}) nets`),
  );
  return new Map(rows.map((r) => [r.account, BigInt(r.net)]));
}

export async function allBalances(db: DbOrTx): Promise<Map<string, bigint>> {
  const rows = await db.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts);
  return new Map(rows.map((r) => [r.id, r.balance]));
}

export async function movementByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(ledgerMovements).where(eq(ledgerMovements.idempotencyKey, key));
  return row ?? null;
}

/** Movements touching an escrow account, to find games whose escrow was never resolved. */
export async function escrowsWithBalance(
  db: DbOrTx,
): Promise<{ id: string; ref: string; currency: Currency; balance: bigint }[]> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      ref: ledgerAccounts.ownerId,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'escrow'), sql`${ledgerAccounts.balance} > 0`));
  return rows.map((r) => ({ ...r, ref: r.ref ?? '' }));
}

/** Stakes held in an escrow per user (for refunds), from the transfers into it. */
export async function stakesInEscrow(db: DbOrTx, escrowId: string): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      account: sql<string>`case when ${ledgerTransfers.toAccount} = ${escrowId} then ${ledgerTransfers.fromAccount} else ${ledgerTransfers.toAccount} end`,
      net: sql<string>`sum(case when ${ledgerTransfers.toAccount} = ${escrowId} then ${ledgerTransfers.amount} else -${ledgerTransfers.amount} end)::text`,
    })
    .from(ledgerTransfers)
    .where(or(eq(ledgerTransfers.toAccount, escrowId), eq(ledgerTransfers.fromAccount, escrowId)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.account, BigInt(r.net)]));
}
