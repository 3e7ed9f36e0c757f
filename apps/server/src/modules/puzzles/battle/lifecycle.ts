import { battleBeginsAt, LOBBY, PUZZLE_TEXTS, targetRating } from '@rush/domain';
import { inTx } from '../../../platform/db/transaction.ts';
import { selectPuzzles } from '../selection.store.ts';
import type { BattleDeps } from './battle.service.ts';
import { LobbyStore, isSeated, type LobbyRecord } from './lobbies.store.ts';
import { puzzleRatingOf } from '../ratings.store.ts';
import { badLobbyRequest, lobbyStarted, lobbyUnavailable, notOwner } from './refusals.ts';
import { battleResults, battlers } from './results.ts';

/** How many puzzles a battle issues: more than anyone solves in 5 minutes. */
export const BATTLE_PUZZLES = 60;

/**
 * A battle lobby's lifecycle: created -> started (the owner's Start or the 90 s deadline) ->
 * finished (the time is up, or nobody is left playing), each transition once, on any instance,
 * by guarded updates of the lobby row; then the escrow is settled or refunded.
 */
export class LobbyLifecycle {
  constructor(private readonly d: BattleDeps) {}

  private now() {
    return this.d.clock.now();
  }

  async start(uid: string, lobbyId: string): Promise<LobbyRecord> {
    const store = new LobbyStore(this.d.db);
    const lobby = await store.find(lobbyId);
    if (!lobby) throw lobbyUnavailable();
    if (lobby.ownerUid !== uid) throw (await store.isMember(lobbyId, uid)) ? notOwner() : lobbyUnavailable();
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
      // SPEC 9: the start overlay counts down first; the battle (its clock, its moves) begins after.
      const begins = battleBeginsAt(now.getTime());
      const started = await store.updateIf(lobbyId, 'created', {
        status: 'started',
        startedAt: new Date(begins),
        endsAt: new Date(begins + s.time),
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

  /** Ends the battle once no one is still playing (everyone forfeited, stopped or ran out). */
  async finishIfDone(lobbyId: string): Promise<void> {
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
}
