import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { walletOnboarding } from './schema.ts';

export type OnboardingRow = typeof walletOnboarding.$inferSelect;

/** SQL of the wallet onboarding rows (one per user). */
export class OnboardingStore {
  constructor(private readonly db: DbOrTx) {}

  async find(userId: string): Promise<OnboardingRow | null> {
    const [row] = await this.db.select().from(walletOnboarding).where(eq(walletOnboarding.userId, userId));
    return row ?? null;
  }

  /** A (new) verification: the code went to this phone; an earlier unverified one is replaced. */
  async started(userId: string, verificationId: string, phoneLast4: string, at: Date): Promise<void> {
    const row = { userId, verificationId, phoneLast4, providerUserId: null, createdAt: at, verifiedAt: null };
    await this.db
      .insert(walletOnboarding)
      .values(row)
      .onConflictDoUpdate({ target: walletOnboarding.userId, set: { verificationId, phoneLast4, createdAt: at } });
  }

  async verified(userId: string, providerUserId: string, at: Date): Promise<void> {
    await this.db
      .update(walletOnboarding)
      .set({ providerUserId, verifiedAt: at })
      .where(eq(walletOnboarding.userId, userId));
  }
}
