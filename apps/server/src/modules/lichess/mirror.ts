import { applyUci, boardOf, CLOCK_STARTS_AT_PLY, kingTwoSquaresCastle, opposite, type Color } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import {
  ChatStore,
  fensOf,
  GameStore,
  moveTimesOf,
  ok,
  ProfileStore,
  statusOf,
  type GameChange,
  type GamePatch,
  type GameRecord,
  type GameTransactions,
} from '../play/index.ts';

/**
 * A Lichess game's state as our games row holds it. Lichess is the referee of a Lichess game;
 * our row is its mirror, so the game screen, spectators, chat, history and settlement read one
 * shape whatever the platform (ARCHITECTURE 7). Every Lichess gameFull/gameState carries all
 * the moves so far, so mirroring compares them with the row: a re-opened stream, a second
 * stream of the same game and a move applied on its POST's answer all converge, each move once.
 */
export interface RemoteState {
  /** UCI moves from the start; castling in either spelling (king-to-rook or two squares). */
  moves: readonly string[];
  /** Remaining times as Lichess reported them (ms); absent: computed by the caller's rule. */
  clocks?: { whiteMs: number; blackMs: number };
  /** Who offers a draw / proposes a takeback now (absent: unchanged). */
  draw?: Color | null;
  takeback?: Color | null;
  /**
   * Only ever add moves: the state of one move Lichess just accepted, which may be older than
   * what a stream already mirrored (the opponent's reply), so it never takes a move back.
   */
  appendOnly?: boolean;
}

export interface MirroredMove {
  ply: number;
  uci: string;
  san: string;
  fen: string;
}

export type MirrorPlan =
  /** `stale`: an older state than the row's, left alone whole (its clocks and offers too). */
  | { ok: true; takenBack: number; added: MirroredMove[]; stale?: true }
  /** A move our rules cannot play on the mirrored position: the mirror stops before it. */
  | { ok: false; ply: number; uci: string };

/**
 * Pure: what the row must lose and gain to show `remote`. In a game between two players a line
 * that is a strict prefix of the row's is a takeback only while one is proposed: otherwise it
 * is an older state, which the other player's stream (each player has one) can deliver after
 * a newer one was mirrored. Against the bot there is one stream and no proposal: Lichess's AI
 * takes a takeback back at once (lila's Takebacker), so a shorter line is a takeback.
 */
export function planMirror(
  g: Pick<GameRecord, 'moves' | 'fens' | 'ply' | 'initialFen' | 'takebackOffer'> & {
    engineColor?: Color | null;
  },
  remote: RemoteState,
): MirrorPlan {
  const seen = g.moves;
  const fens = fensOf(g);
  const next = remote.moves;
  let common = 0;
  // Lichess writes castling king-to-rook, our row the king's two squares (domain castling.ts).
  const same = (i: number) => seen[i] === next[i] || seen[i] === kingTwoSquaresCastle(fens[i]!, next[i]!);
  while (common < seen.length && common < next.length && same(common)) common++;
  if (remote.appendOnly && common < seen.length) return { ok: true, takenBack: 0, added: [] };
  const againstBot = g.engineColor !== undefined && g.engineColor !== null;
  const olderState = common === next.length && next.length < seen.length && g.takebackOffer === null && !againstBot;
  if (olderState) return { ok: true, takenBack: 0, added: [], stale: true };
  const takenBack = seen.length - common;
  const chess = boardOf(fens[common]!);
  const added: MirroredMove[] = [];
  for (let i = common; i < next.length; i++) {
    const uci = kingTwoSquaresCastle(chess.fen(), next[i]!);
    const applied = applyUci(chess, uci);
    if (!applied) return { ok: false, ply: i + 1, uci: next[i]! };
    added.push({ ply: i + 1, uci, san: applied.san, fen: applied.fen });
  }
  return { ok: true, takenBack, added };
}

/** The clock columns of a mirrored row: the side to move runs from now once the clocks run. */
export function mirroredClock(ply: number, times: { whiteMs: number; blackMs: number }, now: Date) {
  return {
    whiteMs: Math.max(0, Math.round(times.whiteMs)),
    blackMs: Math.max(0, Math.round(times.blackMs)),
    turnStartedAt: ply >= CLOCK_STARTS_AT_PLY ? now : null,
  };
}

/** Lichess's chat line, sent by the Lichess account `username`. */
export interface RemoteChatLine {
  username: string;
  text: string;
}

/** Writes remote states and chat lines into the game rows, one game transaction each. */
export class LichessMirror {
  constructor(
    private readonly clock: Clock,
    private readonly txs: GameTransactions,
  ) {}

