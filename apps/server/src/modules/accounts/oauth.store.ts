import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { oauthStates } from './schema.ts';

export type OAuthStateRecord = typeof oauthStates.$inferSelect;

/** OIDC sign-in attempts in flight (state, nonce, PKCE verifier). */
export class OAuthStateStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(s: OAuthStateRecord): Promise<void> {
    await this.db.insert(oauthStates).values(s);
  }

  /** Looks the state up and deletes it in one statement: a state is good for one callback only. */
  async take(state: string): Promise<OAuthStateRecord | null> {
    const rows = await this.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
    return rows[0] ?? null;
  }

  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(oauthStates).where(lt(oauthStates.createdAt, before));
  }
}
