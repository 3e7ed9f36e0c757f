import { battleBegun, rushScore } from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { sqlErrorOf, SQLSTATE } from '../../../platform/db/sql-errors.ts';
import { inTx } from '../../../platform/db/transaction.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { AttemptStore } from '../attempts.store.ts';
import { puzzleById } from '../selection.store.ts';
import type { BattleDeps, PlayState } from './battle.service.ts';
import type { LobbyLifecycle } from './lifecycle.ts';
import { LobbyStore, isSeated, type LobbyRecord, type ParticipantRecord } from './lobbies.store.ts';
import { lobbyUnavailable, notBegun, timeUp } from './refusals.ts';

/** Attempt ids are public ids (base64url); anything else names no attempt and never reaches a query. */
const attemptIdOf = (raw: string): string => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw notFound();
  return raw;
};

/** The lobby, the player's row and their attempt, both locked: every move or skip starts here. */
async function lockTurn(tx: DbOrTx, uid: string, lobbyId: string, attemptId: string) {
  const store = new LobbyStore(tx);
  const lobby = await store.find(lobbyId);
  if (!lobby) throw lobbyUnavailable();
  const p = await store.lockParticipant(lobbyId, uid);
  if (!p) throw lobbyUnavailable();
  const a = await new AttemptStore(tx).lockOwn(uid, attemptIdOf(attemptId));
  if (!a || a.context !== 'battle' || a.contextId !== lobbyId) throw notFound();
  return { lobby, p, a };
}

/**
 * The battle itself: every player works through the same puzzle sequence; moves are judged on
 * the server, a wrong move is a strike, a skip breaks the streak, and each change of a player's
 * row may end the battle (LobbyLifecycle.finishIfDone).
 */
export class BattlePlay {
  constructor(
    private readonly d: BattleDeps,
    private readonly lifecycle: LobbyLifecycle,
  ) {}

  private now() {
    return this.d.clock.now();
  }

  /** The player's current puzzle (GET battlePuzzle; also resumes after a reload). */
  async current(uid: string, lobbyId: string): Promise<PlayState> {
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    const p = (await store.participants(lobbyId)).find((x) => x.uid === uid);
    if (!p) throw lobbyUnavailable();
    return { puzzle: await this.puzzleOf(this.d.db, lobby, p), lobby };
  }

  /** A move on the current puzzle, judged on the server (a resend of a judged ply answers the same). */
  async move(uid: string, lobbyId: string, req: { attemptId: string; ply: number; uci: string }): Promise<PlayState> {
    const out = await inTx(this.d.db, async (tx) => {
      const { lobby, p, a } = await lockTurn(tx, uid, lobbyId, req.attemptId);
      const resend = a.lastPly === req.ply && a.lastUci === req.uci && a.lastVerdict !== null;
      if (!resend) this.mustPlay(lobby, p, a.seq);
      const judged = await this.d.attempts.judge(tx, uid, a.id, { ply: req.ply, uci: req.uci });
      let player = p;
      if (judged.fresh && judged.verdict.verdict === 'wrong') {
        // A wrong move fails the puzzle (a strike, the streak broken) and the next one comes.
        await this.d.attempts.close(tx, uid, a.id, 'failed');
        player = await this.advance(tx, lobby, p, { strikes: p.strikes + 1, currentStreak: 0 });
      } else if (judged.fresh && judged.verdict.solved) {
        const completed = p.puzzlesCompleted + 1;
        const streak = p.currentStreak + 1;
        const largest = Math.max(p.largestStreak, streak);
        player = await this.advance(tx, lobby, p, {
          puzzlesCompleted: completed,
          currentStreak: streak,
          largestStreak: largest,
          points: rushScore(completed, largest),
        });
      }
      return { verdict: judged.verdict, lobby, player, changed: player !== p };
    });
    return this.played(out.lobby, out.player, out.changed, out.verdict);
  }

