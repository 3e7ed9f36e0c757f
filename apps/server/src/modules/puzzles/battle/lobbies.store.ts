import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { users } from '../../accounts/index.ts';
import { lobbyChat, lobbyParticipants, lobbyPuzzles, puzzleLobbies } from '../schema.ts';

export type LobbyRecord = typeof puzzleLobbies.$inferSelect;
export type ParticipantRecord = typeof lobbyParticipants.$inferSelect;
export type ChatRecord = typeof lobbyChat.$inferSelect;

/** Still in the lobby: not left before the start, not forfeited, not kicked. */
export const isSeated = (p: ParticipantRecord) => p.leftAt === null;

/** Battle lobbies, their participants, puzzle sequence and chat (SPEC 3 Puzzle lobby). */
export class LobbyStore {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: typeof puzzleLobbies.$inferInsert): Promise<LobbyRecord> {
    const [inserted] = await this.db.insert(puzzleLobbies).values(row).returning();
    return inserted!;
  }

  async find(id: string): Promise<LobbyRecord | null> {
    const [row] = await this.db.select().from(puzzleLobbies).where(eq(puzzleLobbies.id, id));
    return row ?? null;
  }

  /** The lobby row locked: every change to a lobby and its seats happens under it. */
  async lock(id: string): Promise<LobbyRecord | null> {
    const [row] = await this.db.select().from(puzzleLobbies).where(eq(puzzleLobbies.id, id)).for('update');
    return row ?? null;
  }

  async byCode(code: string): Promise<LobbyRecord | null> {
    const [row] = await this.db.select().from(puzzleLobbies).where(eq(puzzleLobbies.code, code));
    return row ?? null;
  }

  /** Changes the lobby only while it is in `from` (deadline sweeps and requests may race). */
  async updateIf(id: string, from: LobbyRecord['status'], patch: Partial<LobbyRecord>): Promise<LobbyRecord | null> {
    const [row] = await this.db
      .update(puzzleLobbies)
      .set({ ...patch, version: sql`${puzzleLobbies.version} + 1` })
      .where(and(eq(puzzleLobbies.id, id), eq(puzzleLobbies.status, from)))
      .returning();
    return row ?? null;
  }

  async touch(id: string): Promise<void> {
    await this.db
      .update(puzzleLobbies)
      .set({ version: sql`${puzzleLobbies.version} + 1` })
      .where(eq(puzzleLobbies.id, id));
  }

  /** Lobbies waiting for players, newest first (the lobby list). */
  async open(limit = 100): Promise<LobbyRecord[]> {
    return this.db
      .select()
      .from(puzzleLobbies)
      .where(eq(puzzleLobbies.status, 'created'))
      .orderBy(desc(puzzleLobbies.createdAt), desc(puzzleLobbies.id))
      .limit(limit);
  }

  async dueStarts(now: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: puzzleLobbies.id })
      .from(puzzleLobbies)
      .where(and(eq(puzzleLobbies.status, 'created'), lte(puzzleLobbies.autoStartAt, now)));
    return rows.map((r) => r.id);
  }

  async dueEnds(now: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: puzzleLobbies.id })
      .from(puzzleLobbies)
      .where(and(eq(puzzleLobbies.status, 'started'), lte(puzzleLobbies.endsAt, now)));
    return rows.map((r) => r.id);
  }

  /**
   * Whoever is or was in the lobby (seated, left, kicked, forfeited). Everyone else is a
   * non-member and gets GET's refusal of a private lobby (lobbyUnavailable) from every route
   * that acts in a lobby, so no answer tells a stranger more than the public list does.
   */
  async isMember(lobbyId: string, uid: string): Promise<boolean> {
    return (await this.participants(lobbyId)).some((p) => p.uid === uid);
  }

  /**
   * Who may read a private lobby (its view, chat and topic): whoever is or was in it, except a
   * member the owner or an admin kicked, who loses it at once (issue 33).
   */
  async canRead(lobbyId: string, uid: string): Promise<boolean> {
    return (await this.participants(lobbyId)).some((p) => p.uid === uid && p.leftHow !== 'kicked');
  }

  async participants(lobbyId: string): Promise<ParticipantRecord[]> {
    return this.db
      .select()
      .from(lobbyParticipants)
      .where(eq(lobbyParticipants.lobbyId, lobbyId))
      .orderBy(asc(lobbyParticipants.joinedAt), asc(lobbyParticipants.uid));
  }

  async seatCounts(lobbyIds: string[]): Promise<Map<string, number>> {
    if (lobbyIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: lobbyParticipants.lobbyId, n: sql<number>`count(*)::int` })
      .from(lobbyParticipants)
      .where(and(inArray(lobbyParticipants.lobbyId, lobbyIds), isNull(lobbyParticipants.leftAt)))
      .groupBy(lobbyParticipants.lobbyId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /** The participant row locked (moves of one player are judged one at a time). */
  async lockParticipant(lobbyId: string, uid: string): Promise<ParticipantRecord | null> {
    const [row] = await this.db
      .select()
      .from(lobbyParticipants)
      .where(and(eq(lobbyParticipants.lobbyId, lobbyId), eq(lobbyParticipants.uid, uid)))
      .for('update');
    return row ?? null;
  }

  async upsertParticipant(row: typeof lobbyParticipants.$inferInsert): Promise<void> {
    await this.db
      .insert(lobbyParticipants)
      .values(row)
      .onConflictDoUpdate({
        target: [lobbyParticipants.lobbyId, lobbyParticipants.uid],
        set: { elo: row.elo, joinedAt: row.joinedAt, leftAt: null, leftHow: null },
      });
  }

  async updateParticipant(lobbyId: string, uid: string, patch: Partial<ParticipantRecord>): Promise<ParticipantRecord> {
    const [row] = await this.db
      .update(lobbyParticipants)
      .set(patch)
      .where(and(eq(lobbyParticipants.lobbyId, lobbyId), eq(lobbyParticipants.uid, uid)))
      .returning();
    return row!;
  }

  /** The lobby (created or started) the user is seated in, if any: one puzzle game at a time. */
  async activeOf(uid: string): Promise<LobbyRecord | null> {
    const [row] = await this.db
      .select({ lobby: puzzleLobbies })
      .from(lobbyParticipants)
      .innerJoin(puzzleLobbies, eq(puzzleLobbies.id, lobbyParticipants.lobbyId))
      .where(
        and(
          eq(lobbyParticipants.uid, uid),
          isNull(lobbyParticipants.leftAt),
          inArray(puzzleLobbies.status, ['created', 'started']),
        ),
      )
      .orderBy(desc(puzzleLobbies.createdAt))
      .limit(1);
    return row?.lobby ?? null;
  }

  /** Serializes one user's joins and creations (one puzzle game at a time, across lobbies). */
  async lockUser(uid: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, uid)).for('update');
  }

  async insertSequence(lobbyId: string, puzzleIds: string[]): Promise<void> {
    if (puzzleIds.length === 0) return;
    await this.db.insert(lobbyPuzzles).values(puzzleIds.map((puzzleId, seq) => ({ lobbyId, seq, puzzleId })));
  }

  async puzzleAt(lobbyId: string, seq: number): Promise<string | null> {
    const [row] = await this.db
      .select({ id: lobbyPuzzles.puzzleId })
      .from(lobbyPuzzles)
      .where(and(eq(lobbyPuzzles.lobbyId, lobbyId), eq(lobbyPuzzles.seq, seq)));
    return row?.id ?? null;
  }

  async sequenceLength(lobbyId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lobbyPuzzles)
      .where(eq(lobbyPuzzles.lobbyId, lobbyId));
    return Number(row?.n ?? 0);
  }

  async addChat(row: typeof lobbyChat.$inferInsert): Promise<ChatRecord> {
    const [inserted] = await this.db.insert(lobbyChat).values(row).returning();
    return inserted!;
  }

  /** The last `limit` lines, oldest first. */
  async chat(lobbyId: string, limit = 100): Promise<ChatRecord[]> {
    const rows = await this.db
      .select()
      .from(lobbyChat)
      .where(eq(lobbyChat.lobbyId, lobbyId))
      .orderBy(desc(lobbyChat.id))
      .limit(limit);
    return rows.reverse();
  }
}
