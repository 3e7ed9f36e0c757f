import type http from 'node:http';
import { finished, turn } from './game-json.ts';
import { changed, claimWinMs, finish, mayOfferDraw, offerDraw, play } from './games.ts';
import { bool, json } from './http.ts';
import { isBotSide } from './bot-moves.ts';
import type { EmulatorState } from './state.ts';
import { toGame } from './streams.ts';
import type { Color, EmulatedGame, EmulatedUser } from './types.ts';

/**
 * The Board API's actions on a game, as lila answers them (lichess-org/api tags/board/):
 *   POST /api/board/game/{id}/move/{uci}[?offeringDraw=true]   api-board-game-gameId-move-move.yaml
 *   POST /api/board/game/{id}/draw/{yes|no}, /takeback/{yes|no} api-board-game-gameId-{draw,takeback}-accept.yaml
 *   POST /api/board/game/{id}/resign, /abort, /claim-victory    api-board-game-gameId-{resign,abort,claim-victory}.yaml
 *   POST /api/board/game/{id}/chat  form room, text             api-board-game-gameId-chat.yaml
 * 200 {ok: true} or 400 {error}; where lila answers 200 and changes nothing, so does this.
 */

export function board(
  em: EmulatorState,
  res: http.ServerResponse,
  g: EmulatedGame,
  color: Color,
  user: EmulatedUser,
  action: string,
  arg: string | undefined,
  u: URL,
  form: URLSearchParams,
): void {
  const other: Color = color === 'white' ? 'black' : 'white';
  const refuse = (error: string) => json(res, 400, { error });
  const ok = () => json(res, 200, { ok: true });
  if (action === 'chat') {
    const room = form.get('room');
    const text = form.get('text') ?? '';
    if (room !== 'player' && room !== 'spectator') return refuse('room: player or spectator');
    // lila's form: nonEmptyText(maxLength = 140) on a JVM string, i.e. UTF-16 units (JS length too).
    if (text.trim() === '' || text.length > 140) return refuse('text: 1..140 characters');
    g.chat.push({ room, username: user.username, text });
    toGame(em, g, { type: 'chatLine', room, username: user.username, text });
    return ok();
  }
  if (finished(g)) return refuse('This game is already over');
  switch (action) {
    case 'move': {
      const error = play(em, g, color, arg ?? '', bool(u.searchParams.get('offeringDraw')));
      return error ? refuse(error) : ok();
    }
    case 'draw': {
      if (arg !== 'yes' && arg !== 'no' && arg !== 'true' && arg !== 'false') return refuse('accept: yes or no');
      const yes = arg === 'yes' || arg === 'true';
      const offered = other === 'white' ? g.wdraw : g.bdraw;
      if (yes && offered) finish(em, g, 'draw');
      else if (yes) {
        // lila Drawer.yes: an offer the player may not make (to the AI, or again within 20
        // plies of their last one) answers 200 and changes nothing.
        if (!mayOfferDraw(g, color)) return ok();
        offerDraw(g, color);
      } else if (other === 'white') g.wdraw = false;
      else g.bdraw = false;
      changed(em, g);
      return ok();
    }
    case 'takeback':
      return takeback(em, g, color, other, arg, refuse, ok);
    case 'resign':
      // lila: a game that can still be aborted (fewer than 2 moves) is aborted, not resigned.
      if (g.moves.length < 2) finish(em, g, 'aborted');
      else finish(em, g, 'resign', other);
      changed(em, g);
      return ok();
    case 'abort':
      if (g.moves.length >= 2 || g.rules.includes('noAbort')) return refuse('This game can no longer be aborted');
      finish(em, g, 'aborted');
      changed(em, g);
      return ok();
    case 'claim-victory': {
      // lila answers 200 whether or not the claim ends the game (never under noClaimWin).
      const since = g.goneSince[other];
      if (
        since !== null &&
        em.now() - since >= claimWinMs(em) &&
        !isBotSide(g[other]) &&
        !g.rules.includes('noClaimWin')
      ) {
        finish(em, g, 'timeout', color);
        changed(em, g);
      }
      return ok();
    }
    default:
      return refuse('Unknown action');
  }
}

/** /takeback/{yes|no}: propose, accept or decline; against the AI, applied at once (lila Takebacker). */
function takeback(
  em: EmulatorState,
  g: EmulatedGame,
  color: Color,
  other: Color,
  arg: string | undefined,
  refuse: (error: string) => void,
  ok: () => void,
): void {
  if (arg !== 'yes' && arg !== 'no' && arg !== 'true' && arg !== 'false') return refuse('accept: yes or no');
  const yes = arg === 'yes' || arg === 'true';
  const proposed = other === 'white' ? g.wtakeback : g.btakeback;
  if (yes && proposed) {
    // The proposer gets back to their own turn: one ply, or two when it is already theirs.
    const plies = turn(g) === other ? 2 : 1;
    for (let i = 0; i < plies && g.moves.length > 0; i++) {
      g.chess.undo();
      g.moves.pop();
      g.san.pop();
    }
    g.wtakeback = g.btakeback = false;
    g.turnStartedAt = em.now();
  } else if (yes) {
    if (g.moves.length === 0) return refuse('Nothing to take back');
    const opp = g[other];
    if (opp.user === null) {
      // lila Takebacker: against the AI the takeback is applied at once, back to the
      // player's own turn, without a proposal.
      const plies = turn(g) === color ? 2 : 1;
      if (g.moves.length < plies) return ok();
      for (let i = 0; i < plies; i++) {
        g.chess.undo();
        g.moves.pop();
        g.san.pop();
      }
      g.turnStartedAt = em.now();
      changed(em, g);
      return ok();
    }
    if (opp.user.bot) return refuse('The bot does not take takebacks');
    // The opponent's preferences forbid takebacks: 200, nothing proposed (lila).
    if (!opp.user.takebacks) return ok();
    if (color === 'white') g.wtakeback = true;
    else g.btakeback = true;
  } else if (other === 'white') g.wtakeback = false;
  else g.btakeback = false;
  changed(em, g);
  return ok();
}
