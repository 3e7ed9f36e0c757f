import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { taxProfiles } from './schema.ts';

/** The tax details of US payers (`tax_profiles`): a ciphertext and the TIN's last four digits. */
export class TaxStore {
  constructor(private readonly db: DbOrTx) {}

  async find(uid: string): Promise<{ details: string; tinLast4: string; updatedAt: Date } | null> {
    const [row] = await this.db
      .select({ details: taxProfiles.details, tinLast4: taxProfiles.tinLast4, updatedAt: taxProfiles.updatedAt })
      .from(taxProfiles)
      .where(eq(taxProfiles.userId, uid));
    return row ?? null;
  }

  async exists(uid: string): Promise<boolean> {
    return (await this.find(uid)) !== null;
  }

  /** One row per user: a second submission replaces the details (a corrected address or name). */
  async save(uid: string, details: string, tinLast4: string, at: Date): Promise<void> {
    await this.db
      .insert(taxProfiles)
      .values({ userId: uid, details, tinLast4, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: taxProfiles.userId, set: { details, tinLast4, updatedAt: at } });
  }
}
