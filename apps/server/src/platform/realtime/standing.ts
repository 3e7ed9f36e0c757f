import type { FastifyBaseLogger } from 'fastify';
import type { AccountStanding } from '@rush/domain';
import type { ConnectionIndex } from './connection-index.ts';
import type { SocketConnection } from './connection.ts';

/**
 * What the accounts capability gives the hub (issue 35): how to read a user's standing, and the
 * rule that refuses a command for it. The hub keeps the standing with each socket, so a command
 * costs no database read; events re-read it.
 */
export interface StandingRules {
  /** One read of the user's standing; null when the account is gone. */
  read(userId: string): Promise<AccountStanding | null>;
  /** Throws the AppError a command is refused with; returns when the account may act. */
  check(standing: AccountStanding | null): void;
}

/**
 * The standing kept with one socket. It is read when the socket is authenticated and changes
 * only through `follow` (a re-read an event started). While a re-read is in flight the socket's
 * commands wait for it, so none is judged by the standing the event replaced; if the re-read
 * failed, the next command reads for itself instead of trusting the old value.
 */
export class StandingCell {
  private pending: Promise<void> | null = null;
  /** No trusted value: never read (the authenticator gave none) or the last re-read failed. */
  private stale: boolean;
  /** Re-reads may finish out of order: only the one started last is kept. */
  private seq = 0;

  constructor(private value: AccountStanding | null | undefined) {
    this.stale = value === undefined;
  }

  /** Takes the result of a re-read started now (one read may serve all the user's sockets). */
  follow(read: Promise<AccountStanding | null>): void {
    const mine = ++this.seq;
    this.pending = read.then(
      (standing) => {
        if (mine !== this.seq) return;
        this.value = standing;
        this.stale = false;
        this.pending = null;
      },
      () => {
        if (mine !== this.seq) return;
        this.stale = true;
        this.pending = null;
      },
    );
  }

  /** The standing a command is judged by. Commands of one socket run one at a time (its queue). */
  async current(read: () => Promise<AccountStanding | null>): Promise<AccountStanding | null> {
    while (this.pending) await this.pending;
    if (this.stale) {
      const fresh = read();
      this.follow(fresh);
      // A failing read throws here: the command is refused as when every command read it.
      await fresh;
      return this.current(read);
    }
    return this.value ?? null;
  }
}

/** The hub's side: the check before every command, and the re-reads the bus's events start. */
export class StandingKeeper {
  private rules: StandingRules | null = null;

  constructor(
    private readonly index: ConnectionIndex,
    private readonly log: FastifyBaseLogger,
  ) {}

  setRules(rules: StandingRules): void {
    if (this.rules) throw new Error('realtime standing rules are already set');
    this.rules = rules;
  }

  /** Before every command's handler: throws (an AppError) to refuse it. Visitors pass. */
  async admit(conn: SocketConnection): Promise<void> {
    const rules = this.rules;
    const userId = conn.userId;
    if (!rules || userId === null) return;
    rules.check(await conn.standing.current(() => rules.read(userId)));
  }

  /**
   * The user's standing changed (an event from any instance, or this instance's own fallback):
   * one read for every socket of the user here. Sockets opened after this read it at connect.
   */
  refresh(userId: string): void {
    const rules = this.rules;
    const conns = this.index.userConnections(userId);
    if (!rules || conns.length === 0) return;
    const read = rules.read(userId);
    read.catch((err: unknown) => this.log.warn({ err, userId }, 'account standing not re-read; read per command'));
    for (const conn of conns) conn.standing.follow(read);
  }

  /** The bus may have missed events (its Redis subscription came back): every user here re-reads. */
  refreshAll(): void {
    const users = new Set<string>();
    for (const conn of this.index.all) if (conn.userId !== null) users.add(conn.userId);
    for (const userId of users) this.refresh(userId);
  }
}
