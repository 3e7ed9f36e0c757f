import crypto from 'node:crypto';
import { LOBBY, PUZZLE_TEXTS, checkChatText, eloRangeOf, paysStake } from '@rush/domain';
import { DeviceGps } from '@rush/protocol';
import { inTx } from '../../../platform/db/transaction.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { newPublicId } from '../../play/index.ts';
import type { BattlePlay } from './battle-play.ts';
import type { BattleDeps, CreateInput } from './battle.service.ts';
import type { LobbyLifecycle } from './lifecycle.ts';
import { LobbyStore, isSeated, type LobbyRecord, type ParticipantRecord } from './lobbies.store.ts';
import { stakeOf } from './money.ts';
import { hasOpenSoloRun } from '../one-game.store.ts';
import {
  alreadyInLobby,
  inSoloRush,
  badLobbyRequest,
  lobbyFull,
  lobbyStarted,
  lobbyUnavailable,
  notOwner,
} from './refusals.ts';

/** Private lobby codes: 8 characters without look-alikes (0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_SHAPE = /^[A-Za-z0-9]+$/;
const newCode = () => Array.from({ length: 8 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');

const gpsOf = (raw: unknown): DeviceGps | undefined => {
  if (raw === undefined || raw === null) return undefined;
  const r = DeviceGps.safeParse(raw);
  if (!r.success) throw new AppError('VALIDATION', 'Invalid location.', { deviceGps: 'Invalid location.' });
  return r.data;
};

/**
 * Who is in a battle lobby: create, join (by id or private code), leave, kick, forfeit, the
 * waiting-room chat, and reading a lobby. Every change happens under the lobby's row lock; a
 * stake moves only through LobbyMoney. Leaving during the battle hands over to BattlePlay.
 */
export class LobbyMembership {
  constructor(
    private readonly d: BattleDeps,
    private readonly play: BattlePlay,
    private readonly lifecycle: LobbyLifecycle,
  ) {}

  private now() {
    return this.d.clock.now();
  }

  async create(uid: string, req: CreateInput): Promise<LobbyRecord> {
    const s = req.settings;
    const owner = await this.d.eligibility.forOwner(uid, s, gpsOf(req.deviceGps), req.ip);
    await this.ensureFree(uid);
    const now = this.now();
    const range = eloRangeOf(owner.rating);
    const id = newPublicId();
    await inTx(this.d.db, async (tx) => {
      const store = new LobbyStore(tx);
      await store.lockUser(uid);
      if (await store.activeOf(uid)) throw alreadyInLobby();
      if (await hasOpenSoloRun(tx, uid, this.now())) throw inSoloRush();
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

  async join(
    uid: string,
    lobbyId: string,
    code: string | undefined,
    rawGps: unknown,
    ip: string | null,
  ): Promise<LobbyRecord> {
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
    const player = await this.d.eligibility.forGuest(uid, lobby, owner.elo, gpsOf(rawGps), ip);
    // This lobby is no obstacle: the same user's other request (a double click) may have seated
    // them since the look above, and the transaction below answers that one as a duplicate.
    await this.ensureFree(uid, lobbyId);

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
        if (await hasOpenSoloRun(tx, uid, this.now())) throw inSoloRush();
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

  /**
   * Join by a private code. `lobbyId`: the row the person pressed Join on (issue 36); a code of
   * another lobby is a wrong code for this one, refused with SPEC 5's text, never a way into it.
   */
  async joinByCode(
    uid: string,
    code: string | undefined,
    rawGps: unknown,
    ip: string | null,
    lobbyId?: string,
  ): Promise<LobbyRecord> {
    const given = code?.trim() ?? '';
    if (given === '') throw badLobbyRequest(PUZZLE_TEXTS.codeRequired);
    if (given.length > LOBBY.codeMax) throw badLobbyRequest(PUZZLE_TEXTS.codeTooLong);
    // Codes are ours (letters and digits); anything else names no lobby and never reaches a query.
    if (!CODE_SHAPE.test(given)) throw lobbyUnavailable();
    const lobby = await new LobbyStore(this.d.db).byCode(given);
    if (!lobby || (lobbyId !== undefined && lobby.id !== lobbyId)) throw lobbyUnavailable();
    return this.join(uid, lobby.id, given, rawGps, ip);
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
      // Someone never in it is refused as GET refuses them: nothing about the lobby comes back.
      if (!p) throw lobbyUnavailable();
      if (!isSeated(p)) return { kind: 'none' as const, lobby };
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
      if (owner) await this.play.stopPlaying(tx, lobby, p);
      else await this.play.forfeitIn(tx, lobby, p);
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
      if (l.ownerUid !== by && !isAdmin) throw (await store.isMember(lobbyId, by)) ? notOwner() : lobbyUnavailable();
      if (l.status !== 'created') throw lobbyStarted();
      if (target === l.ownerUid) throw badLobbyRequest(PUZZLE_TEXTS.notOwner);
      const p = await store.lockParticipant(lobbyId, target);
      if (!p || !isSeated(p)) throw notFound();
      await store.updateParticipant(lobbyId, target, { leftAt: this.now(), leftHow: 'kicked' });
      await store.touch(lobbyId);
      return l;
    });
    await this.after('left', lobby, target);
    // After the change that shows them out: a private lobby's kicked member reads none of it any more.
    if (lobby.settings.privacy === 'private') await this.d.views.revoke(target, lobbyId);
    return (await new LobbyStore(this.d.db).find(lobbyId))!;
  }

  /** Forfeit: guests only, during the battle (in the waiting room it is a leave). */
  async forfeit(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const lobby = await new LobbyStore(this.d.db).find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.ownerUid === uid) throw badLobbyRequest(PUZZLE_TEXTS.ownerCannotForfeit);
    // leave refuses a non-member exactly as GET does.
    return this.leave(uid, lobbyId);
  }

  async chat(uid: string, lobbyId: string, raw: string): Promise<void> {
    // SPEC 5: the lobby chat is a chat like the others (one rule: trimmed, 140 code points).
    const checked = checkChatText(raw);
    if (!checked.ok) throw badLobbyRequest(checked.message);
    const text = checked.text;
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby || lobby.status === 'canceled') throw lobbyUnavailable();
    const me = (await store.participants(lobbyId)).find((p) => p.uid === uid);
    if (!me || me.leftHow === 'kicked' || (lobby.status === 'created' && !isSeated(me))) throw lobbyUnavailable();
    await store.addChat({ lobbyId, uid, text, sentAt: this.now() });
    await store.touch(lobbyId);
    await this.d.views.publish(lobbyId, { list: false });
  }

