import crypto from 'node:crypto';
import { LOBBY, PUZZLE_TEXTS, eloRangeOf, paysStake, rushScore, targetRating, type BattleSettings } from '@rush/domain';
import { DeviceGps, type MoveVerdictView, type PuzzleView } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db/database.ts';
import { sqlErrorOf, SQLSTATE } from '../../../platform/db/sql-errors.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { inTx } from '../../matchmaking/queue.service.ts';
import { newPublicId } from '../../play/ids.ts';
import type { Attempts } from '../attempts.service.ts';
import { AttemptStore } from '../attempts.store.ts';
import { puzzleById, selectPuzzles } from '../selection.store.ts';
import type { Eligibility } from './eligibility.ts';
import { LobbyStore, isSeated, puzzleRatingOf, type LobbyRecord, type ParticipantRecord } from './lobbies.store.ts';
import { stakeOf, type LobbyMoney } from './money.ts';
import {
  alreadyInLobby,
  badLobbyRequest,
  lobbyFull,
  lobbyStarted,
  lobbyUnavailable,
  notOwner,
  timeUp,
} from './refusals.ts';
import { battleResults, battlers } from './results.ts';
import type { LobbyViews } from './views.ts';

/** How many puzzles a battle issues: more than anyone solves in 5 minutes. */
export const BATTLE_PUZZLES = 60;
/** Private lobby codes: 8 characters without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_SHAPE = /^[A-Za-z0-9]+$/;
/** Control characters other than tab and line breaks (NUL cannot even be stored). */
export const hasControlChars = (text: string): boolean =>
  [...text].some((ch) => {
    const c = ch.charCodeAt(0);
    return (c < 32 && ch !== '\t' && ch !== '\n' && ch !== '\r') || c === 127;
  });
/** Attempt ids are public ids (base64url); anything else names no attempt and never reaches a query. */
const attemptIdOf = (raw: string): string => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw notFound();
  return raw;
};
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');

export interface BattleDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  money: LobbyMoney;
  views: LobbyViews;
  attempts: Attempts;
  eligibility: Eligibility;
  /** Another puzzle game of the user (a solo run): one puzzle game at a time. */
  otherGame?: (uid: string) => Promise<boolean>;
}

export interface CreateInput {
  settings: BattleSettings;
  deviceGps?: unknown;
}

/** What a move, a skip or a GET answers: the verdict, the player's current puzzle, the lobby. */
export interface PlayState {
  verdict?: MoveVerdictView;
  puzzle: PuzzleView | null;
  lobby: LobbyRecord;
}

const gpsOf = (raw: unknown): DeviceGps | undefined => {
  if (raw === undefined || raw === null) return undefined;
  const r = DeviceGps.safeParse(raw);
  if (!r.success) throw new AppError('VALIDATION', 'Invalid location.', { deviceGps: 'Invalid location.' });
  return r.data;
};

/**
 * Battle Puzzle Rush lobbies (SPEC 2-5, 8, 9; issue 6 items 5, 6). The lobby lives in the
 * database: every change happens under its row lock, deadlines (auto-start, end) are columns
 * any instance sweeps with guarded updates, and money moves only through LobbyMoney.
 */
export class BattleService {
  constructor(private readonly d: BattleDeps) {}

  private now() {
    return this.d.clock.now();
  }

  // ---------------------------------------------------------------------------------------
  // Waiting room

