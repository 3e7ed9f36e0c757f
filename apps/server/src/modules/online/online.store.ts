import { and, eq, gte, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database.ts';
import { onlineSince, presence, users } from '../accounts/index.ts';
import { matchRecords } from '../matchmaking/index.ts';
import { games } from '../play/index.ts';
import { lobbyParticipants, puzzleAttempts, puzzleLobbies, soloRuns } from '../puzzles/index.ts';

export interface OnlineRow {
  uid: string;
  username: string;
  avatarVersion: number;
  state: 'online' | 'idle';
}

export interface LobbyFact {
  uid: string;
  lobbyId: string;
  status: 'created' | 'started';
  ownerUid: string;
  privacy: 'public' | 'private';
  /** The owner's rating in the lobby (what a joiner's rating is measured against). */
  ownerElo: number | null;
}

/** What the signed-in users counted online are doing, read straight from each capability's tables. */
export interface ActivityFacts {
  searching: Set<string>;
  /** uid -> running game id */
  games: Map<string, string>;
  lobbies: Map<string, LobbyFact>;
  /** Users with an open solo run or a casual attempt in the recent window. */
  puzzling: Set<string>;
}

/** Read-only queries of the online list (the tables belong to accounts, matchmaking, play, puzzles). */
export class OnlineStore {
  constructor(private readonly db: DbOrTx) {}

  /** Visible signed-in users not offline whose presence changed since `since` (SPEC 9 window). */
  async onlineUsers(since: Date): Promise<OnlineRow[]> {
    const rows = await this.db
      .select({
        uid: users.id,
        username: users.username,
        avatarVersion: users.avatarVersion,
        state: presence.state,
      })
      .from(presence)
      .innerJoin(users, eq(users.id, presence.userId))
      .where(and(isNotNull(presence.userId), onlineSince(since), eq(presence.visible, true), eq(users.closed, false)));
    return rows.map((r) => ({ ...r, state: r.state === 'idle' ? 'idle' : 'online' }));
  }

  async activityFacts(uids: string[], recentPuzzleSince: Date): Promise<ActivityFacts> {
    const facts: ActivityFacts = { searching: new Set(), games: new Map(), lobbies: new Map(), puzzling: new Set() };
    if (uids.length === 0) return facts;
    const [searching, running, lobbies, solo, casual] = await Promise.all([
      this.db
        .select({ uid: matchRecords.uid })
        .from(matchRecords)
        .where(
          and(inArray(matchRecords.uid, uids), eq(matchRecords.cleared, false), eq(matchRecords.state, 'searching')),
        ),
      this.db
        .select({ id: games.id, white: games.whiteId, black: games.blackId })
        .from(games)
        .where(and(eq(games.status, 'started'), or(inArray(games.whiteId, uids), inArray(games.blackId, uids)))),
      this.lobbiesOf(uids),
      this.db
        .select({ uid: soloRuns.uid })
        .from(soloRuns)
        .where(and(inArray(soloRuns.uid, uids), ne(soloRuns.status, 'finished'))),
      this.db
        .select({ uid: puzzleAttempts.uid })
        .from(puzzleAttempts)
        .where(
          and(
            inArray(puzzleAttempts.uid, uids),
            eq(puzzleAttempts.context, 'casual'),
            or(gte(puzzleAttempts.createdAt, recentPuzzleSince), gte(puzzleAttempts.finishedAt, recentPuzzleSince)),
          ),
        ),
    ]);
    for (const r of searching) facts.searching.add(r.uid);
    const wanted = new Set(uids);
    for (const g of running) {
      if (wanted.has(g.white)) facts.games.set(g.white, g.id);
      if (wanted.has(g.black)) facts.games.set(g.black, g.id);
    }
    for (const l of lobbies) {
      // A started lobby outranks one still gathering (a user is in at most one of each in practice).
      const prev = facts.lobbies.get(l.uid);
      if (!prev || (prev.status === 'created' && l.status === 'started')) facts.lobbies.set(l.uid, l);
    }
    for (const r of [...solo, ...casual]) facts.puzzling.add(r.uid);
    return facts;
  }

  private async lobbiesOf(uids: string[]): Promise<LobbyFact[]> {
    const owner = alias(lobbyParticipants, 'owner_participant');
    const rows = await this.db
      .select({
        uid: lobbyParticipants.uid,
        lobbyId: puzzleLobbies.id,
        status: puzzleLobbies.status,
        ownerUid: puzzleLobbies.ownerUid,
        settings: puzzleLobbies.settings,
        ownerElo: owner.elo,
      })
      .from(lobbyParticipants)
      .innerJoin(puzzleLobbies, eq(puzzleLobbies.id, lobbyParticipants.lobbyId))
      .leftJoin(owner, and(eq(owner.lobbyId, puzzleLobbies.id), eq(owner.uid, puzzleLobbies.ownerUid)))
      .where(
        and(
          inArray(lobbyParticipants.uid, uids),
          isNull(lobbyParticipants.leftAt),
          inArray(puzzleLobbies.status, ['created', 'started']),
        ),
      );
    return rows.map((r) => ({
      uid: r.uid,
      lobbyId: r.lobbyId,
      status: r.status === 'started' ? 'started' : 'created',
      ownerUid: r.ownerUid,
      privacy: r.settings.privacy === 'private' ? 'private' : 'public',
      ownerElo: r.ownerElo,
    }));
  }
}