  /** Mirrors `remote` onto a live game; answers the row after it (null: no such game). */
  apply(gameId: string, remote: RemoteState): Promise<GameRecord | null> {
    return this.txs.run(gameId, async (tx, changes) => {
      const store = new GameStore(tx);
      const g = await store.lock(gameId);
      if (!g || statusOf(g) !== 'started') return ok(g);
      const plan = planMirror(g, remote);
      if (!plan.ok)
        throw new Error(`lichess game ${g.externalId}: ${plan.uci} at ply ${plan.ply} is not playable here`);
      if (plan.stale) return ok(g);
      const now = this.clock.now();
      const times = remote.clocks ?? { whiteMs: g.whiteMs, blackMs: g.blackMs };
      let cur = g;
      if (plan.takenBack > 0) {
        const keep = g.ply - plan.takenBack;
        const fens = fensOf(g).slice(0, keep + 1);
        cur = await store.update(g.id, {
          moves: g.moves.slice(0, keep),
          san: g.san.slice(0, keep),
          moveTimes: moveTimesOf(g).slice(0, keep),
          fens,
          fen: fens[keep]!,
          ply: keep,
          takebackOffer: null,
          ...(plan.added.length === 0 ? mirroredClock(keep, times, now) : {}),
        });
        changes.push({ kind: 'takenBack', game: cur });
      }
      for (const m of plan.added) {
        const last = m === plan.added.at(-1);
        cur = await store.update(g.id, {
          moves: [...cur.moves, m.uci],
          san: [...cur.san, m.san],
          // Lichess's clocks say what a move cost only roughly (lag, increment): not measured here.
          moveTimes: [...moveTimesOf(cur), null],
          fens: [...fensOf(cur), m.fen],
          fen: m.fen,
          ply: m.ply,
          ...(last ? mirroredClock(m.ply, times, now) : {}),
          // A move declines the opponent's draw offer; any takeback request lapses (as on Lichess).
          drawOffer: cur.drawOffer === opposite(m.ply % 2 === 1 ? 'white' : 'black') ? null : cur.drawOffer,
          takebackOffer: null,
        });
        changes.push({ kind: 'moved', game: cur, uci: m.uci, san: m.san });
      }
      cur = await this.offers(store, cur, remote, changes);
      if (plan.takenBack === 0 && plan.added.length === 0 && remote.clocks) {
        cur = await store.updateQuiet(g.id, mirroredClock(cur.ply, remote.clocks, now));
      }
      return ok(cur);
    });
  }

  /** Draw and takeback offers as Lichess shows them; each change is one `offers` event. */
  private async offers(
    store: GameStore,
    g: GameRecord,
    remote: RemoteState,
    changes: GameChange[],
  ): Promise<GameRecord> {
    let cur = g;
    for (const offer of ['draw', 'takeback'] as const) {
      const want = remote[offer];
      const column = offer === 'draw' ? 'drawOffer' : 'takebackOffer';
      const had = cur[column];
      if (want === undefined || want === had) continue;
      const patch: GamePatch = offer === 'draw' ? { drawOffer: want } : { takebackOffer: want };
      cur = await store.update(cur.id, patch);
      changes.push({ kind: 'offers', game: cur, offer, action: want ? 'offer' : 'decline', by: (want ?? had)! });
    }
    return cur;
  }

  /**
   * Lichess's `opponentGone` about `color`: gone, with the win claimable after `claimWinInSeconds`
   * (null: back). Written as our own disconnect columns, so the game screen shows the claim as
   * for a built-in game, at the time Lichess allows it; our own sockets never mark a Lichess
   * game's player gone (presence.ts), Lichess decides.
   */
  gone(gameId: string, color: Color, claimWinInSeconds: number | null): Promise<void> {
    return this.txs.run(gameId, async (tx, changes) => {
      const store = new GameStore(tx);
      const g = await store.lock(gameId);
      if (!g || statusOf(g) !== 'started') return ok(undefined);
      const until = claimWinInSeconds === null ? null : new Date(this.clock.now().getTime() + claimWinInSeconds * 1000);
      if (claimWinInSeconds === null && g.disconnectColor !== color) return ok(undefined);
      const cur = await store.setDisconnect(g.id, until ? color : null, until);
      if (!cur) return ok(undefined);
      changes.push({
        kind: 'presence',
        game: cur,
        connected: { white: cur.disconnectColor !== 'white', black: cur.disconnectColor !== 'black' },
      });
      return ok(undefined);
    });
  }

  /** A player-room chat line Lichess streamed, stored and published as our own chat is. */
  chat(gameId: string, line: RemoteChatLine, uidOfUsername: (username: string) => string | null): Promise<void> {
    return this.txs.run(gameId, async (tx, changes) => {
      const g = await new GameStore(tx).find(gameId);
      const uid = uidOfUsername(line.username);
      if (!g || !uid) return ok(undefined);
      const color: Color = g.whiteId === uid ? 'white' : 'black';
      const now = this.clock.now();
      const id = await new ChatStore(tx).add(g.id, 'player', uid, line.text, now);
      const card = (await new ProfileStore(tx).cards([uid])).get(uid);
      changes.push({
        kind: 'playerChat',
        game: g,
        line: {
          id: String(id),
          uid,
          username: card?.username ?? line.username,
          text: line.text,
          sentAt: now.toISOString(),
          color,
        },
      });
      return ok(undefined);
    });
  }
}
