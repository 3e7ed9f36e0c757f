import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { oauthStates } from './schema.ts';

export type OAuthStateRecord = typeof oauthStates.$inferSelect;
export type OAuthProvider = OAuthStateRecord['provider'];

/** Provider sign-in attempts in flight (state; for Google also the nonce and PKCE verifier). */
export class OAuthStateStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(s: OAuthStateRecord): Promise<void> {
    await this.db.insert(oauthStates).values(s);
  }

  /**
   * Looks the state up and deletes it in one statement: a state is good for one callback only,
   * and only the callback of the provider that made it.
   */
  async take(state: string, provider: OAuthProvider): Promise<OAuthStateRecord | null> {
    const rows = await this.db
      .delete(oauthStates)
      .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, provider)))
      .returning();
    return rows[0] ?? null;
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(oauthStates).where(lt(oauthStates.createdAt, before));
  }
}