  /** Skip: the puzzle counts as skipped (the streak breaks) and the next one comes. */
  async skip(uid: string, lobbyId: string, attemptId: string): Promise<PlayState> {
    const out = await inTx(this.d.db, async (tx) => {
      const { lobby, p, a } = await lockTurn(tx, uid, lobbyId, attemptId);
      // A resend of a skip already applied (the player moved on): nothing changes.
      if (a.seq !== p.current) return { lobby, player: p, changed: false };
      this.mustPlay(lobby, p, a.seq);
      await this.d.attempts.close(tx, uid, a.id, 'skipped');
      const player = await this.advance(tx, lobby, p, { skips: p.skips + 1, currentStreak: 0 });
      return { lobby, player, changed: true };
    });
    return this.played(out.lobby, out.player, out.changed);
  }

  private mustPlay(lobby: LobbyRecord, p: ParticipantRecord, seq: number): void {
    if (lobby.status !== 'started') throw lobby.status === 'finished' ? timeUp() : lobbyUnavailable();
    if (lobby.endsAt && lobby.endsAt <= this.now()) throw timeUp();
    if (lobby.startedAt && !battleBegun(lobby.startedAt.getTime(), this.now().getTime())) throw notBegun();
    if (!isSeated(p)) throw lobbyUnavailable();
    if (seq !== p.current) throw new AppError('CONFLICT', 'This puzzle is over.');
  }

  /** Next puzzle in the sequence, with an attempt opened for it (none past the end). */
  private async advance(
    tx: DbOrTx,
    lobby: LobbyRecord,
    p: ParticipantRecord,
    patch: Partial<ParticipantRecord>,
  ): Promise<ParticipantRecord> {
    const store = new LobbyStore(tx);
    const updated = await store.updateParticipant(lobby.id, p.uid, { ...patch, current: p.current + 1 });
    await this.puzzleOf(tx, lobby, updated);
    await store.touch(lobby.id);
    return updated;
  }

  private async played(
    lobby: LobbyRecord,
    player: ParticipantRecord,
    changed: boolean,
    verdict?: MoveVerdictView,
  ): Promise<PlayState> {
    if (changed) {
      await this.d.views.publish(lobby.id, { list: false });
      await this.lifecycle.finishIfDone(lobby.id);
    }
    const fresh = (await new LobbyStore(this.d.db).find(lobby.id))!;
    return { ...(verdict ? { verdict } : {}), puzzle: await this.puzzleOf(this.d.db, fresh, player), lobby: fresh };
  }

  /** The player's attempt at their current puzzle, opened on first sight (unique per seq). */
  private async puzzleOf(db: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<PuzzleView | null> {
    if (lobby.status !== 'started' || !isSeated(p)) return null;
    const puzzleId = await new LobbyStore(db).puzzleAt(lobby.id, p.current);
    if (!puzzleId) return null;
    const attempts = new AttemptStore(db);
    const existing = await attempts.bySeq(p.uid, lobby.id, p.current);
    if (existing) return this.d.attempts.view(db, existing);
    const puzzle = await puzzleById(db, puzzleId);
    if (!puzzle) return null;
    try {
      return await this.d.attempts.open(db, p.uid, puzzle, { context: 'battle', contextId: lobby.id, seq: p.current });
    } catch (err) {
      // A racing read opened it first (the unique index on uid, lobby, seq).
      if (sqlErrorOf(err)?.code !== SQLSTATE.uniqueViolation) throw err;
      const again = await attempts.bySeq(p.uid, lobby.id, p.current);
      return again ? this.d.attempts.view(db, again) : null;
    }
  }

  /** A guest's forfeit during the battle: the current puzzle fails and they are out. */
  async forfeitIn(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    await this.closeCurrent(tx, lobby, p);
    await new LobbyStore(tx).updateParticipant(lobby.id, p.uid, { leftAt: this.now(), leftHow: 'forfeit' });
  }

  /** The owner's "Leave game early": no more puzzles for them; their points stand. */
  async stopPlaying(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    await this.closeCurrent(tx, lobby, p);
    const length = await new LobbyStore(tx).sequenceLength(lobby.id);
    await new LobbyStore(tx).updateParticipant(lobby.id, p.uid, { current: Math.max(p.current, length) });
  }

  private async closeCurrent(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    const a = await new AttemptStore(tx).bySeq(p.uid, lobby.id, p.current);
    if (a?.status === 'open') await this.d.attempts.close(tx, p.uid, a.id, 'failed');
  }
}