  async create(uid: string, req: CreateInput): Promise<LobbyRecord> {
    const s = req.settings;
    const owner = await this.d.eligibility.forOwner(uid, s, gpsOf(req.deviceGps));
    await this.ensureFree(uid);
    const now = this.now();
    const range = eloRangeOf(owner.rating);
    const id = newPublicId();
    await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      await store.lockUser(uid);
      if (await store.activeOf(uid)) throw alreadyInLobby();
      await store.insert({
        id,
        ownerUid: uid,
        status: 'created',
        settings: s,
        code: s.privacy === 'private' ? newCode() : null,
        eloMin: range.min,
        eloMax: range.max,
        createdAt: now,
        autoStartAt: new Date(now.getTime() + LOBBY.autoStartMs),
      });
      await store.upsertParticipant({ lobbyId: id, uid, elo: owner.rating, joinedAt: now });
    });
    // The lobby row exists before its escrow, so the wallet's sweeper never sees stakes of an unknown lobby.
    const lobby = (await new LobbyStore(this.d.db).find(id))!;
    try {
      await this.d.money.hold(lobby, uid, newPublicId());
    } catch (err) {
      await new LobbyStore(this.d.db).updateIf(id, 'created', {
        status: 'canceled',
        finishedAt: this.now(),
        autoStartAt: null,
      });
      await this.d.money
        .refundAll(lobby)
        .catch((e: unknown) => this.d.log.warn({ err: e, id }, 'lobby refund left to the sweeper'));
      throw this.d.eligibility.holdRefusal(err);
    }
    await this.d.views.publish(id);
    return (await new LobbyStore(this.d.db).find(id))!;
  }

  async join(uid: string, lobbyId: string, code: string | undefined, rawGps: unknown): Promise<LobbyRecord> {
    const lobby = await new LobbyStore(this.d.db).find(lobbyId);
    if (!lobby || lobby.status !== 'created') throw lobbyUnavailable();
    if (lobby.settings.privacy === 'private') {
      const given = code?.trim() ?? '';
      if (given === '') throw badLobbyRequest(PUZZLE_TEXTS.codeRequired);
      if (given.length > LOBBY.codeMax) throw badLobbyRequest(PUZZLE_TEXTS.codeTooLong);
      if (given !== lobby.code) throw lobbyUnavailable();
    }
    const mine = (await new LobbyStore(this.d.db).participants(lobbyId)).find((p) => p.uid === uid);
    if (mine && isSeated(mine)) return lobby;
    if (mine?.leftHow === 'kicked') throw lobbyUnavailable();
    const seated = (await new LobbyStore(this.d.db).seatCounts([lobbyId])).get(lobbyId) ?? 0;
    if (seated >= lobby.settings.maxParticipants) throw lobbyFull();
    const owner = await this.ownerOf(lobby);
    const player = await this.d.eligibility.forGuest(uid, lobby, owner.elo, gpsOf(rawGps));
    await this.ensureFree(uid);

    const pays = paysStake(lobby.settings.prizeMode, false);
    const seat = newPublicId();
    if (pays) {
      try {
        await this.d.money.hold(lobby, uid, seat);
      } catch (err) {
        throw this.d.eligibility.holdRefusal(err);
      }
    }
    let duplicate = false;
    try {
      await inTx(this.d.db, async (tx) => {
        const store = new LobbyStore(tx);
        await store.lockUser(uid);
        const locked = await store.lock(lobbyId);
        if (!locked || locked.status !== 'created') throw lobbyUnavailable();
        const active = await store.activeOf(uid);
        if (active?.id === lobbyId) {
          // The same user's other request won: this one's stake is one too many.
          duplicate = true;
          return;
        }
        if (active) throw alreadyInLobby();
        const ps = await store.participants(lobbyId);
        if (ps.find((p) => p.uid === uid)?.leftHow === 'kicked') throw lobbyUnavailable();
        if (ps.filter(isSeated).length >= locked.settings.maxParticipants) throw lobbyFull();
        await store.upsertParticipant({ lobbyId, uid, elo: player.rating, joinedAt: this.now() });
        await store.touch(lobbyId);
      });
    } catch (err) {
      // The seat went to someone else (or the lobby closed): this hold, and only it, goes back.
      if (pays) await this.d.money.release(lobby, uid, `seat:${seat}`, stakeOf(lobby.settings));
      throw err;
    }
    if (duplicate && pays) await this.d.money.release(lobby, uid, `seat:${seat}`, stakeOf(lobby.settings));
    await this.d.views.publish(lobbyId);
    return (await new LobbyStore(this.d.db).find(lobbyId))!;
  }

  async joinByCode(uid: string, code: string | undefined, rawGps: unknown): Promise<LobbyRecord> {
    const given = code?.trim() ?? '';
    if (given === '') throw badLobbyRequest(PUZZLE_TEXTS.codeRequired);
    if (given.length > LOBBY.codeMax) throw badLobbyRequest(PUZZLE_TEXTS.codeTooLong);
    // Codes are ours (letters and digits); anything else names no lobby and never reaches a query.
    if (!CODE_SHAPE.test(given)) throw lobbyUnavailable();
    const lobby = await new LobbyStore(this.d.db).byCode(given);
    if (!lobby) throw lobbyUnavailable();
    return this.join(uid, lobby.id, given, rawGps);
  }

  /**
   * Leave the Lobby / Leave game early. Before the start: a guest's stake is released; the owner
   * leaving cancels the lobby (everyone refunded, guests told "Lobby owner aborted game").
   * During the battle: a guest forfeits; the owner (who cannot forfeit) just stops playing and
   * keeps their points.
   */
  async leave(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const outcome = await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      const lobby = await store.lock(lobbyId);
      if (!lobby) throw lobbyUnavailable();
      const p = await store.lockParticipant(lobbyId, uid);
      if (!p || !isSeated(p)) return { kind: 'none' as const, lobby };
      const now = this.now();
      const owner = uid === lobby.ownerUid;
      if (lobby.status === 'created') {
        if (owner) {
          const canceled = await store.updateIf(lobbyId, 'created', {
            status: 'canceled',
            finishedAt: now,
            autoStartAt: null,
            error: PUZZLE_TEXTS.ownerAborted,
          });
          return { kind: 'aborted' as const, lobby: canceled! };
        }
        await store.updateParticipant(lobbyId, uid, { leftAt: now, leftHow: 'left' });
        await store.touch(lobbyId);
        return { kind: 'left' as const, lobby };
      }
      if (lobby.status !== 'started') return { kind: 'none' as const, lobby };
      if (owner) await this.stopPlaying(tx, lobby, p);
      else await this.forfeitIn(tx, lobby, p);
      await store.touch(lobbyId);
      return { kind: 'played' as const, lobby };
    });
    await this.after(outcome.kind, outcome.lobby, uid);
    return (await new LobbyStore(this.d.db).find(lobbyId))!;
  }

  /** Kick by the owner or an admin, in the waiting room; the kicked guest's stake is released. */
  async kick(by: string, isAdmin: boolean, lobbyId: string, target: string): Promise<LobbyRecord> {
    const lobby = await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      const l = await store.lock(lobbyId);
      if (!l) throw lobbyUnavailable();
      if (l.ownerUid !== by && !isAdmin) throw notOwner();
      if (l.status !== 'created') throw lobbyStarted();
      if (target === l.ownerUid) throw badLobbyRequest(PUZZLE_TEXTS.notOwner);
      const p = await store.lockParticipant(lobbyId, target);
      if (!p || !isSeated(p)) throw notFound();
      await store.updateParticipant(lobbyId, target, { leftAt: this.now(), leftHow: 'kicked' });
      await store.touch(lobbyId);
      return l;
    });
    await this.after('left', lobby, target);
    return (await new LobbyStore(this.d.db).find(lobbyId))!;
  }

  /** Forfeit: guests only, during the battle (in the waiting room it is a leave). */
  async forfeit(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const lobby = await new LobbyStore(this.d.db).find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.ownerUid === uid) throw badLobbyRequest(PUZZLE_TEXTS.ownerCannotForfeit);
    return this.leave(uid, lobbyId);
  }

  async chat(uid: string, lobbyId: string, raw: string): Promise<void> {
    const text = raw.trim();
    if (text === '') throw badLobbyRequest('Empty messages are not sent.');
    // NUL cannot be stored (PostgreSQL text); other control characters have no place in a chat line.
    if (hasControlChars(text)) throw badLobbyRequest('This message cannot be sent.');
    if (text.length > LOBBY.chatMax) throw badLobbyRequest(`A message is at most ${LOBBY.chatMax} characters.`);
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby || lobby.status === 'canceled') throw lobbyUnavailable();
    const me = (await store.participants(lobbyId)).find((p) => p.uid === uid);
    if (!me || me.leftHow === 'kicked' || (lobby.status === 'created' && !isSeated(me))) throw lobbyUnavailable();
    await store.addChat({ lobbyId, uid, text, sentAt: this.now() });
    await store.touch(lobbyId);
    await this.d.views.publish(lobbyId, { list: false });
  }

  // ---------------------------------------------------------------------------------------
  // Start

  async start(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const lobby = await new LobbyStore(this.d.db).find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.ownerUid !== uid) throw notOwner();
    if (lobby.status !== 'created') throw lobbyStarted();
    await this.begin(lobbyId, 'owner');
    return (await new LobbyStore(this.d.db).find(lobbyId))!;
  }

  /**
   * created -> started, once: the owner's Start or the 90 s deadline (any instance). With fewer
   * than 2 players the deadline cancels the lobby and refunds. The same ordered puzzle sequence
   * is issued to every player, and each gets an attempt at its first puzzle.
   */
  private async begin(lobbyId: string, trigger: 'owner' | 'deadline'): Promise<void> {
    const out = await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      const lobby = await store.lock(lobbyId);
      if (!lobby || lobby.status !== 'created') {
        if (trigger === 'owner') throw lobbyStarted();
        return null;
      }
      const now = this.now();
      if (trigger === 'deadline' && (!lobby.autoStartAt || lobby.autoStartAt > now)) return null;
      const seated = (await store.participants(lobbyId)).filter(isSeated);
      if (seated.length < LOBBY.minPlayers) {
        if (trigger === 'owner') throw badLobbyRequest(PUZZLE_TEXTS.needTwoPlayers);
        const canceled = await store.updateIf(lobbyId, 'created', {
          status: 'canceled',
          finishedAt: now,
          autoStartAt: null,
          error: PUZZLE_TEXTS.needTwoPlayers,
        });
        return { kind: 'canceled' as const, lobby: canceled! };
      }
      const s = lobby.settings;
      const picked = await selectPuzzles(tx, {
        target: targetRating(await puzzleRatingOf(tx, lobby.ownerUid), s.difficulty),
        theme: s.theme,
        count: BATTLE_PUZZLES,
        exclude: [],
      });
      if (picked.length === 0) {
        const canceled = await store.updateIf(lobbyId, 'created', {
          status: 'canceled',
          finishedAt: now,
          autoStartAt: null,
          error: PUZZLE_TEXTS.noPuzzle,
        });
        return { kind: 'canceled' as const, lobby: canceled! };
      }
      await store.insertSequence(
        lobbyId,
        picked.map((p) => p.id),
      );
      const started = await store.updateIf(lobbyId, 'created', {
        status: 'started',
        startedAt: now,
        endsAt: new Date(now.getTime() + s.time),
        autoStartAt: null,
      });
      for (const p of seated) {
        await this.d.attempts.open(tx, p.uid, picked[0]!, { context: 'battle', contextId: lobbyId, seq: 0 });
      }
      return { kind: 'started' as const, lobby: started! };
    });
    if (!out) return;
    if (out.kind === 'canceled') {
      await this.d.money.refundAll(out.lobby);
    } else {
      await this.d.money.normalize(out.lobby);
    }
    await this.d.views.publish(lobbyId);
  }

  // ---------------------------------------------------------------------------------------
  // The battle

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
      const store = new LobbyStore(tx);
      const lobby = await store.find(lobbyId);
      if (!lobby) throw lobbyUnavailable();
      const p = await store.lockParticipant(lobbyId, uid);
      if (!p) throw lobbyUnavailable();
      const a = await new AttemptStore(tx).lockOwn(uid, attemptIdOf(req.attemptId));
      if (!a || a.context !== 'battle' || a.contextId !== lobbyId) throw notFound();
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
      const store = new LobbyStore(tx);
      const lobby = await store.find(lobbyId);
      if (!lobby) throw lobbyUnavailable();
      const p = await store.lockParticipant(lobbyId, uid);
      if (!p) throw lobbyUnavailable();
      const a = await new AttemptStore(tx).lockOwn(uid, attemptIdOf(attemptId));
      if (!a || a.context !== 'battle' || a.contextId !== lobbyId) throw notFound();
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
      await this.finishIfDone(lobby.id);
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

  private async forfeitIn(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    await this.closeCurrent(tx, lobby, p);
    await new LobbyStore(tx).updateParticipant(lobby.id, p.uid, { leftAt: this.now(), leftHow: 'forfeit' });
  }

  /** The owner's "Leave game early": no more puzzles for them; their points stand. */
  private async stopPlaying(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    await this.closeCurrent(tx, lobby, p);
    const length = await new LobbyStore(tx).sequenceLength(lobby.id);
    await new LobbyStore(tx).updateParticipant(lobby.id, p.uid, { current: Math.max(p.current, length) });
  }

  private async closeCurrent(tx: DbOrTx, lobby: LobbyRecord, p: ParticipantRecord): Promise<void> {
    const a = await new AttemptStore(tx).bySeq(p.uid, lobby.id, p.current);
    if (a?.status === 'open') await this.d.attempts.close(tx, p.uid, a.id, 'failed');
  }

  // ---------------------------------------------------------------------------------------
  // The end

  /** Ends the battle once no one is still playing (everyone forfeited, stopped or ran out). */
  private async finishIfDone(lobbyId: string): Promise<void> {
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (lobby?.status !== 'started') return;
    const length = await store.sequenceLength(lobbyId);
    const playing = (await store.participants(lobbyId)).filter((p) => isSeated(p) && p.current < length);
    if (playing.length === 0) await this.finish(lobbyId, true);
  }

  /**
   * started -> finished, once (the deadline on any instance, or nobody left playing): results by
   * points with shared places, stored on the lobby, then the escrow settled to the winners. A
   * crash between the two is finished by the wallet's sweeper through the `lobby:` resolver.
   */
  async finish(lobbyId: string, early = false): Promise<void> {
    const before = await new LobbyStore(this.d.db).find(lobbyId);
    if (before?.status !== 'started') return;
    await this.d.money.normalize(before);
    const pot = await this.d.money.pot(before);
    const out = await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      const lobby = await store.lock(lobbyId);
      if (lobby?.status !== 'started') return null;
      const now = this.now();
      if (!early && lobby.endsAt && lobby.endsAt > now) return null;
      const players = battlers(await store.participants(lobbyId));
      const { results, winners } = battleResults(lobby.settings, lobby.ownerUid, players, pot);
      const finished = await store.updateIf(lobbyId, 'started', { status: 'finished', finishedAt: now, results });
      return { lobby: finished!, winners };
    });
    if (!out) return;
    await this.d.money.settle(out.lobby, out.winners);
    await this.d.views.publish(lobbyId);
  }

  /** Deadlines, on any instance (guarded updates make each fire once). */
  async sweep(): Promise<void> {
    const now = this.now();
    const store = new LobbyStore(this.d.db);
    for (const id of await store.dueStarts(now)) await this.begin(id, 'deadline');
    for (const id of await store.dueEnds(now)) await this.finish(id);
  }

  // ---------------------------------------------------------------------------------------

  private async after(kind: 'none' | 'aborted' | 'left' | 'played', lobby: LobbyRecord, uid: string): Promise<void> {
    if (kind === 'none') return;
    if (kind === 'aborted') {
      await this.d.money.refundAll(lobby);
      await this.d.views.removed(lobby.id, PUZZLE_TEXTS.ownerAborted);
    } else if (kind === 'left' && paysStake(lobby.settings.prizeMode, uid === lobby.ownerUid)) {
      await this.d.money.release(lobby, uid, `leave:${newPublicId()}`);
    }
    await this.d.views.publish(lobby.id, { list: kind !== 'played' });
    if (kind === 'played') await this.finishIfDone(lobby.id);
  }

  private async ownerOf(lobby: LobbyRecord): Promise<ParticipantRecord> {
    const owner = (await new LobbyStore(this.d.db).participants(lobby.id)).find((p) => p.uid === lobby.ownerUid);
    if (!owner) throw lobbyUnavailable();
    return owner;
  }

  /** One puzzle game at a time (a quick answer; the join and create transactions check it again). */
  private async ensureFree(uid: string): Promise<void> {
    if (await new LobbyStore(this.d.db).activeOf(uid)) throw alreadyInLobby();
    if (this.d.otherGame && (await this.d.otherGame(uid))) throw alreadyInLobby();
  }

  /** A lobby as its page reads it; a private one only for whoever is or was in it. */
  async get(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.settings.privacy === 'private' && !(await store.participants(lobbyId)).some((p) => p.uid === uid)) {
      throw lobbyUnavailable();
    }
    return lobby;
  }

  /** The user's seated lobby (the "active puzzle game" route). */
  activeOf(uid: string): Promise<LobbyRecord | null> {
    return new LobbyStore(this.d.db).activeOf(uid);
  }
}
