import { ratingFamilyOf, remainingAt, STANDARD_FEN } from '@rush/domain';
import type { GameChange } from './events.ts';
import type { GameRecord } from './games.store.ts';
import type { PlatformGameFull, PlatformGameState, PlatformStreamEvent } from './platform-port.ts';
import { clockOf, modeOf, statusOf, turnOf } from './record.ts';

/**
 * A stored game in the Lichess Board API's shapes (platform-port.ts): what the built-in
 * platform streams, so a Lichess adapter and ours answer alike. Pure: the caller reads the row,
 * the player names and the server time.
 */

/** Lichess `gameState` at `now` (epoch ms): the running clock is read, not stored. */
export function gameStateOf(g: GameRecord, now: number): PlatformGameState {
  const r = remainingAt(clockOf(g), turnOf(g), now);
  return {
    type: 'gameState',
    moves: g.moves.join(' '),
    wtime: r.white,
    btime: r.black,
    winc: g.incrementMs,
    binc: g.incrementMs,
    status: statusOf(g),
    ...(g.winner ? { winner: g.winner } : {}),
    wdraw: g.drawOffer === 'white',
    bdraw: g.drawOffer === 'black',
    wtakeback: g.takebackOffer === 'white',
    btakeback: g.takebackOffer === 'black',
  };
}

/** Lichess `gameFull`; `names` maps the players' uids to their usernames. */
export function gameFullOf(g: GameRecord, names: ReadonlyMap<string, string>, now: number): PlatformGameFull {
  const player = (uid: string, rating: number, provisional: boolean) => ({
    id: uid,
    name: names.get(uid) ?? 'None',
    rating,
    provisional,
  });
  return {
    type: 'gameFull',
    id: g.id,
    rated: g.rated,
    variant: { key: 'standard' },
    speed: ratingFamilyOf(modeOf(g)),
    clock: { initial: g.initialMs, increment: g.incrementMs },
    createdAt: g.createdAt.getTime(),
    white: player(g.whiteId, g.whiteRating, g.whiteProvisional),
    black: player(g.blackId, g.blackRating, g.blackProvisional),
    initialFen: g.initialFen === STANDARD_FEN ? 'startpos' : g.initialFen,
    state: gameStateOf(g, now),
  };
}

/** What a committed change of game `gameId` sends on its stream; null when it sends nothing. */
export function streamEventOf(change: GameChange, gameId: string, now: number): PlatformStreamEvent | null {
  if ('game' in change && change.game.id === gameId) {
    if (change.kind === 'playerChat') {
      return { type: 'chatLine', room: 'player', username: change.line.username, text: change.line.text };
    }
    if (change.kind === 'presence') {
      const color = change.game.disconnectColor;
      return color ? { type: 'opponentGone', gone: true, color } : null;
    }
    return change.kind === 'started' ? null : gameStateOf(change.game, now);
  }
  if (change.kind === 'spectatorChat' && change.gameId === gameId) {
    return { type: 'chatLine', room: 'spectator', username: change.line.username, text: change.line.text };
  }
  return null;
}
