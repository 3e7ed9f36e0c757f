import { and, eq, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { LichessAccount } from './api-types.ts';
import { lichessAccounts, lichessLinkRequests } from './schema.ts';

export type LichessAccountRow = typeof lichessAccounts.$inferSelect;
export type LichessLinkRequestRow = typeof lichessLinkRequests.$inferSelect;

/** The ratings columns of a row, from what /api/account answered (null: no games in that family). */
const ratingColumns = (a: LichessAccount) => ({
  blitzRating: a.blitz?.rating ?? null,
  blitzRd: a.blitz?.rd ?? null,
  blitzGames: a.blitz?.games ?? null,
  blitzProvisional: a.blitz?.provisional ?? null,
  rapidRating: a.rapid?.rating ?? null,
  rapidRd: a.rapid?.rd ?? null,
  rapidGames: a.rapid?.games ?? null,
  rapidProvisional: a.rapid?.provisional ?? null,
});

/** Lichess links (for life) and the pending authorisations that lead to them. */
export class LichessLinkStore {
  constructor(private readonly db: DbOrTx) {}

  async account(userId: string): Promise<LichessAccountRow | null> {
    const [row] = await this.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, userId));
    return row ?? null;
  }

  async accountForUpdate(userId: string): Promise<LichessAccountRow | null> {
    const [row] = await this.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, userId)).for('update');
    return row ?? null;
  }

  async accountByLichessId(lichessId: string): Promise<LichessAccountRow | null> {
    const [row] = await this.db.select().from(lichessAccounts).where(eq(lichessAccounts.lichessId, lichessId));
    return row ?? null;
  }

  async insertAccount(userId: string, account: LichessAccount, tokenEnc: string, at: Date): Promise<void> {
    await this.db.insert(lichessAccounts).values({
      userId,
      lichessId: account.id.toLowerCase(),
      username: account.username,
      tokenEnc,
      tokenRevokedAt: null,
      ...ratingColumns(account),
      linkedAt: at,
      refreshedAt: at,
    });
  }

  /** The same account authorised again: a new token, fresh ratings, no longer revoked. */
  async renewAccount(userId: string, account: LichessAccount, tokenEnc: string, at: Date): Promise<void> {
    await this.db
      .update(lichessAccounts)
      .set({ tokenEnc, tokenRevokedAt: null, ...ratingColumns(account), refreshedAt: at })
      .where(eq(lichessAccounts.userId, userId));
  }

  /** The ratings /api/account answered now (the name stays as linked, like the chess profile's). */
  async refreshAccount(userId: string, account: LichessAccount, at: Date): Promise<void> {
    await this.db
      .update(lichessAccounts)
      .set({ ...ratingColumns(account), refreshedAt: at })
      .where(eq(lichessAccounts.userId, userId));
  }

  async markRevoked(userId: string, at: Date): Promise<void> {
    await this.db.update(lichessAccounts).set({ tokenRevokedAt: at }).where(eq(lichessAccounts.userId, userId));
  }

  /** A new authorisation replaces the user's earlier unfinished ones; expired ones of anybody go. */
  async putRequest(row: LichessLinkRequestRow): Promise<void> {
    await this.db
      .delete(lichessLinkRequests)
      .where(and(eq(lichessLinkRequests.userId, row.userId), ne(lichessLinkRequests.state, row.state)));
    await this.db.delete(lichessLinkRequests).where(lt(lichessLinkRequests.expiresAt, row.createdAt));
    await this.db.insert(lichessLinkRequests).values(row);
  }

  /** Takes (deletes and returns) the request of this state: each one is used at most once. */
  async takeRequest(state: string): Promise<LichessLinkRequestRow | null> {
    const [row] = await this.db.delete(lichessLinkRequests).where(eq(lichessLinkRequests.state, state)).returning();
    return row ?? null;
  }
}
