import { and, eq, ne, or, sql } from 'drizzle-orm';
import { pendingInviteCount, type FriendshipState } from '@rush/domain';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import { presence, users } from '../accounts/index.ts';
import { friendships } from './schema.ts';

/** The pair's row key: `userA < userB` (the table's check), so a pair has exactly one row. */
export const pairOf = (x: string, y: string) => (x < y ? { userA: x, userB: y } : { userA: y, userB: x });

type Row = typeof friendships.$inferSelect;

export function stateOf(row: Pick<Row, 'status' | 'inviter'> | undefined): FriendshipState | null {
  if (!row) return null;
  if (row.status === 'invited' && row.inviter) return { status: 'invited', inviter: row.inviter };
  if (row.status === 'friends') return { status: 'friends' };
  return { status: 'none' };
}

/** One listed entry as read from the database, before the domain turns it into a view. */
export interface FriendRow {
  uid: string;
  username: string;
  avatarVersion: number;
  banned: boolean;
  state: FriendshipState;
  presenceState: 'online' | 'idle' | 'offline' | null;
  presenceVisible: boolean | null;
  lastChanged: Date | null;
}

export class FriendshipStore {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The pair's row, locked for the rest of the transaction. The row is created first (status
   * none) if missing, so two first invitations racing each other serialise on the same row
   * instead of both seeing "nothing" and one failing on the primary key.
   */
  async lockPair(tx: Tx, x: string, y: string, now: Date): Promise<FriendshipState | null> {
    const pair = pairOf(x, y);
    await tx
      .insert(friendships)
      .values({ ...pair, status: 'none', inviter: null, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(friendships)
      .where(and(eq(friendships.userA, pair.userA), eq(friendships.userB, pair.userB)))
      .for('update');
    return stateOf(row);
  }

  async save(tx: Tx, x: string, y: string, state: FriendshipState, now: Date): Promise<void> {
    const pair = pairOf(x, y);
    await tx
      .update(friendships)
      .set({ status: state.status, inviter: state.status === 'invited' ? state.inviter : null, updatedAt: now })
      .where(and(eq(friendships.userA, pair.userA), eq(friendships.userB, pair.userB)));
  }

  async stateBetween(x: string, y: string): Promise<FriendshipState | null> {
    const pair = pairOf(x, y);
    const [row] = await this.db
      .select({ status: friendships.status, inviter: friendships.inviter })
      .from(friendships)
      .where(and(eq(friendships.userA, pair.userA), eq(friendships.userB, pair.userB)));
    return stateOf(row);
  }

  async areFriends(x: string, y: string): Promise<boolean> {
    return (await this.stateBetween(x, y))?.status === 'friends';
  }

  /** The pending invitations of `me`'s pairs, both ways (the caller counts those to `me`). */
  async invitationsOf(me: string): Promise<FriendshipState[]> {
    const rows = await this.db
      .select({ status: friendships.status, inviter: friendships.inviter })
      .from(friendships)
      .where(and(or(eq(friendships.userA, me), eq(friendships.userB, me)), eq(friendships.status, 'invited')));
    return rows.map((r) => stateOf(r) ?? { status: 'none' });
  }

  /** The header badge of `Me`: the same count as the friends list's (domain pendingInviteCount). */
  async pendingInviteCount(me: string): Promise<number> {
    return pendingInviteCount(await this.invitationsOf(me), me);
  }

  /** Every pair of `me` that is not `none`, with the other user and their presence row. */
  async listOf(me: string): Promise<FriendRow[]> {
    const other = sql`(CASE WHEN ${friendships.userA} = ${me} THEN ${friendships.userB} ELSE ${friendships.userA} END)`;
    const rows = await this.db
      .select({
        uid: users.id,
        username: users.username,
        avatarVersion: users.avatarVersion,
        banned: users.banned,
        status: friendships.status,
        inviter: friendships.inviter,
        presenceState: presence.state,
        presenceVisible: presence.visible,
        lastChanged: presence.lastChanged,
      })
      .from(friendships)
      .innerJoin(users, eq(users.id, other))
      .leftJoin(presence, eq(presence.key, sql`'u:' || ${users.id}`))
      .where(and(or(eq(friendships.userA, me), eq(friendships.userB, me)), ne(friendships.status, 'none')));
    return rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      avatarVersion: r.avatarVersion,
      banned: r.banned,
      state: stateOf(r) ?? { status: 'none' },
      presenceState: r.presenceState,
      presenceVisible: r.presenceVisible,
      lastChanged: r.lastChanged,
    }));
  }
}
