import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TEXTS, LICHESS_CHAT_TEXTS, PLAY_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES } from '@rush/protocol';
import { changed, eventually, grantRc } from '../matchmaking/support.ts';
import { play } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { expectLedgerInvariants, usd } from '../wallet/support/wallet.ts';
import { lichessWorld, type LichessWorld } from './game-support.ts';

const CLAIM_WIN_SECONDS = 1;

/**
 * What our product does where Lichess answers otherwise than one would guess (issue 31): a
 * player who leaves our app is seen leaving by Lichess (their stream closes), Lichess's
 * opponentGone drives the claim, a takeback against the AI is mirrored, offers to the bot are
 * refused as on the built-in platform, and the chat limit counts as lila counts.
 */
describe.each(DB_KINDS)('Lichess rules on %s (issue 31)', (kind) => {
  let w: LichessWorld;
  beforeAll(async () => {
    w = await lichessWorld(kind, { claimWinSeconds: CLAIM_WIN_SECONDS, botDelayMs: 5 });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a player who leaves our app leaves the Lichess game too; opponentGone allows the claim when Lichess does, and the win is paid', async () => {
    const { gameId, externalId, white, black } = await w.matchedGame(5);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    await eventually(() => w.emu.openStreams('game') >= 2);
    // Too early: refused on our side, nothing sent (Lichess would answer 200 and do nothing).
    const sent = () => w.emu.log.requests.filter((r) => r.path.endsWith('/claim-victory')).length;
    const early = await white.cmd('game.claimVictory', { gameId });
    expect((early as any).error?.message).toBe(PLAY_TEXTS.cannotClaim);
    expect(sent()).toBe(0);

    black.close();
    // The follower closes Black's stream; Lichess tells White's stream that Black is gone.
    const presence = await white.event(
      'game.presence',
      (d) => d.gameId === gameId && d.disconnect?.color === 'black',
      10_000,
    );
    expect(presence.black).toBe(false);
    const row = await w.rowOf(gameId);
    expect(row.disconnectColor).toBe('black');
    expect(row.disconnectGraceEndsAt!.getTime()).toBe(w.clock.now().getTime() + CLAIM_WIN_SECONDS * 1000);
    expect(w.emu.game(externalId)!.goneSince.black).not.toBeNull();

    // Lichess's wait (claimWinInSeconds) passes on both clocks.
    w.clock.advance(CLAIM_WIN_SECONDS * 1000);
    await new Promise((r) => setTimeout(r, CLAIM_WIN_SECONDS * 1000));
    expect((await white.cmd('game.claimVictory', { gameId })).ok).toBe(true);
    expect(sent()).toBe(1);
    const fin = await changed(white, (m) => m.state === 'finished', 10_000);
    expect(fin.result).toMatchObject({ outcome: 'win', payout: 900 });
    expect((await w.rowOf(gameId)).status).toBe('timeout');
    expect(await usd(w.server, white.uid)).toBe(2000n - 500n + 900n);
    await expectLedgerInvariants(w.server.ctx.db);
  });

  it('a resignation on Lichess before both sides moved is an abort there, and refunded here', async () => {
    const { gameId, externalId, white, black } = await w.matchedGame(5);
    await play(gameId, white, black, ['e2e4']);
    const res = await fetch(`${w.emu.url}/api/board/game/${externalId}/resign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await w.tokenOf(black.uid)}` },
    });
    expect(res.status).toBe(200);
    const fin = await changed(black, (m) => m.state === 'finished', 10_000);
    expect(fin.result.outcome).toBe('cancelled');
    expect((await w.rowOf(gameId)).status).toBe('aborted');
    expect(await usd(w.server, black.uid)).toBe(2000n);
  });

  it('player chat over 140 UTF-16 units is refused in our words and never sent; 70 emoji go through', async () => {
    const { gameId, white, black } = await w.matchedGame(5);
    await white.follow(`game-chat:${gameId}`);
    await black.follow(`game-chat:${gameId}`);
    const before = w.emu.log.requests.filter((r) => r.path.endsWith('/chat')).length;
    const long = await white.cmd('game.chat', { gameId, text: '😀'.repeat(71) });
    expect((long as any).error?.message).toBe(LICHESS_CHAT_TEXTS.tooLong);
    expect(w.emu.log.requests.filter((r) => r.path.endsWith('/chat')).length).toBe(before);
    expect((await white.cmd('game.chat', { gameId, text: '😀'.repeat(70) })).ok).toBe(true);
    await black.event('game.chat', (d) => d.line?.text === '😀'.repeat(70));
    expect((await white.cmd('game.abort', { gameId })).ok).toBe(true);
    await changed(white, (m) => m.state === 'finished', 10_000);
  });

  it('against the Lichess AI: offers are refused as on the built-in platform; a takeback made on Lichess is mirrored at once', async () => {
    const p = await w.lichessPlayer();
    await grantRc(w.server, p.uid, units(1000));
    w.emu.faults.declineBotChallenges(true);
    try {
      const start = await p.http.post(BOT_ROUTES.start, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const gameId = start.body.gameId as string;
      await p.watch(gameId);
      const row = await w.rowOf(gameId);
      const externalId = row.externalId!;
      expect(w.emu.game(externalId)!.source).toBe('ai');
      const humanWhite = row.whiteId === p.uid;
      if (humanWhite) await play(gameId, p, p, ['e2e4']);
      else {
        await eventually(async () => (await w.rowOf(gameId)).ply === 1, 10_000);
        await play(gameId, p, p, ['e7e5'], 2);
      }
      // The AI's reply: the player's turn again.
      await eventually(async () => (await w.rowOf(gameId)).ply === (humanWhite ? 2 : 3), 10_000);
      const plyBefore = (await w.rowOf(gameId)).ply;
      for (const cmd of ['game.takeback', 'game.draw'])
        expect(((await p.cmd(cmd, { gameId, action: 'offer' })) as any).error?.message).toBe(BOT_TEXTS.noOffersToBot);
      // On Lichess itself the AI takes back at once: back to the player's turn.
      const res = await fetch(`${w.emu.url}/api/board/game/${externalId}/takeback/yes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await w.tokenOf(p.uid)}` },
      });
      expect(res.status).toBe(200);
      await p.event('game.takenBack', (d) => d.gameId === gameId, 10_000);
      await eventually(async () => (await w.rowOf(gameId)).ply === plyBefore - 2, 10_000);
      expect((await w.rowOf(gameId)).moves).toEqual(w.emu.game(externalId)!.moves);
      expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
    } finally {
      w.emu.faults.declineBotChallenges(false);
    }
  });
});
