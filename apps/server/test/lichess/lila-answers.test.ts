import { afterEach, describe, expect, it } from 'vitest';
import {
  createMatchedGame,
  startBotGame,
  type LichessClient,
  type LichessGameStreamEvent,
} from '../../src/modules/lichess/index.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { movesOf, setup, until } from './support.ts';

let emu: LichessEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

let n = 0;
/** Two emulated users in a 5+0 game, White challenging Black as the product does. */
async function pair(client: LichessClient, e: LichessEmulator) {
  const w = e.addUser(`W${++n}`);
  const b = e.addUser(`B${n}`);
  const white = { token: e.issueToken(w.username), username: w.username };
  const black = { token: e.issueToken(b.username), username: b.username };
  const { gameId } = await createMatchedGame(client, white, black, { limitSec: 300, incrementSec: 0 });
  return { gameId, white, black, w, b };
}

function listen(client: LichessClient, token: string, gameId: string) {
  const events: LichessGameStreamEvent[] = [];
  const handle = client.streamGame(token, gameId, (ev) => events.push(ev));
  return { events, handle };
}

/**
 * The emulator answers as lila does where the published API is vague (issue 31): each case
 * names the lila class whose behaviour it copies.
 */
describe('the emulator answers as lila does', () => {
  it('a given-up maia1 challenge is cancelled: a late accept leaves no second game', async () => {
    // maia1 answers after our wait (held until the cancel is in): the keep-alive stream closes,
    // the challenge lives on, and only the cancel keeps the late accept from making a game.
    const s = await setup();
    emu = s.emu;
    emu.faults.holdBotAnswers();
    emu.addUser('Late');
    const token = emu.issueToken('Late');
    const game = await startBotGame(s.client, token, { level: 1, color: 'white', waitMs: 50 });
    expect(game.opponent).toBe('ai');
    const cancel = emu.log.requests.find((r) => /^\/api\/challenge\/[A-Za-z0-9]+\/cancel$/.test(r.path));
    expect(cancel?.status).toBe(200);
    const challengeId = cancel!.path.split('/')[3]!;
    emu.faults.releaseBotAnswers();
    // maia1's accept came after the cancel: no game with that id.
    expect(emu.game(challengeId)).toBeUndefined();
  });

  it('takebacks against the AI are applied at once, back to the player’s turn, without a proposal (Takebacker)', async () => {
    const s = await setup({ botDelayMs: 5 });
    emu = s.emu;
    emu.addUser('Taker');
    const token = emu.issueToken('Taker');
    const ai = await s.client.challengeAi(token, {
      level: 1,
      clockLimitSec: 600,
      clockIncrementSec: 0,
      color: 'white',
    });
    const { events, handle } = listen(s.client, token, ai.id);
    await s.client.move(token, ai.id, 'e2e4');
    await until(() => emu!.game(ai.id)!.moves.length === 2, 2_000, 'the AI reply');
    await s.client.takeback(token, ai.id, true);
    expect(emu.game(ai.id)!.moves).toEqual([]);
    await until(() => movesOf(events) === '', 2_000, 'the shorter line streamed');
    expect(events.some((e) => e.type === 'gameState' && (e.wtakeback || e.btakeback))).toBe(false);
    handle.close();
  });

  it('a draw offered again within 20 plies, or to the AI, is answered 200 and ignored (Drawer, playerCanOfferDraw)', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white, black } = await pair(s.client, emu);
    await s.client.move(white.token, gameId, 'e2e4');
    await s.client.move(black.token, gameId, 'e7e5');
    await s.client.draw(white.token, gameId, true);
    expect(emu.game(gameId)!.wdraw).toBe(true);
    await s.client.draw(black.token, gameId, false);
    await s.client.move(white.token, gameId, 'g1f3');
    await s.client.move(black.token, gameId, 'b8c6');
    await s.client.draw(white.token, gameId, true);
    expect(emu.game(gameId)!.wdraw).toBe(false);
    // Black has not offered yet: theirs stands.
    await s.client.draw(black.token, gameId, true);
    expect(emu.game(gameId)!.bdraw).toBe(true);

    const ai = await s.client.challengeAi(white.token, { level: 1, clockLimitSec: 600, clockIncrementSec: 0 });
    await s.client.draw(white.token, ai.id, true);
    const g = emu.game(ai.id)!;
    expect(g.wdraw || g.bdraw).toBe(false);
  });

  it('a takeback the opponent’s preferences forbid is answered 200 and nothing is proposed', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white, black, b } = await pair(s.client, emu);
    b.takebacks = false;
    await s.client.move(white.token, gameId, 'e2e4');
    await s.client.move(black.token, gameId, 'e7e5');
    await s.client.takeback(white.token, gameId, true);
    expect(emu.game(gameId)!.wtakeback).toBe(false);
  });

  it('resigning before both sides moved aborts the game', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white } = await pair(s.client, emu);
    await s.client.move(white.token, gameId, 'e2e4');
    await s.client.resign(white.token, gameId);
    expect(emu.game(gameId)!.status).toBe('aborted');
    expect(emu.game(gameId)!.winner).toBeUndefined();
  });

  it('opponentGone when a player’s last stream closes; claim-victory answers 200 and only wins once the wait is over', async () => {
    let t = 1_000_000;
    const s = await setup({ now: () => t, claimWinSeconds: 10 });
    emu = s.emu;
    const { gameId, white, black } = await pair(s.client, emu);
    await s.client.move(white.token, gameId, 'e2e4');
    await s.client.move(black.token, gameId, 'e7e5');
    const w = listen(s.client, white.token, gameId);
    const b = listen(s.client, black.token, gameId);
    await until(() => w.events.length > 0 && b.events.length > 0, 2_000, 'both streams');
    // Nobody gone: 200, nothing changes.
    await s.client.claimVictory(white.token, gameId);
    expect(emu.game(gameId)!.status).toBe('started');
    b.handle.close();
    await until(() => w.events.some((e) => e.type === 'opponentGone' && e.gone), 2_000, 'opponentGone');
    expect(w.events.find((e) => e.type === 'opponentGone')).toEqual({
      type: 'opponentGone',
      gone: true,
      claimWinInSeconds: 10,
    });
    t += 9_000;
    await s.client.claimVictory(white.token, gameId);
    expect(emu.game(gameId)!.status).toBe('started');
    t += 1_000;
    await s.client.claimVictory(white.token, gameId);
    expect(emu.game(gameId)!).toMatchObject({ status: 'timeout', winner: 'white' });
  });

  it('opponentGone {gone:false} when the player is back', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white, black } = await pair(s.client, emu);
    const w = listen(s.client, white.token, gameId);
    const b = listen(s.client, black.token, gameId);
    await until(() => b.events.length > 0, 2_000, 'black stream');
    b.handle.close();
    await until(() => w.events.some((e) => e.type === 'opponentGone' && e.gone), 2_000, 'gone');
    const again = listen(s.client, black.token, gameId);
    await until(() => w.events.some((e) => e.type === 'opponentGone' && !e.gone), 2_000, 'back');
    again.handle.close();
    w.handle.close();
  });

  it('a second game stream of the same player, game and user agent closes the first', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white } = await pair(s.client, emu);
    const first = await fetch(`${emu.url}/api/board/game/stream/${gameId}`, {
      headers: { authorization: `Bearer ${white.token}`, 'user-agent': 'Same' },
    });
    const reader = first.body!.getReader();
    await reader.read();
    const second = await fetch(`${emu.url}/api/board/game/stream/${gameId}`, {
      headers: { authorization: `Bearer ${white.token}`, 'user-agent': 'Same' },
    });
    expect(second.status).toBe(200);
    // The first one ends: read to its end.
    for (;;) if ((await reader.read()).done) break;
    expect(emu.log.replacedStreams).toBe(1);
    // Another user agent keeps its own.
    const other = await fetch(`${emu.url}/api/board/game/stream/${gameId}`, {
      headers: { authorization: `Bearer ${white.token}`, 'user-agent': 'Other' },
    });
    expect(other.status).toBe(200);
    expect(emu.log.replacedStreams).toBe(1);
    await second.body!.cancel();
    await other.body!.cancel();
  });

  it('chat: 140 UTF-16 units at most (an emoji counts two)', async () => {
    const s = await setup();
    emu = s.emu;
    const { gameId, white } = await pair(s.client, emu);
    await s.client.chat(white.token, gameId, 'player', '😀'.repeat(70));
    await expect(s.client.chat(white.token, gameId, 'player', '😀'.repeat(71))).rejects.toMatchObject({
      httpStatus: 400,
    });
  });
});