  private async after(kind: 'none' | 'aborted' | 'left' | 'played', lobby: LobbyRecord, uid: string): Promise<void> {
    if (kind === 'none') return;
    if (kind === 'aborted') {
      await this.d.money.refundAll(lobby);
      await this.d.views.removed(lobby.id, PUZZLE_TEXTS.ownerAborted);
    } else if (kind === 'left' && paysStake(lobby.settings.prizeMode, uid === lobby.ownerUid)) {
      await this.d.money.release(lobby, uid, `leave:${newPublicId()}`);
    }
    await this.d.views.publish(lobby.id, { list: kind !== 'played' });
    if (kind === 'played') await this.lifecycle.finishIfDone(lobby.id);
  }

  private async ownerOf(lobby: LobbyRecord): Promise<ParticipantRecord> {
    const owner = (await new LobbyStore(this.d.db).participants(lobby.id)).find((p) => p.uid === lobby.ownerUid);
    if (!owner) throw lobbyUnavailable();
    return owner;
  }

  /**
   * One puzzle game at a time (a quick answer; the join and create transactions check it again).
   * `joining`, the lobby being joined, is no obstacle.
   */
  private async ensureFree(uid: string, joining?: string): Promise<void> {
    const active = await new LobbyStore(this.d.db).activeOf(uid);
    if (active && active.id !== joining) throw alreadyInLobby();
    if (await hasOpenSoloRun(this.d.db, uid, this.now())) throw inSoloRush();
  }

  /** A lobby as its page reads it; a private one only for whoever is or was in it. */
  /**
   * SPEC 2 `owner`: a lobby named by its owner, the one they own and has not ended, read as
   * `get` reads it (a private one only by its members).
   */
  async byOwner(uid: string, ownerUid: string): Promise<LobbyRecord> {
    const lobby = await this.activeOf(ownerUid);
    if (!lobby || lobby.ownerUid !== ownerUid) throw lobbyUnavailable();
    return this.get(uid, lobby.id);
  }

  async get(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.settings.privacy === 'private' && !(await store.canRead(lobbyId, uid))) throw lobbyUnavailable();
    return lobby;
  }

  /**
   * SPEC 7 kickPlayerFromLobby, and a ban: out of the waiting room of the lobby the user sits in,
   * stakes released as a leave releases them (an owner's lobby is cancelled and everyone
   * refunded). A battle already started is left to finish. True when the user was taken out.
   */
  async removeByAdmin(adminUid: string, uid: string): Promise<boolean> {
    const lobby = await this.activeOf(uid);
    if (!lobby || lobby.status !== 'created') return false;
    try {
      if (lobby.ownerUid === uid) await this.leave(uid, lobby.id);
      else await this.kick(adminUid, true, lobby.id, uid);
      return true;
    } catch (err) {
      // The lobby started or emptied meanwhile: nothing left to leave.
      if (err instanceof AppError && err.status < 500) return false;
      throw err;
    }
  }

  /** The user's seated lobby (the "active puzzle game" route). */
  activeOf(uid: string): Promise<LobbyRecord | null> {
    return new LobbyStore(this.d.db).activeOf(uid);
  }
}
