import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_APP_STATE, defaultCatalog, type AppStateConfig, type Catalog, type ModeConfig } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { appState, gameModes, gameWagers } from './schema.ts';

/**
 * SPEC 3 modes, wagers and app state as data. Seeded from the domain defaults with "on
 * conflict do nothing", so what an admin changed survives every restart.
 */
export class CatalogStore {
  constructor(private readonly db: DbOrTx) {}

  async seed(): Promise<void> {
    const c = defaultCatalog();
    await this.db.insert(gameModes).values(c.modes).onConflictDoNothing();
    await this.db.insert(gameWagers).values(c.wagers).onConflictDoNothing();
    await this.db
      .insert(appState)
      .values({ id: 1, ...DEFAULT_APP_STATE })
      .onConflictDoNothing();
  }

  async catalog(): Promise<Catalog> {
    const modes = await this.db.select().from(gameModes).orderBy(asc(gameModes.order), asc(gameModes.id));
    const wagers = await this.db.select().from(gameWagers).orderBy(asc(gameWagers.currency), asc(gameWagers.value));
    return { modes: modes as ModeConfig[], wagers };
  }

  async appState(): Promise<AppStateConfig> {
    const [row] = await this.db.select().from(appState).where(eq(appState.id, 1));
    return row ? { paused: row.paused, announcement: row.announcement } : DEFAULT_APP_STATE;
  }

  async setPaused(paused: boolean): Promise<void> {
    await this.db.update(appState).set({ paused }).where(eq(appState.id, 1));
  }

  async setAnnouncement(announcement: AppStateConfig['announcement']): Promise<void> {
    await this.db.update(appState).set({ announcement }).where(eq(appState.id, 1));
  }

  async replaceModes(modes: ModeConfig[]): Promise<void> {
    for (const m of modes) {
      await this.db
        .update(gameModes)
        .set({ name: m.name, status: m.status, order: m.order, value: m.value })
        .where(eq(gameModes.id, m.id));
    }
  }

  /** Answers whether the wager exists. */
  async setWager(
    currency: 'usd' | 'wbx',
    key: string,
    patch: {
      value?: number;
      name?: string;
      minRequirement?: number;
      status?: 'active' | 'inactive';
      provisionalStatus?: boolean;
    },
  ): Promise<boolean> {
    const rows = await this.db
      .update(gameWagers)
      .set(patch)
      .where(sql`${gameWagers.currency} = ${currency} and ${gameWagers.key} = ${key}`)
      .returning({ key: gameWagers.key });
    return rows.length > 0;
  }
}
