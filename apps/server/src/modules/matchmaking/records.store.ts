import { and, asc, count, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { games, type GameRecord } from '../play/index.ts';
import { matchRecords } from './schema.ts';

export type MatchRecord = typeof matchRecords.$inferSelect;
export type NewMatchRecord = typeof matchRecords.$inferInsert;
export type MatchPatch = Partial<Omit<NewMatchRecord, 'id' | 'uid'>>;

/** States in which the user is in a match: a second search or game is refused. */
export const ACTIVE_STATES = ['searching', 'matched', 'starting', 'playing'] as const;
export const isActive = (r: MatchRecord) => (ACTIVE_STATES as readonly string[]).includes(r.state);

/** Matchmaking records: one current (not cleared) per user, the rest history. */
export class MatchRecordStore {
  constructor(private readonly db: DbOrTx) {}

  async current(uid: string, lock = false): Promise<MatchRecord | null> {
    const q = this.db
      .select()
      .from(matchRecords)
      .where(and(eq(matchRecords.uid, uid), eq(matchRecords.cleared, false)));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  /** The current records of several users at once (a publish to both players of a match). */
  async currentOfMany(uids: readonly string[]): Promise<MatchRecord[]> {
    if (uids.length === 0) return [];
    return this.db
      .select()
      .from(matchRecords)
      .where(and(inArray(matchRecords.uid, [...uids]), eq(matchRecords.cleared, false)));
  }

  /** Every record of these matches (the opponents' sides of several views). */
  async byMatches(matchIds: readonly string[]): Promise<MatchRecord[]> {
    if (matchIds.length === 0) return [];
    return this.db
      .select()
      .from(matchRecords)
      .where(inArray(matchRecords.matchId, [...matchIds]));
  }

  /** Both records of a match, locked in id order (one order everywhere: no deadlock). */
  async byMatch(matchId: string, lock = false): Promise<MatchRecord[]> {
    const q = this.db
      .select()
      .from(matchRecords)
      .where(eq(matchRecords.matchId, matchId))
      .orderBy(asc(matchRecords.id));
    return lock ? q.for('update') : q;
  }

  async insert(row: NewMatchRecord): Promise<MatchRecord> {
    const [r] = await this.db.insert(matchRecords).values(row).returning();
    return r!;
  }

  async update(id: string, patch: MatchPatch): Promise<MatchRecord> {
    const [r] = await this.db.update(matchRecords).set(patch).where(eq(matchRecords.id, id)).returning();
    return r!;
  }

  /** Guarded: changes the record only while it is still in `state`. */
  async updateIf(id: string, state: MatchRecord['state'], patch: MatchPatch): Promise<MatchRecord | null> {
    const [r] = await this.db
      .update(matchRecords)
      .set(patch)
      .where(and(eq(matchRecords.id, id), eq(matchRecords.state, state)))
      .returning();
    return r ?? null;
  }

  async updateMatchIf(matchId: string, state: MatchRecord['state'], patch: MatchPatch): Promise<MatchRecord[]> {
    return this.db
      .update(matchRecords)
      .set(patch)
      .where(and(eq(matchRecords.matchId, matchId), eq(matchRecords.state, state)))
      .returning();
  }

  /** One player's own reason on a match that failed to start (issue 37: their break or loss limit). */
  async setErrorMessage(matchId: string, uid: string, message: string): Promise<void> {
    await this.db
      .update(matchRecords)
      .set({ message })
      .where(and(eq(matchRecords.matchId, matchId), eq(matchRecords.uid, uid), eq(matchRecords.state, 'error')));
  }

  /**
   * The searching records of one bucket, locked. A cancelled search (cleared) keeps its state as
   * history and is never paired: its player has left and would never see the match.
   */
  async lockBucket(mode: string, currency: 'usd' | 'wbx', value: number): Promise<MatchRecord[]> {
    return this.db
      .select()
      .from(matchRecords)
      .where(
        and(
          eq(matchRecords.state, 'searching'),
          eq(matchRecords.cleared, false),
          eq(matchRecords.mode, mode),
          eq(matchRecords.currency, currency),
          eq(matchRecords.value, value),
        ),
      )
      .orderBy(asc(matchRecords.id))
      .for('update');
  }

  async searchingBuckets(): Promise<Array<{ mode: string; currency: 'usd' | 'wbx'; value: number }>> {
    return this.db
      .selectDistinct({ mode: matchRecords.mode, currency: matchRecords.currency, value: matchRecords.value })
      .from(matchRecords)
      .where(and(eq(matchRecords.state, 'searching'), eq(matchRecords.cleared, false)));
  }

  async dueSearches(now: Date): Promise<MatchRecord[]> {
    return this.db
      .select()
      .from(matchRecords)
      .where(
        and(
          eq(matchRecords.state, 'searching'),
          eq(matchRecords.cleared, false),
          lte(matchRecords.searchDeadline, now),
        ),
      );
  }

  async dueAccepts(now: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ matchId: matchRecords.matchId })
      .from(matchRecords)
      .where(and(eq(matchRecords.state, 'matched'), lte(matchRecords.acceptDeadline, now)));
    return rows.flatMap((r) => (r.matchId ? [r.matchId] : []));
  }

  async matchesIn(state: 'starting' | 'playing', updatedBefore?: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ matchId: matchRecords.matchId })
      .from(matchRecords)
      .where(
        and(eq(matchRecords.state, state), updatedBefore ? lte(matchRecords.updatedAt, updatedBefore) : sql`true`),
      );
    return rows.flatMap((r) => (r.matchId ? [r.matchId] : []));
  }

  async currentOf(uids: string[]): Promise<MatchRecord[]> {
    if (uids.length === 0) return [];
    return this.db
      .select()
      .from(matchRecords)
      .where(and(inArray(matchRecords.uid, uids), eq(matchRecords.cleared, false)));
  }

  /** Serializes pairing of one bucket across instances (held to the end of the transaction). */
  async lockBucketKey(mode: string, currency: string, value: number): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`matchmaking:${mode}:${currency}:${value}`}))`);
  }

  /** Matches still `playing` whose game has ended (a finish whose listener never ran). */
  async endedPlaying(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ matchId: matchRecords.matchId })
      .from(matchRecords)
      .innerJoin(games, eq(games.id, matchRecords.gameId))
      .where(and(eq(matchRecords.state, 'playing'), ne(games.status, 'started')));
    return rows.flatMap((r) => (r.matchId ? [r.matchId] : []));
  }

  /** The game a match created (its source names the match). */
  async gameOf(source: string): Promise<GameRecord | null> {
    const [g] = await this.db.select().from(games).where(eq(games.source, source));
    return g ?? null;
  }

  /** Finished, actually played matchmaking games per (mode, currency, value): the wager ladder. */
  async finishedCounts(
    uid: string,
  ): Promise<Array<{ mode: string; currency: 'usd' | 'wbx'; value: number; n: number }>> {
    return this.db
      .select({ mode: matchRecords.mode, currency: matchRecords.currency, value: matchRecords.value, n: count() })
      .from(matchRecords)
      .where(
        and(
          eq(matchRecords.uid, uid),
          eq(matchRecords.state, 'finished'),
          sql`coalesce(${matchRecords.result}->>'outcome', '') <> 'cancelled'`,
        ),
      )
      .groupBy(matchRecords.mode, matchRecords.currency, matchRecords.value);
  }
}
