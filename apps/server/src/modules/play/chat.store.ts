import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { gameChat } from './schema.ts';

export type ChatRoom = 'player' | 'spectator';
export interface ChatRow {
  id: number;
  userId: string;
  username: string;
  text: string;
  sentAt: Date;
}

/** Player and spectator chat lines of a game. */
export class ChatStore {
  constructor(private readonly db: DbOrTx) {}

  async add(gameId: string, room: ChatRoom, userId: string, text: string, sentAt: Date): Promise<number> {
    const [row] = await this.db
      .insert(gameChat)
      .values({ gameId, room, userId, text, sentAt })
      .returning({ id: gameChat.id });
    return row!.id;
  }

  /** The last `limit` lines, oldest first. */
  async recent(gameId: string, room: ChatRoom, limit: number): Promise<ChatRow[]> {
    const rows = await this.db
      .select({
        id: gameChat.id,
        userId: gameChat.userId,
        username: users.username,
        text: gameChat.text,
        sentAt: gameChat.sentAt,
      })
      .from(gameChat)
      .innerJoin(users, eq(users.id, gameChat.userId))
      .where(and(eq(gameChat.gameId, gameId), eq(gameChat.room, room)))
      .orderBy(desc(gameChat.id))
      .limit(limit);
    return rows.reverse();
  }

  /** The user's own last line in the room (SPEC 5: no repeating it). */
  async lastOf(gameId: string, room: ChatRoom, userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ text: gameChat.text })
      .from(gameChat)
      .where(and(eq(gameChat.gameId, gameId), eq(gameChat.room, room), eq(gameChat.userId, userId)))
      .orderBy(desc(gameChat.id))
      .limit(1);
    return row?.text ?? null;
  }
}
