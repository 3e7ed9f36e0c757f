import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS } from '@rush/domain';
import { GameView, MoveResult, PLAY_ROUTES, PLAY_TOPICS } from '@rush/protocol';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FOOLS_MATE, play, Player, startGame } from './support.ts';

/** A game over real sockets: the lifecycle of issue 4 on the built-in platform. */
describe.each(POSTGRES_TOO)('live game on %s', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  const pair = async () => [await Player.join(server), await Player.join(server)] as const;

  itOnPglite("plays fool's mate to the end: moves, SAN, events to both, result titles per viewer", async () => {
    const [a, b] = await pair();
    const { gameId, white, black, view } = await startGame(a, b);
    expect(GameView.parse(view)).toMatchObject({ status: 'started', ply: 0, turn: 'white', mode: 'wmgt_000001' });
    expect(view.clock).toMatchObject({ initialMs: 180_000, whiteMs: 180_000, blackMs: 180_000, runningSince: null });
    expect(view.firstMoveDeadline).not.toBeNull();

    const acks = await play(gameId, white, black, FOOLS_MATE);
    expect(MoveResult.parse(acks[0]!.result)).toMatchObject({ ply: 1, uci: 'f2f3', san: 'f3', duplicate: false });
    expect(acks[3]!.result).toMatchObject({ ply: 4, san: 'Qh4#', status: 'mate' });

    for (const p of [white, black]) {
      const moved = await p.event('game.moved', (d) => d.ply === 4);
      expect(moved).toMatchObject({ uci: 'd8h4', san: 'Qh4#', status: 'mate' });
      const ended = await p.event('game.ended');
      expect(ended).toMatchObject({ status: 'mate', winner: 'black', statusText: PLAY_TEXTS.statusMate });
      expect(ended.version).toBe(moved.version + 1);
      expect(ended.ratingDiff.black).toBeGreaterThan(0);
    }
    const wv = await white.view(gameId);
    const bv = await black.view(gameId);
    expect(wv).toMatchObject({
      status: 'mate',
      winner: 'black',
      resultTitle: 'Unlucky',
      you: 'white',
      san: ['f3', 'e5', 'g4', 'Qh4#'],
    });
    expect(bv).toMatchObject({ resultTitle: 'CONGRATS', you: 'black' });
    expect(wv.black.ratingDiff).toBeGreaterThan(0);
    // the players are free again
    expect((await white.http.get(PLAY_ROUTES.current)).body).toEqual({ game: null });
    // a visitor sees the game, with GAME ENDED
    const visitor = await fetch(server.baseUrl + PLAY_ROUTES.game(gameId)).then((r) => r.json());
    expect(visitor).toMatchObject({ you: null, resultTitle: 'GAME ENDED', chat: [] });
    white.close();
    black.close();
  });

  itOnPglite(
    'a resent move is acknowledged with the same result and applied once; a wrong ply is refused',
    async () => {
      const [a, b] = await pair();
      const { gameId, white, black } = await startGame(a, b);
      const first = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
      const again = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
      expect(again.ok).toBe(true);
      expect(again.result).toMatchObject({ ply: 1, uci: 'e2e4', san: 'e4', duplicate: true });
      expect((again.result as MoveResult).fen).toBe((first.result as MoveResult).fen);
      expect((await white.view(gameId)).ply).toBe(1);
      // a different move for an applied ply, a ply from the future, the opponent's turn
      expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'd2d4' })).error?.code).toBe('CONFLICT');
      expect((await black.cmd('game.move', { gameId, ply: 3, uci: 'e7e5' })).error?.code).toBe('CONFLICT');
      expect((await white.cmd('game.move', { gameId, ply: 2, uci: 'e7e5' })).error).toMatchObject({
        code: 'CONFLICT',
        message: PLAY_TEXTS.notYourTurn,
      });
      // illegal, and malformed payloads get VALIDATION acks
      expect((await black.cmd('game.move', { gameId, ply: 2, uci: 'e7e4' })).error).toMatchObject({
        code: 'BAD_REQUEST',
        message: PLAY_TEXTS.illegalMove,
      });
      for (const bad of [
        { gameId, ply: 2, uci: 'zz' },
        { gameId, ply: 0, uci: 'e7e5' },
        { gameId },
        null,
        'x',
        { gameId: 'a b', ply: 2, uci: 'e7e5' },
      ]) {
        expect((await black.cmd('game.move', bad)).error?.code).toBe('VALIDATION');
      }
      expect((await black.cmd('game.move', { gameId: 'nope', ply: 2, uci: 'e7e5' })).error?.code).toBe('NOT_FOUND');
      expect((await black.cmd('game.move', { gameId, ply: 2, uci: 'e7e5' })).ok).toBe(true);
      white.close();
      black.close();
    },
  );

  itOnPglite('a stranger cannot move, and commands need a session', async () => {
    const [a, b] = await pair();
    const stranger = await Player.join(server);
    const { gameId, white, black } = await startGame(a, b);
    expect((await stranger.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).error?.code).toBe('FORBIDDEN');
    expect((await stranger.cmd('game.resign', { gameId })).error?.code).toBe('FORBIDDEN');
    // player chat is not for spectators
    expect(await stranger.follow(PLAY_TOPICS.playerChat(gameId))).toMatchObject({ t: 'err', code: 'FORBIDDEN' });
    for (const p of [white, black, stranger]) p.close();
  });

  itOnPglite(
    'a move committed by an instance that died before telling anyone: its resend tells the opponent',
    async () => {
      const [a, b] = await pair();
      const { gameId, white, black } = await startGame(a, b);
      // The first try commits, then its events are lost (the instance died, or Redis was away).
      const hub = server.ctx.hub;
      const publish = hub.publish.bind(hub);
      hub.publish = (() => Promise.resolve()) as unknown as typeof hub.publish;
      try {
        expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);
      } finally {
        hub.publish = publish;
      }
      expect(await black.got('game.moved', (d) => d.ply === 1)).toBe(false);
      // Its ack lost too, white's client sends the move again on its new socket.
      const again = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
      expect(again.result).toMatchObject({ ply: 1, duplicate: true });
      const moved = await black.event('game.moved', (d) => d.ply === 1);
      expect(moved).toMatchObject({ uci: 'e2e4', san: 'e4', status: 'started' });
      expect(moved.version).toBe((await black.view(gameId)).version);
      const firstMoves = async () => {
        await black.got('game.moved');
        return black.socket.messages.filter(
          (m) => m.t === 'ev' && m.type === 'game.moved' && (m.data as { ply: number }).ply === 1,
        ).length;
      };
      // Repeated again and again (a client looping): that version went out again once, no more.
      const heard = await firstMoves();
      for (let i = 0; i < 3; i++) expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);
      expect(await firstMoves()).toBe(heard);
      // An older move sent again tells nobody anything new: no event.
      expect((await black.cmd('game.move', { gameId, ply: 2, uci: 'e7e5' })).ok).toBe(true);
      await white.event('game.moved', (d) => d.ply === 2);
      expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);
      expect(await firstMoves()).toBe(heard);
      white.close();
      black.close();
    },
  );

  it('concurrent moves racing on one ply: exactly one is applied', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    // White has two tabs: both send a different first move at once.
    const tab2 = await Player.join(server, white.user);
    const ids = [
      white.send('game.move', { gameId, ply: 1, uci: 'e2e4' }),
      tab2.send('game.move', { gameId, ply: 1, uci: 'd2d4' }),
    ];
    const acks = [await white.ack(ids[0]!), await tab2.ack(ids[1]!)];
    expect(acks.filter((x) => x.ok)).toHaveLength(1);
    expect(acks.filter((x) => !x.ok)[0]!.error?.code).toBe('CONFLICT');
    const v = await white.view(gameId);
    expect(v.ply).toBe(1);
    // the same move raced from both tabs: one applied, the other acknowledged as a resend
    const uci = 'e7e5';
    const tabB = await Player.join(server, black.user);
    const ids2 = [black.send('game.move', { gameId, ply: 2, uci }), tabB.send('game.move', { gameId, ply: 2, uci })];
    const acks2 = [await black.ack(ids2[0]!), await tabB.ack(ids2[1]!)];
    expect(acks2.every((x) => x.ok)).toBe(true);
    expect(acks2.map((x) => (x.result as MoveResult).duplicate).sort()).toEqual([false, true]);
    expect((await white.view(gameId)).ply).toBe(2);
    for (const p of [white, black, tab2, tabB]) p.close();
  });

  itOnPglite('abort before 2 plies, resign only after (SPEC 4)', async () => {
    const [a, b] = await pair();
    const g1 = await startGame(a, b);
    expect((await g1.white.cmd('game.resign', { gameId: g1.gameId })).error?.message).toBe(PLAY_TEXTS.resignTooEarly);
    await play(g1.gameId, g1.white, g1.black, ['e2e4']);
    expect((await g1.black.cmd('game.abort', { gameId: g1.gameId })).ok).toBe(true);
    const ended = await g1.white.event('game.ended');
    expect(ended).toMatchObject({ status: 'aborted', winner: null, ratingDiff: null });
    expect((await g1.white.view(g1.gameId)).resultTitle).toBe('ABORTED');

    const g2 = await startGame(a, b);
    await play(g2.gameId, g2.white, g2.black, ['e2e4', 'e7e5']);
    expect((await g2.white.cmd('game.abort', { gameId: g2.gameId })).error?.message).toBe(PLAY_TEXTS.abortTooLate);
    expect((await g2.white.cmd('game.resign', { gameId: g2.gameId })).ok).toBe(true);
    expect(await g2.black.event('game.ended', (d) => d.gameId === g2.gameId)).toMatchObject({
      status: 'resign',
      winner: 'black',
      statusText: 'Game was resigned',
    });
    expect((await g2.white.cmd('game.resign', { gameId: g2.gameId })).error?.code).toBe('CONFLICT');
    a.close();
    b.close();
  });

  itOnPglite(
    'draw offers: disabled until 2 plies, decline, a move declines the opponent’s offer, accept ends in a draw',
    async () => {
      const [a, b] = await pair();
      const { gameId, white, black } = await startGame(a, b);
      expect((await white.cmd('game.draw', { gameId, action: 'offer' })).error?.message).toBe(
        PLAY_TEXTS.offersTooEarly,
      );
      await play(gameId, white, black, ['e2e4', 'e7e5']);
      expect((await white.cmd('game.draw', { gameId, action: 'offer' })).ok).toBe(true);
      expect(await black.event('game.offers')).toMatchObject({
        kind: 'draw',
        action: 'offer',
        by: 'white',
        offers: { draw: 'white' },
      });
      expect((await black.cmd('game.draw', { gameId, action: 'decline' })).ok).toBe(true);
      expect(await white.event('game.offers', (d) => d.action === 'decline')).toMatchObject({ offers: { draw: null } });
      expect((await black.cmd('game.draw', { gameId, action: 'accept' })).error?.code).toBe('CONFLICT');
      // black offers, white moves instead: the offer lapses
      await black.cmd('game.draw', { gameId, action: 'offer' });
      await play(gameId, white, black, ['g1f3'], 3);
      expect((await white.view(gameId)).offers.draw).toBeNull();
      await white.cmd('game.draw', { gameId, action: 'offer' });
      expect((await black.cmd('game.draw', { gameId, action: 'accept' })).ok).toBe(true);
      expect(await white.event('game.ended')).toMatchObject({
        status: 'draw',
        winner: null,
        statusText: 'Game ended in a draw',
      });
      expect((await white.view(gameId)).resultTitle).toBe('DRAW');
      white.close();
      black.close();
    },
  );

  itOnPglite('takeback: offer, decline, accept removes the proposer’s move (and the reply)', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    await play(gameId, white, black, ['e2e4', 'e7e5', 'g1f3']);
    expect((await black.cmd('game.takeback', { gameId, action: 'offer' })).ok).toBe(true);
    await white.event('game.offers', (d) => d.kind === 'takeback');
    expect((await white.cmd('game.takeback', { gameId, action: 'decline' })).ok).toBe(true);
    // white asks to take back g1f3 (its own last move): one ply
    await white.cmd('game.takeback', { gameId, action: 'offer' });
    expect((await black.cmd('game.takeback', { gameId, action: 'accept' })).ok).toBe(true);
    const back = await white.event('game.takenBack');
    expect(back).toMatchObject({ ply: 2, moves: ['e2e4', 'e7e5'], san: ['e4', 'e5'] });
    const v = await black.view(gameId);
    expect(v).toMatchObject({ ply: 2, turn: 'white', offers: { takeback: null } });
    // black asks back after white replied: two plies go
    await play(gameId, white, black, ['d2d4'], 3);
    await black.cmd('game.takeback', { gameId, action: 'offer' });
    await white.cmd('game.takeback', { gameId, action: 'accept' });
    expect(await black.event('game.takenBack', (d) => d.ply === 1)).toMatchObject({ moves: ['e2e4'] });
    white.close();
    black.close();
  });

  it('rematch: offer, decline, accept creates a game with colours swapped (once)', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    expect((await white.cmd('game.rematch', { gameId, action: 'offer' })).error?.message).toBe(
      PLAY_TEXTS.rematchUnavailable,
    );
    await play(gameId, white, black, FOOLS_MATE);
    await white.event('game.ended');
    expect((await white.cmd('game.rematch', { gameId, action: 'offer' })).ok).toBe(true);
    expect(await black.event('game.offers', (d) => d.kind === 'rematch')).toMatchObject({
      action: 'offer',
      by: 'white',
    });
    await black.cmd('game.rematch', { gameId, action: 'decline' });
    await white.event('game.offers', (d) => d.kind === 'rematch' && d.action === 'decline');
    await white.cmd('game.rematch', { gameId, action: 'offer' });
    // both accept at once: one game
    await white.follow(`user:${white.uid}`);
    const [r1, r2] = await Promise.all([
      black.cmd('game.rematch', { gameId, action: 'accept' }),
      white.cmd('game.rematch', { gameId, action: 'offer' }),
    ]);
    const next = (r1.result as { rematchGameId: string }).rematchGameId;
    expect(next).toBeTruthy();
    // White's resend of its own offer was applied either before the accept (still only an offer)
    // or after it (the same game): never a second game.
    expect([null, next]).toContain((r2.result as { rematchGameId: string | null }).rematchGameId);
    expect(await white.event('game.started')).toEqual({ gameId: next });
    const v = await white.view(next);
    expect(v).toMatchObject({ status: 'started', you: 'black' });
    expect(v.white.uid).toBe(black.uid);
    expect((await white.view(gameId)).rematchGameId).toBe(next);
    white.close();
    black.close();
  });

  itOnPglite('player chat reaches the players only; trimmed, 140 at most, empty refused', async () => {
    const [a, b] = await pair();
    const spectator = await Player.join(server);
    const { gameId, white, black } = await startGame(a, b);
    await black.follow(PLAY_TOPICS.playerChat(gameId));
    await spectator.watch(gameId);
    expect((await white.cmd('game.chat', { gameId, text: '  good luck  ' })).ok).toBe(true);
    expect(await black.event('game.chat')).toMatchObject({
      line: { text: 'good luck', color: 'white', username: white.user.username },
    });
    expect((await white.cmd('game.chat', { gameId, text: '   ' })).error?.code).toBe('VALIDATION');
    expect((await white.cmd('game.chat', { gameId, text: 'x'.repeat(141) })).error?.code).toBe('VALIDATION');
    expect((await spectator.cmd('game.chat', { gameId, text: 'hi' })).error?.code).toBe('FORBIDDEN');
    expect(await spectator.got('game.chat')).toBe(false);
    expect((await black.view(gameId)).chat.map((l) => l.text)).toEqual(['good luck']);
    expect((await spectator.view(gameId)).chat).toEqual([]);
    for (const p of [white, black, spectator]) p.close();
  });

  itOnPglite('invitations: self, unknown, already playing; decline and cancel tell both sides', async () => {
    const [a, b] = await pair();
    await b.follow(`user:${b.uid}`);
    expect(
      (await a.http.post(PLAY_ROUTES.invitations, { username: a.user.username, mode: 'wmgt_000001' })).status,
    ).toBe(400);
    expect((await a.http.post(PLAY_ROUTES.invitations, { username: 'nobody9', mode: 'wmgt_000001' })).status).toBe(404);
    expect((await a.http.post(PLAY_ROUTES.invitations, { username: b.user.username, mode: 'bogus' })).status).toBe(400);
    const inv = await a.http.post(PLAY_ROUTES.invitations, { username: b.user.username, mode: 'wmgt_000003' });
    expect(await b.event('play.invitation')).toMatchObject({
      invitation: { id: inv.body.id, mode: 'wmgt_000003', from: { uid: a.uid } },
    });
    expect((await b.http.get(PLAY_ROUTES.invitations)).body.incoming).toHaveLength(1);
    expect((await a.http.post(PLAY_ROUTES.acceptInvitation(inv.body.id))).status).toBe(404); // not the invitee
    expect((await b.http.post(PLAY_ROUTES.declineInvitation(inv.body.id))).body.status).toBe('declined');
    expect((await b.http.post(PLAY_ROUTES.acceptInvitation(inv.body.id))).status).toBe(409);
    const inv2 = await a.http.post(PLAY_ROUTES.invitations, { username: b.user.username, mode: 'wmgt_000002' });
    expect((await a.http.post(PLAY_ROUTES.cancelInvitation(inv2.body.id))).body.status).toBe('cancelled');
    await b.event('play.invitation.closed', (d) => d.invitation.id === inv2.body.id);
    const { gameId } = await startGame(a, b);
    const c = await Player.join(server);
    const busy = await c.http.post(PLAY_ROUTES.invitations, { username: a.user.username, mode: 'wmgt_000001' });
    expect(busy).toMatchObject({ status: 409, body: { error: { message: PLAY_TEXTS.alreadyInGame } } });
    expect((await a.http.get(PLAY_ROUTES.current)).body.game.id).toBe(gameId);
    for (const p of [a, b, c]) p.close();
  });
});
