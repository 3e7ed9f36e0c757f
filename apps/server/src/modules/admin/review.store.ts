import { and, asc, desc, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import type { Currency } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users, usernamesOf } from '../accounts/index.ts';
import {
  coolOffs,
  ledgerAccounts,
  ledgerMovements,
  ledgerTransfers,
  paymentSessions,
  walletLimits,
} from '../wallet/index.ts';

/** The deposits that reached the player: credited, held in the Canadian funding window, or credited then reversed. */
const DEPOSITED = ['completed', 'funding', 'reversed'] as const;
/** Movements that close (or give back part of) a pot a stake went into. */
const CLOSING_KINDS = ['settle', 'refund', 'void'];

/**
 * The responsible-gaming review's reads (issue 37) of the wallet's and accounts' tables, read
 * only: who is self-excluded or on a break, deposit limits and their month's use, deposits and
 * staked games in the look-back. The rules over them are the domain's (admin/review*.ts).
 */
export class ReviewStore {
  constructor(private readonly db: DbOrTx) {}

  /** Closed accounts: SPEC 4, 6 self-exclusion (the wallet's closure). */
  async excluded(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.closed, true))
      .orderBy(asc(users.username))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Breaks in force (some row ends after now), the one ending last per player. */
  async coolOffs(now: Date): Promise<{ id: string; uid: string; startedAt: Date; until: Date }[]> {
    const rows = await this.db
      .select({ id: coolOffs.id, uid: coolOffs.uid, startedAt: coolOffs.startedAt, until: coolOffs.until })
      .from(coolOffs)
      .where(gt(coolOffs.until, now))
      .orderBy(desc(coolOffs.until), desc(coolOffs.id));
    const seen = new Map<string, { id: string; uid: string; startedAt: Date; until: Date }>();
    for (const r of rows) if (!seen.has(r.uid)) seen.set(r.uid, { ...r, id: r.id.toString() });
    return [...seen.values()];
  }

  /** Each player's deposit limit (the newest row, SPEC 3), still to be checked for being active. */
  async depositLimits(): Promise<{ uid: string; max: bigint; until: Date }[]> {
    return this.db
      .selectDistinctOn([walletLimits.uid], { uid: walletLimits.uid, max: walletLimits.max, until: walletLimits.until })
      .from(walletLimits)
      .where(eq(walletLimits.kind, 'deposit'))
      .orderBy(walletLimits.uid, desc(walletLimits.id));
  }

  /**
   * What counts against the deposit limit since `since`, per player: the wallet's own measure
   * (deposits.store depositedSince: completed, in their funding window, and checkouts still open).
   */
  async depositedSince(uids: readonly string[], since: Date, now: Date): Promise<Map<string, bigint>> {
    if (uids.length === 0) return new Map();
    const rows = await this.db
      .select({ uid: paymentSessions.uid, total: sql<string>`coalesce(sum(${paymentSessions.amount}), 0)::text` })
      .from(paymentSessions)
      .where(
        and(
          inArray(paymentSessions.uid, [...uids]),
          gte(paymentSessions.createdAt, since),
          or(
            inArray(paymentSessions.status, ['completed', 'funding']),
            and(eq(paymentSessions.status, 'open'), gt(paymentSessions.expiresAt, now)),
          ),
        ),
      )
      .groupBy(paymentSessions.uid);
    return new Map(rows.map((r) => [r.uid, BigInt(r.total)]));
  }

  /** Deposits that reached players since `since`, at the moment the provider confirmed them. */
  async deposits(since: Date): Promise<{ id: string; uid: string; amount: bigint; at: Date }[]> {
    const at = sql<Date>`coalesce(${paymentSessions.confirmedAt}, ${paymentSessions.completedAt})`;
    const rows = await this.db
      .select({
        id: paymentSessions.id,
        uid: paymentSessions.uid,
        amount: paymentSessions.amount,
        confirmedAt: paymentSessions.confirmedAt,
        completedAt: paymentSessions.completedAt,
      })
      .from(paymentSessions)
      .where(and(inArray(paymentSessions.status, [...DEPOSITED]), gte(at, since)))
      .orderBy(asc(at), asc(paymentSessions.id));
    return rows.flatMap((r) => {
      const when = r.confirmedAt ?? r.completedAt;
      return when ? [{ id: r.id, uid: r.uid, amount: r.amount, at: when }] : [];
    });
  }

  /**
   * Players' stakes since `since` (one row per player, game and currency, summed: a lobby may
   * take a stake per join) and what came back to them when the pot closed (null while open).
   */
  async stakedGames(
    since: Date,
  ): Promise<{ uid: string; ref: string; currency: Currency; stake: bigint; payout: bigint | null; at: Date }[]> {
    const stakes = await this.db
      .select({
        uid: ledgerAccounts.ownerId,
        ref: ledgerMovements.ref,
        currency: ledgerTransfers.currency,
        amount: ledgerTransfers.amount,
        at: ledgerMovements.createdAt,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerTransfers.movementId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.fromAccount))
      .where(
        and(eq(ledgerMovements.kind, 'stake'), eq(ledgerAccounts.kind, 'user'), gte(ledgerMovements.createdAt, since)),
      )
      .orderBy(asc(ledgerTransfers.id));
    const games = new Map<
      string,
      { uid: string; ref: string; currency: Currency; stake: bigint; payout: bigint | null; at: Date }
    >();
    for (const s of stakes) {
      if (!s.uid || !s.ref) continue;
      const id = `${s.uid}|${s.currency}|${s.ref}`;
      const g = games.get(id);
      if (g) g.stake += s.amount;
      else games.set(id, { uid: s.uid, ref: s.ref, currency: s.currency, stake: s.amount, payout: null, at: s.at });
    }
    const refs = [...new Set([...games.values()].map((g) => g.ref))];
    if (refs.length === 0) return [];
    const closes = await this.db
      .select({
        ref: ledgerMovements.ref,
        kind: ledgerMovements.kind,
        currency: ledgerMovements.currency,
        to: ledgerAccounts.ownerId,
        toKind: ledgerAccounts.kind,
        amount: ledgerTransfers.amount,
      })
      .from(ledgerMovements)
      .leftJoin(ledgerTransfers, eq(ledgerTransfers.movementId, ledgerMovements.id))
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.toAccount))
      .where(and(inArray(ledgerMovements.ref, refs), inArray(ledgerMovements.kind, CLOSING_KINDS)));
    const settled = new Set<string>();
    for (const c of closes) {
      if (c.kind === 'settle') settled.add(`${c.currency}|${c.ref}`);
      if (c.toKind !== 'user' || !c.to || c.amount === null) continue;
      const g = games.get(`${c.to}|${c.currency}|${c.ref}`);
      if (g) g.payout = (g.payout ?? 0n) + c.amount;
    }
    // A settled pot that paid this player nothing: the game was lost (payout 0, not "open").
    for (const g of games.values()) if (g.payout === null && settled.has(`${g.currency}|${g.ref}`)) g.payout = 0n;
    return [...games.values()];
  }

  usernames(uids: readonly string[]): Promise<Map<string, string>> {
    return usernamesOf(this.db, uids);
  }
}
