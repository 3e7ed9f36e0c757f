import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BATTLE_COUNTDOWN_MS, CHAT_MAX_LENGTH, CHAT_TEXTS, PUZZLE_TEXTS } from '@rush/domain';
import { PUZZLE_ROUTES, PUZZLE_TOPICS, PuzzleEvents, type LobbyView } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { lobbyPuzzles } from '../../src/modules/puzzles/schema.ts';
import type { Registered } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc } from '../wallet/support/wallet.ts';
import {
  battler,
  blunder,
  createLobby,
  currentPuzzle,
  join,
  lobbyEvent,
  solve,
  startBattleServer,
} from './battle-support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const STAKE = 5_000n; // 50 RushCoins in minor units
const FUNDS = 100_000n;
/** A public two-seat lobby staked 50 RushCoins. */
const base = () => ({
  difficulty: 'normal',
  theme: 'healthyMix',
  time: 60_000,
  privacy: 'public',
  maxParticipants: 2,
  prizeMode: 'pool',
  stakesCurrency: 'wbx',
  stakesAmount: 50,
});

describe.each(POSTGRES_TOO)('Battle Puzzle Rush lobbies (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startBattleServer(kind)));

  const escrow = (id: string) => readBalance(server.ctx.db, accountOf.escrow(`lobby:${id}`, 'wbx').id);

  itOnPglite(
    'three players over real sockets: create, join, start, judged moves, skip, forfeit, end by deadline, tied winners paid once',
    async () => {
      const [a, b, c] = [await battler(server, admin), await battler(server, admin), await battler(server, admin)];
      const created = await createLobby(a, { maxParticipants: 3 });
      expect(created).toMatchObject({
        status: 'created',
        code: null,
        grandPrize: Number(STAKE),
        eloRange: { min: 1300, max: 1700 },
      });
      expect(Date.parse(created.autoStartAt!) - Date.parse(created.createdAt)).toBe(90_000);
      expect(await rc(server, a.uid)).toBe(FUNDS - STAKE);
      const id = created.id;

      // The list, over HTTP and live on `lobbies`.
      const listed = (await b.http.get(PUZZLE_ROUTES.lobbies)).body.lobbies.find((l: any) => l.id === id);
      expect(listed).toMatchObject({
        owner: a.user.username,
        locked: false,
        prizeMode: 'pool',
        minutes: 1,
        stakesCurrency: 'wbx',
        stakesAmount: 50,
        users: 1,
        max: 3,
      });
      await b.event(PuzzleEvents.lobbies, (d) => d.lobbies.some((l: any) => l.id === id));

      for (const p of [a, b, c]) await p.follow(PUZZLE_TOPICS.lobby(id));
      await join(b, id);
      const full = await join(c, id);
      expect(full.participants.map((p) => p.uid).sort()).toEqual([a.uid, b.uid, c.uid].sort());
      expect(full.grandPrize).toBe(Number(STAKE * 3n));
      expect(await escrow(id)).toBe(STAKE * 3n);
      await b.event(PuzzleEvents.lobbies, (d) => d.lobbies.some((l: any) => l.id === id && l.users === 3));
      // A joined player is in a puzzle game: no second lobby.
      const second = await b.http.post(PUZZLE_ROUTES.lobbies, { settings: base() });
      expect(second.status).toBe(409);
      expect(second.body.error.message).toBe(PUZZLE_TEXTS.alreadyInLobby);
      expect((await b.http.get(PUZZLE_ROUTES.active)).body.active).toMatchObject({
        mode: 'battle',
        id,
        route: `/puzzle-game/battle?lobby=${id}`,
      });

      // Only the owner starts.
      const notOwner = await b.http.post(PUZZLE_ROUTES.start(id), {});
      expect(notOwner.status).toBe(403);
      expect(notOwner.body.error.message).toBe(PUZZLE_TEXTS.notOwner);
      const started = await a.http.post(PUZZLE_ROUTES.start(id), {});
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(started.body.lobby.status).toBe('started');
      await lobbyEvent(c, (l) => l.status === 'started');
      // SPEC 9: the start overlay counts down; the battle (its clock, its moves) begins after it.
      const pressed = clock.now().getTime();
      expect(Date.parse(started.body.lobby.startedAt)).toBe(pressed + BATTLE_COUNTDOWN_MS);
      expect(Date.parse(started.body.lobby.endsAt)).toBe(pressed + BATTLE_COUNTDOWN_MS + 60_000);

      // Everyone gets the same server-issued sequence; the puzzle carries no solution.
      // PGlite is enough: each player reads their own first puzzle; nothing they share is written
      const first = await Promise.all([a, b, c].map((p) => currentPuzzle(p, id)));
      // The puzzle shows during the countdown, but a move or a skip counts only once the battle begins.
      const early = await a.http.post(PUZZLE_ROUTES.battleMove(id), {
        attemptId: first[0]!.attemptId,
        ply: 1,
        uci: 'a1a2',
      });
      expect(early).toMatchObject({ status: 409, body: { error: { message: PUZZLE_TEXTS.notBegun } } });
      const earlySkip = await a.http.post(PUZZLE_ROUTES.battleSkip(id), { attemptId: first[0]!.attemptId });
      expect(earlySkip).toMatchObject({ status: 409, body: { error: { message: PUZZLE_TEXTS.notBegun } } });
      clock.advance(BATTLE_COUNTDOWN_MS);
      expect(new Set(first.map((p) => p!.puzzleId)).size).toBe(1);
      expect(first[0]).not.toHaveProperty('moves');
      const sequence = await server.ctx.db.select().from(lobbyPuzzles).where(eq(lobbyPuzzles.lobbyId, id));
      expect(sequence.length).toBeGreaterThan(10);

      // a and b each solve one puzzle (a tie); c fails one, solves one, skips one, then forfeits.
      const aSolved = await solve(server, a, id);
      expect(aSolved.lobby.participants.find((p: any) => p.uid === a.uid)).toMatchObject({
        puzzlesCompleted: 1,
        currentStreak: 1,
        points: 10,
      });
      expect(aSolved.puzzle.puzzleId).toBe(sequence.find((s) => s.seq === 1)!.puzzleId);
      await solve(server, b, id);
      const failed = await blunder(server, c, id);
      expect(failed.lobby.participants.find((p: any) => p.uid === c.uid)).toMatchObject({
        strikes: 1,
        currentStreak: 0,
        puzzlesCompleted: 0,
      });
      expect(failed.puzzle.puzzleId).toBe(sequence.find((s) => s.seq === 1)!.puzzleId);
      // A resend of the judged move answers the same and changes nothing.
      const again = await c.http.post(PUZZLE_ROUTES.battleMove(id), {
        attemptId: first[2]!.attemptId,
        ply: 1,
        uci: 'a1a1',
      });
      expect(again.status).toBe(409);
      await solve(server, c, id);
      const skipAttempt = (await currentPuzzle(c, id))!.attemptId;
      const skipped = await c.http.post(PUZZLE_ROUTES.battleSkip(id), { attemptId: skipAttempt });
      expect(skipped.status).toBe(200);
      expect(skipped.body.lobby.participants.find((p: any) => p.uid === c.uid)).toMatchObject({
        skips: 1,
        puzzlesCompleted: 1,
        points: 10,
      });
      expect(
        (await c.http.post(PUZZLE_ROUTES.battleSkip(id), { attemptId: skipAttempt })).body.lobby.participants.find(
          (p: any) => p.uid === c.uid,
        ).skips,
      ).toBe(1);
      await lobbyEvent(a, (l) => l.participants.some((p) => p.uid === c.uid && p.skips === 1));

      const ownerForfeit = await a.http.post(PUZZLE_ROUTES.forfeit(id), {});
      expect(ownerForfeit.status).toBe(400);
      expect(ownerForfeit.body.error.message).toBe(PUZZLE_TEXTS.ownerCannotForfeit);
      expect((await c.http.post(PUZZLE_ROUTES.forfeit(id), {})).status).toBe(200);
      await lobbyEvent(b, (l) => l.participants.some((p) => p.uid === c.uid && p.left));
      expect(await currentPuzzle(c, id)).toBeNull();

      // The deadline: the sweep ends it (startedAt + 60 s; the countdown is already behind).
      clock.advance(60_000);
      const done: LobbyView = await lobbyEvent(b, (l) => l.status === 'finished', 10_000);
      expect(done.results!.map((r) => [r.username, r.points, r.place, r.placeLabel])).toEqual(
        expect.arrayContaining([
          [a.user.username, 10, 1, '1st'],
          [b.user.username, 10, 1, '1st'],
          [c.user.username, 10, 3, '3rd'],
        ]),
      );
      expect(done.results![2]!.uid).toBe(c.uid);
      // Pot 150 RC minus 10% split between the two winners.
      const share = (STAKE * 3n - (STAKE * 3n) / 10n) / 2n;
      expect(done.results!.filter((r) => r.place === 1).map((r) => r.reward)).toEqual([Number(share), Number(share)]);
      expect(await rc(server, a.uid)).toBe(FUNDS - STAKE + share);
      expect(await rc(server, b.uid)).toBe(FUNDS - STAKE + share);
      expect(await rc(server, c.uid)).toBe(FUNDS - STAKE);
      expect(await escrow(id)).toBe(0n);
      const settles = await server.ctx.db
        .select()
        .from(ledgerMovements)
        .where(and(eq(ledgerMovements.ref, `lobby:${id}`), eq(ledgerMovements.kind, 'settle')));
      expect(settles).toHaveLength(1);
      const late = await a.http.post(PUZZLE_ROUTES.battleMove(id), {
        attemptId: aSolved.puzzle.attemptId,
        ply: 1,
        uci: 'a2a3',
      });
      expect(late.status).toBe(409);
      expect((await a.http.get(PUZZLE_ROUTES.active)).body.active).toBeNull();
      await expectLedgerInvariants(server.ctx.db);
      for (const p of [a, b, c]) p.close();
    },
  );

  it('concurrent joins against the last seat: exactly one wins, the others get the SPEC text and pay nothing', async () => {
    const owner = await battler(server, admin);
    const { id } = await createLobby(owner, { maxParticipants: 2 });
    const racers = await Promise.all(Array.from({ length: 5 }, () => battler(server, admin)));
    const answers = await Promise.all(racers.map((r) => r.http.post(PUZZLE_ROUTES.join(id), {})));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(PUZZLE_TEXTS.lobbyFull);
    }
    const winner = racers[answers.findIndex((r) => r.status === 200)]!;
    for (const r of racers) expect(await rc(server, r.uid)).toBe(r === winner ? FUNDS - STAKE : FUNDS);
    expect(await escrow(id)).toBe(STAKE * 2n);
    // A double click by one player takes one stake.
    const { id: other } = await createLobby(
      racers.find((r) => r !== winner)!,
      { maxParticipants: 3 },
    );
    const twice = racers.find((r) => r !== winner && r.uid !== racers.find((x) => x !== winner)!.uid)!;
    const both = await Promise.all([1, 2].map(() => twice.http.post(PUZZLE_ROUTES.join(other), {})));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await rc(server, twice.uid)).toBe(FUNDS - STAKE);
    expect(await escrow(other)).toBe(STAKE * 2n);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite('private lobbies: the code to the owner only, required and checked; locked in the list', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const lobby = await createLobby(owner, { privacy: 'private' });
    expect(lobby.code).toMatch(/^[A-Z2-9]{8}$/);
    const listed = (await guest.http.get(PUZZLE_ROUTES.lobbies)).body.lobbies.find((l: any) => l.id === lobby.id);
    expect(listed).toMatchObject({ locked: true });
    expect(listed).not.toHaveProperty('code');
    expect((await guest.http.get(PUZZLE_ROUTES.lobby(lobby.id))).status).toBe(409);

    const none = await guest.http.post(PUZZLE_ROUTES.join(lobby.id), {});
    expect([none.status, none.body.error.message]).toEqual([400, PUZZLE_TEXTS.codeRequired]);
    const wrong = await guest.http.post(PUZZLE_ROUTES.join(lobby.id), { code: 'WRONG123' });
    expect([wrong.status, wrong.body.error.message]).toEqual([409, PUZZLE_TEXTS.lobbyUnavailable]);
    const unknown = await guest.http.post(PUZZLE_ROUTES.joinByCode, { code: 'NOPE' });
    expect([unknown.status, unknown.body.error.message]).toEqual([409, PUZZLE_TEXTS.lobbyUnavailable]);
    expect(await rc(server, guest.uid)).toBe(FUNDS);

    await owner.follow(PUZZLE_TOPICS.lobby(lobby.id));
    const joined = await guest.http.post(PUZZLE_ROUTES.joinByCode, { code: ` ${lobby.code!} ` });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.lobby.code).toBeNull();
    // The owner's socket hears the join, and topic events never carry the code.
    const event = await lobbyEvent(owner, (l) => l.participants.length === 2);
    expect(event.code).toBeNull();
    expect((await owner.http.get(PUZZLE_ROUTES.lobby(lobby.id))).body.lobby.code).toBe(lobby.code);
  });

  itOnPglite(
    'refunds: a guest leaving, a kick, the owner aborting; rejoin pays again; the deadline with one player cancels',
    async () => {
      const owner = await battler(server, admin);
      const [b, c, d] = [await battler(server, admin), await battler(server, admin), await battler(server, admin)];
      const { id } = await createLobby(owner, { maxParticipants: 4 });
      for (const p of [b, c, d]) await join(p, id);
      await b.follow(PUZZLE_TOPICS.lobby(id));
      expect(await escrow(id)).toBe(STAKE * 4n);

      expect((await b.http.post(PUZZLE_ROUTES.leave(id), {})).status).toBe(200);
      expect(await rc(server, b.uid)).toBe(FUNDS);
      await join(b, id);
      expect(await rc(server, b.uid)).toBe(FUNDS - STAKE);

      const byGuest = await d.http.post(PUZZLE_ROUTES.kick(id), { uid: c.uid });
      expect([byGuest.status, byGuest.body.error.message]).toEqual([403, PUZZLE_TEXTS.notOwner]);
      const kicked = await owner.http.post(PUZZLE_ROUTES.kick(id), { uid: c.uid });
      expect(kicked.status).toBe(200);
      expect(kicked.body.lobby.participants.map((p: any) => p.uid)).not.toContain(c.uid);
      expect(await rc(server, c.uid)).toBe(FUNDS);
      expect((await c.http.post(PUZZLE_ROUTES.join(id), {})).body.error.message).toBe(PUZZLE_TEXTS.lobbyUnavailable);
      // An admin may kick too.
      expect((await admin.client.post(PUZZLE_ROUTES.kick(id), { uid: d.uid })).status).toBe(200);
      expect(await rc(server, d.uid)).toBe(FUNDS);

      // Chat: the one chat rule (SPEC 5): trimmed, at most 140, empty not sent, with its words;
      // lines published.
      const empty = await b.http.post(PUZZLE_ROUTES.chat(id), { text: '   ' });
      expect([empty.status, empty.body.error.message]).toEqual([400, CHAT_TEXTS.empty]);
      const long = await b.http.post(PUZZLE_ROUTES.chat(id), { text: 'x'.repeat(141) });
      expect([long.status, long.body.error.message]).toEqual([400, CHAT_TEXTS.tooLong]);
      expect((await b.http.post(PUZZLE_ROUTES.chat(id), { text: '  good luck  ' })).status).toBe(200);
      expect((await lobbyEvent(b, (l) => l.chat.length > 0)).chat.map((l) => l.text)).toEqual(['good luck']);
      // Where the lobby's own copy disagreed, the domain's rule wins (issue 11): 140 emoji are 140
      // characters (the lobby counted 280 UTF-16 units and refused them), and a tab is a space.
      const emoji = '😀'.repeat(CHAT_MAX_LENGTH);
      expect((await b.http.post(PUZZLE_ROUTES.chat(id), { text: emoji })).status).toBe(200);
      expect((await b.http.post(PUZZLE_ROUTES.chat(id), { text: 'well\tplayed' })).status).toBe(200);
      expect((await lobbyEvent(b, (l) => l.chat.length > 2)).chat.map((l) => l.text)).toEqual([
        'good luck',
        emoji,
        'well played',
      ]);

      expect((await owner.http.post(PUZZLE_ROUTES.leave(id), {})).status).toBe(200);
      expect(await b.event(PuzzleEvents.lobbyRemoved)).toMatchObject({
        lobbyId: id,
        message: PUZZLE_TEXTS.ownerAborted,
      });
      expect((await b.http.get(PUZZLE_ROUTES.lobby(id))).body.lobby).toMatchObject({
        status: 'canceled',
        error: PUZZLE_TEXTS.ownerAborted,
      });
      for (const p of [owner, b, c, d]) expect(await rc(server, p.uid)).toBe(FUNDS);
      expect(await escrow(id)).toBe(0n);

      // Alone at the deadline: canceled and refunded, once.
      const lonely = await createLobby(owner);
      const start = await owner.http.post(PUZZLE_ROUTES.start(lonely.id), {});
      expect([start.status, start.body.error.message]).toEqual([400, PUZZLE_TEXTS.needTwoPlayers]);
      await owner.follow(PUZZLE_TOPICS.lobby(lonely.id));
      clock.advance(90_000);
      expect((await lobbyEvent(owner, (l) => l.status === 'canceled', 10_000)).error).toBe(PUZZLE_TEXTS.needTwoPlayers);
      expect(await rc(server, owner.uid)).toBe(FUNDS);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  itOnPglite(
    'creation rules: giveaway for content creators, stakes among the active wagers, USD needs a wallet, funds to join',
    async () => {
      const p = await battler(server, admin);
      const giveaway = await p.http.post(PUZZLE_ROUTES.lobbies, { settings: { ...base(), prizeMode: 'giveaway' } });
      expect([giveaway.status, giveaway.body.error.message]).toEqual([400, PUZZLE_TEXTS.giveawayCreatorsOnly]);
      const odd = await p.http.post(PUZZLE_ROUTES.lobbies, { settings: { ...base(), stakesAmount: 51 } });
      expect([odd.status, odd.body.error.message]).toEqual([400, PUZZLE_TEXTS.stakeNotAllowed]);
      const usd = await p.http.post(PUZZLE_ROUTES.lobbies, {
        settings: { ...base(), stakesCurrency: 'usd', stakesAmount: 5 },
      });
      expect([usd.status, usd.body.error.message]).toEqual([400, PUZZLE_TEXTS.noWallet]);
      const badTime = await p.http.post(PUZZLE_ROUTES.lobbies, { settings: { ...base(), time: 120_000 } });
      expect(badTime.status).toBe(400);

      const host = await battler(server, admin);
      const { id } = await createLobby(host, { stakesAmount: 1000 });
      const poor = await battler(server, admin, { wbx: 50_000n }); // 500 RC < 1000 RC
      const refused = await poor.http.post(PUZZLE_ROUTES.join(id), {});
      expect([refused.status, refused.body.error.message]).toEqual([400, PUZZLE_TEXTS.insufficientFunds]);
      const { id: usdLobby } = await createLobby(
        await battler(server, admin, { usd: 10_000 }),
        { stakesCurrency: 'usd', stakesAmount: 5 },
        { deviceGps: gps() },
      );
      const noWallet = await poor.http.post(PUZZLE_ROUTES.join(usdLobby), { deviceGps: gps() });
      expect([noWallet.status, noWallet.body.error.message]).toEqual([400, PUZZLE_TEXTS.noWallet]);
      expect(await rc(server, poor.uid)).toBe(50_000n);
    },
  );

  itOnPglite(
    'a giveaway guest is located like any cash player: refused in a blocked state or without a position, welcome in New York',
    async () => {
      const creator = await battler(server, admin, { usd: 10_000, level: 'contentCreator' });
      const { id } = await createLobby(
        creator,
        { prizeMode: 'giveaway', stakesCurrency: 'usd', stakesAmount: 5 },
        { deviceGps: gps() },
      );
      const guest = await battler(server, admin, { usd: 1_000 });
      const phoenix = { ...gps(), latitude: 33.4484, longitude: -112.074 };
      const blocked = await guest.http.post(PUZZLE_ROUTES.join(id), { deviceGps: phoenix });
      expect([blocked.status, blocked.body.error.message]).toEqual([400, 'Gaming in this location is restricted.']);
      const nowhere = await guest.http.post(PUZZLE_ROUTES.join(id), {});
      expect(nowhere.body.error.fields?.reason).toBe('location');
      const usdBefore = await readBalance(server.ctx.db, accountOf.user(guest.uid, 'usd').id);
      await join(guest, id, { deviceGps: gps() });
      // Guests of a giveaway stake nothing.
      expect(await readBalance(server.ctx.db, accountOf.user(guest.uid, 'usd').id)).toBe(usdBefore);
    },
  );

  const gps = () => ({ latitude: 40.7128, longitude: -74.006, radius: 10, dateTime: clock.now().toISOString() });
});
