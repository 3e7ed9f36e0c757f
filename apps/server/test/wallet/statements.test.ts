import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { gamesPlayedIn, playersIn } from '../../src/modules/play/index.ts';
import { games } from '../../src/modules/play/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { statementMails } from '../../src/modules/wallet/responsible-gaming.schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { pdfText } from '../support/pdf-text.ts';
import type { TestServer } from '../support/server.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';
import type { Registered } from '../accounts/support.ts';
import {
  TORONTO,
  gpsAt,
  postWithdrawal,
  pressPay,
  startDeposit,
  startManualWalletServer,
  verifiedUser,
  testWalletLinks,
  walletCore,
  type WalletCore,
} from './support/wallet.ts';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MINUTE = 60_000;

/** Issue 37: a player's monthly statement (page, CSV, PDF) and its monthly mail. */
describe.each(POSTGRES_TOO)('statements (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, core } = await startManualWalletServer(kind)));

  /** A finished game in play's table, `minutes` long from now. */
  const playedGame = async (white: string, black: string, minutes: number) => {
    const start = clock.now();
    await server.ctx.db.insert(games).values({
      id: crypto.randomUUID(),
      mode: 'blitz',
      whiteId: white,
      blackId: black,
      whiteRating: 1500,
      blackRating: 1500,
      whiteProvisional: true,
      blackProvisional: true,
      initialFen: START_FEN,
      fen: START_FEN,
      initialMs: 180_000,
      incrementMs: 0,
      whiteMs: 180_000,
      blackMs: 180_000,
      status: 'mate',
      createdAt: start,
      endedAt: new Date(start.getTime() + minutes * MINUTE),
    });
  };

  /** A month of activity for `u` against `other`, at the manual clock's month. */
  /** The console's manual deposit (a correction, not a deposit a statement counts): money to play and withdraw. */
  const adminMoney = (uid: string, cents: bigint) => {
    const adjustment = accountOf.adjustment('usd');
    const target = accountOf.user(uid, 'usd');
    return core.movements.move(
      {
        key: `test:admin:${crypto.randomUUID()}`,
        kind: 'admin_deposit',
        currency: 'usd',
        accounts: [adjustment, target],
        legs: () => [{ from: adjustment, to: target, amount: cents }],
      },
      'admin',
    );
  };

  const aMonthOfActivity = async (u: Registered, other: Registered) => {
    await adminMoney(u.uid, 10_000n);
    await adminMoney(other.uid, 10_000n);
    expect((await postWithdrawal(server, u.client, { amount: 2000 })).status).toBe(200);
    // A Canadian deposit of $50.00 carries the US$0.50 fee.
    const ca = await startDeposit(server, u, 5000, 'ca', gpsAt(server, ...TORONTO));
    expect((await pressPay(u.client, ca.checkoutId)).status).toBe(200);
    const stakes = [
      { uid: u.uid, amount: 500n },
      { uid: other.uid, amount: 500n },
    ];
    await core.escrow.holdAll({ ref: `game:${crypto.randomUUID()}`, currency: 'usd', stakes });
    const won = `game:${crypto.randomUUID()}`;
    await core.escrow.holdAll({ ref: won, currency: 'usd', stakes });
    await core.escrow.settle({ ref: won, currency: 'usd', winners: [u.uid] });
    // The link reward is RushCoins earned, and the RushCoins staked next.
    await core.rewards.grantLinkReward(u.uid);
    await core.rewards.grantLinkReward(other.uid);
    const rcStakes = stakes.map((s) => ({ ...s, amount: 3000n }));
    const lost = `game:${crypto.randomUUID()}`;
    await core.escrow.holdAll({ ref: lost, currency: 'wbx', stakes: rcStakes });
    await core.escrow.settle({ ref: lost, currency: 'wbx', winners: [other.uid] });
    await playedGame(u.uid, other.uid, 25);
    clock.advance(30 * MINUTE);
    await playedGame(other.uid, u.uid, 40);
  };

  const download = async (u: Registered, path: string) => {
    const res = await fetch(server.baseUrl + path, { headers: { cookie: u.client.cookieHeader() } });
    return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
  };

  itOnPglite('shows the month figures as JSON, CSV and a PDF whose text has them', async () => {
    clock.set(new Date('2026-03-31T20:00:00Z'));
    const u = await verifiedUser(server);
    const other = await verifiedUser(server);
    await aMonthOfActivity(u, other);
    // Next month: the March figures stay March's.
    clock.set(new Date('2026-04-01T08:00:00Z'));
    await adminMoney(u.uid, 777n);

    expect((await u.client.get(WALLET_ROUTES.statements)).body).toEqual({ months: ['2026-04', '2026-03'] });
    const march = await u.client.get(WALLET_ROUTES.statement('2026-03'));
    expect(march.status, JSON.stringify(march.body)).toBe(200);
    expect(march.body).toEqual({
      month: '2026-03',
      usd: {
        deposits: 5000,
        withdrawals: 2000,
        fees: 50,
        staked: 1000,
        returned: 0,
        won: 900,
        lost: 100,
        net: -100,
        earned: 0,
        spent: 0,
      },
      wbx: {
        deposits: 0,
        withdrawals: 0,
        fees: 0,
        staked: 3000,
        returned: 0,
        won: 0,
        lost: 3000,
        net: -3000,
        earned: 50_000,
        spent: 3000,
      },
      games: 2,
      playedMs: 65 * MINUTE,
    });
    expect((await u.client.get(WALLET_ROUTES.statement('2026-04'))).body.usd.deposits).toBe(0);

    const csv = await download(u, WALLET_ROUTES.statementCsv('2026-03'));
    expect(csv.res.status).toBe(200);
    expect(csv.res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.res.headers.get('content-disposition')).toBe('attachment; filename="rushchess-statement-2026-03.csv"');
    const lines = new TextDecoder().decode(csv.bytes).split('\r\n');
    expect(lines[0]).toBe('Month,Figure,Currency,Amount');
    expect(lines).toEqual(
      expect.arrayContaining([
        '2026-03,Deposits,USD,50.00',
        '2026-03,Withdrawals,USD,20.00',
        '2026-03,Fees (deposit and withdrawal),USD,0.50',
        '2026-03,RushCoins earned,RC,500.00',
        '2026-03,Time played (minutes),,65',
      ]),
    );

    const pdf = await download(u, WALLET_ROUTES.statementPdf('2026-03'));
    expect(pdf.res.status).toBe(200);
    expect(pdf.res.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.res.headers.get('content-disposition')).toBe('attachment; filename="rushchess-statement-2026-03.pdf"');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(pdf.bytes);
    expect(text).toContain('Statement for March 2026');
    expect(text).toContain(u.username);
    for (const figure of [
      /Deposits\s+\$50\.00/,
      /Withdrawals\s+\$20\.00/,
      /RushCoins earned\s+500\.00 RC/,
      /Time played\s+1 h 05 min/,
    ])
      expect(text).toMatch(figure);
  });

  itOnPglite('counts a withdrawal fee when paid out and a rejected withdrawal as not withdrawn', async () => {
    clock.set(new Date('2026-07-10T10:00:00Z'));
    const u = await verifiedUser(server);
    await adminMoney(u.uid, 5000n);
    const user = accountOf.user(u.uid, 'usd');
    const held = accountOf.withdrawal(u.uid);
    const fee = accountOf.fee('usd');
    const clearing = accountOf.clearing('usd');
    // The ledger legs of withdrawals.service.ts and withdrawal-resolutions.ts: held, then paid out or given back.
    const move = (kind: string, legs: { from: typeof user; to: typeof user; amount: bigint }[]) =>
      core.movements.move({
        key: `test:${kind}:${crypto.randomUUID()}`,
        kind,
        currency: 'usd',
        accounts: [...new Map(legs.flatMap((l) => [l.from, l.to]).map((a) => [a.id, a])).values()],
        legs: () => legs,
      });
    await move('withdraw', [{ from: user, to: held, amount: 1000n }]);
    await move('withdraw_complete', [
      { from: held, to: clearing, amount: 800n },
      { from: held, to: fee, amount: 200n },
    ]);
    await move('withdraw', [{ from: user, to: held, amount: 500n }]);
    await move('withdraw_reject', [{ from: held, to: user, amount: 500n }]);
    const july = (await u.client.get(WALLET_ROUTES.statement('2026-07'))).body;
    expect(july.usd).toMatchObject({ deposits: 0, withdrawals: 1000, fees: 200 });
  });

  itOnPglite('refuses a month outside the account life, a malformed one, and anyone but a verified user', async () => {
    clock.set(new Date('2026-03-03T10:00:00Z'));
    const u = await verifiedUser(server);
    for (const month of ['2026-02', '2026-04']) {
      expect((await u.client.get(WALLET_ROUTES.statement(month))).status, month).toBe(404);
      expect((await u.client.get(WALLET_ROUTES.statementPdf(month))).status, month).toBe(404);
    }
    for (const bad of ['2026-3', '2026-13', 'march'])
      expect((await u.client.get(WALLET_ROUTES.statementCsv(bad))).status, bad).toBe(400);
    const anonymous = await fetch(server.baseUrl + WALLET_ROUTES.statementCsv('2026-03'));
    expect(anonymous.status).toBe(401);
  });

  it('mails each player with activity once per month, however many instances run the job', async () => {
    clock.set(new Date('2026-05-10T10:00:00Z'));
    const u = await verifiedUser(server);
    const other = await verifiedUser(server);
    const idle = await verifiedUser(server);
    await aMonthOfActivity(u, other);
    // Instances as the composition root builds them: play's games behind the wallet's port.
    const withPlay = () =>
      walletCore(server, {
        games: {
          ...testWalletLinks().games,
          playedIn: (uid, from, to) => gamesPlayedIn(server.ctx.db, uid, from, to),
          playersIn: (from, to) => playersIn(server.ctx.db, from, to),
        },
      });
    const first = withPlay();
    const second = withPlay();
    const mine = () => server.mailer.sent.filter((m) => m.subject.includes('statement') && m.to === u.email);

    // May has not ended: nothing goes.
    await Promise.all([first.statements.mailLastMonth(), second.statements.mailLastMonth()]);
    expect(mine()).toHaveLength(0);

    clock.set(new Date('2026-06-01T00:00:00Z'));
    await Promise.all([
      first.statements.mailLastMonth(),
      second.statements.mailLastMonth(),
      first.statements.mailLastMonth(),
    ]);
    // A restart: a new instance runs the job again.
    await withPlay().statements.mailLastMonth();
    expect(mine()).toHaveLength(1);
    const mail = mine()[0]!;
    expect(mail.subject).toBe('Your RushChess statement for May 2026');
    expect(mail.text).toContain('Deposits: $50.00');
    expect(mail.text).toContain('Time played: 1 h 05 min');
    expect(mail.text).toContain(`${server.config.appUrl}/wallet/statements?month=2026-05`);
    expect(server.mailer.sent.filter((m) => m.to === other.email && m.subject.includes('statement'))).toHaveLength(1);
    expect(server.mailer.sent.filter((m) => m.to === idle.email && m.subject.includes('statement'))).toHaveLength(0);
    const rows = (await server.ctx.db.select().from(statementMails)).filter((r) => r.uid === u.uid);
    expect(rows).toEqual([{ uid: u.uid, month: '2026-05', sentAt: new Date('2026-06-01T00:00:00Z') }]);
  });
});
