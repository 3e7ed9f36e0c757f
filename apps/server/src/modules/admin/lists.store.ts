import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { matchRecords } from '../matchmaking/index.ts';
import { lobbyParticipants, puzzleLobbies } from '../puzzles/index.ts';

/** The matchmaking states the console lists: looking for or about to play an opponent. */
const WAITING_STATES = ['searching', 'matched', 'starting'] as const;

/** The console's live lists of other capabilities' tables (read only): who waits for a match, which lobbies wait to start. */
export class AdminListsStore {
  constructor(private readonly db: DbOrTx) {}

  async matchmaking(limit: number) {
    return this.db
      .select({
        uid: matchRecords.uid,
        username: users.username,
        state: matchRecords.state,
        gameType: matchRecords.mode,
        currency: matchRecords.currency,
        amount: matchRecords.amount,
        since: matchRecords.startedAt,
      })
      .from(matchRecords)
      .innerJoin(users, eq(users.id, matchRecords.uid))
      .where(and(eq(matchRecords.cleared, false), inArray(matchRecords.state, [...WAITING_STATES])))
      .orderBy(asc(matchRecords.startedAt), asc(matchRecords.uid))
      .limit(limit);
  }

  /** Battle lobbies still in the waiting room (`created`), newest first, with their seated members. */
  async lobbies(limit: number) {
    const lobbies = await this.db
      .select({
        id: puzzleLobbies.id,
        ownerUid: puzzleLobbies.ownerUid,
        owner: users.username,
        settings: puzzleLobbies.settings,
        createdAt: puzzleLobbies.createdAt,
      })
      .from(puzzleLobbies)
      .innerJoin(users, eq(users.id, puzzleLobbies.ownerUid))
      .where(eq(puzzleLobbies.status, 'created'))
      .orderBy(desc(puzzleLobbies.createdAt), desc(puzzleLobbies.id))
      .limit(limit);
    if (lobbies.length === 0) return [];
    const members = await this.db
      .select({ lobbyId: lobbyParticipants.lobbyId, uid: lobbyParticipants.uid, username: users.username })
      .from(lobbyParticipants)
      .innerJoin(users, eq(users.id, lobbyParticipants.uid))
      .where(
        and(
          inArray(
            lobbyParticipants.lobbyId,
            lobbies.map((l) => l.id),
          ),
          isNull(lobbyParticipants.leftAt),
        ),
      )
      .orderBy(asc(lobbyParticipants.joinedAt));
    return lobbies.map((l) => ({ ...l, members: members.filter((m) => m.lobbyId === l.id) }));
  }
}
