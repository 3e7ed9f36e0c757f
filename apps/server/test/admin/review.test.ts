import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, REVIEW_PAGE_SIZE, ReviewResponse, WALLET_ROUTES } from '@rush/protocol';
import { REVIEW_CSV_COLUMNS } from '@rush/domain';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { TestClient } from '../support/http-client.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import { createAdminTrail } from '../../src/modules/audit/index.ts';
import { ReviewService } from '../../src/modules/admin/review.service.ts';
import type { LossLimitInForce } from '../../src/modules/admin/index.ts';
import { adminDeposit, startManualWalletServer, verifiedUser, type WalletCore } from '../wallet/support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';
import { auditRows } from './support.ts';
import { addCoolOff, addDeposit } from './review-support.ts';

const HOUR = 3_600_000;

/**
 * Issue 37 (operators): the responsible-gaming review in the console. The findings come from the
 * ledger, the deposits and the players' own limits, breaks and exclusions; an admin's action on
 * one is an audit entry; the CSV is every finding with its evidence and its last action.
 */
describe.each(DB_KINDS)('responsible-gaming review (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  let core: WalletCore;
  suiteSetUp(
    () => startManualWalletServer(kind, { http: 'inject' }),
    (s) => ({ server, admin, clock, core } = s),
  );

  const review = async (query = '') => {
    const res = await admin.client.get(`${ADMIN_ROUTES.review}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ReviewResponse.parse(res.body);
  };
  // One player's findings (the uid filter), checked to hold nobody else's.
  const findingsOf = async (uid: string, query = '?kind=pattern') => {
    const { findings } = await review(`${query}&uid=${uid}`);
    expect(findings.every((f) => f.uid === uid)).toBe(true);
    return findings;
  };

  it('a visitor gets 401 and a player 403 on every review route', async () => {
    const player = await verifiedUser(server);
    const visitor = new TestClient(server.baseUrl);
    const body = { finding: 'exclusion', action: 'reviewed', note: 'x' };
    for (const client of [visitor, player.client]) {
      const want = client === visitor ? 401 : 403;
      expect((await client.get(ADMIN_ROUTES.review)).status).toBe(want);
      expect((await client.get(ADMIN_ROUTES.reviewCsv)).status).toBe(want);
      expect((await client.post(ADMIN_ROUTES.reviewAction(player.uid), body)).status).toBe(want);
    }
  });

  it('three deposits within 24 hours are a pattern with each deposit as evidence; two are not', async () => {
    const many = await verifiedUser(server);
    const two = await verifiedUser(server);
    const t = clock.now().getTime();
    const ids = [
      await addDeposit(server, many.uid, 5000n, new Date(t - 20 * HOUR)),
      await addDeposit(server, many.uid, 2000n, new Date(t - 10 * HOUR)),
      await addDeposit(server, many.uid, 10000n, new Date(t - 1 * HOUR)),
    ];
    await addDeposit(server, two.uid, 5000n, new Date(t - 5 * HOUR));
    await addDeposit(server, two.uid, 5000n, new Date(t - 4 * HOUR));

    const [found, ...more] = await findingsOf(many.uid);
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      kind: 'pattern',
      key: `deposits:${ids[0]}`,
      title: 'Deposit after deposit',
      username: many.username,
      lastAction: null,
    });
    expect(found!.summary).toMatch(/^3 deposits within 24 hours, \$170\.00 in all: \$50\.00 at /);
    expect(found!.evidence.map((e) => [e.label, e.id, e.amount])).toEqual([
      ['Deposit', ids[0], 5000],
      ['Deposit', ids[1], 2000],
      ['Deposit', ids[2], 10000],
    ]);
    expect(await findingsOf(two.uid)).toEqual([]);
  });

  it('stakes rising after three lost games are a pattern; the games and stakes are its evidence', async () => {
    const chaser = await verifiedUser(server);
    const winner = await verifiedUser(server);
    expect((await adminDeposit(admin, chaser.uid, 5000)).status).toBe(200);
    const refs = [0, 1, 2, 3].map(() => `game:${crypto.randomUUID()}`);
    const stakes = [100n, 200n, 500n, 1000n];
    for (const [i, ref] of refs.entries()) {
      clock.advance(60_000);
      await core.escrow.hold({ ref, uid: chaser.uid, currency: 'usd', amount: stakes[i]! });
      // The last game is still being played; the first three were lost (the pot went to the other player).
      if (i < 3) await core.escrow.settle({ ref, currency: 'usd', winners: [winner.uid] });
    }
    const [found] = await findingsOf(chaser.uid);
    expect(found).toMatchObject({ key: `stakes:usd:${refs[0]}`, title: 'Stakes rising after losses' });
    expect(found!.summary).toBe(
      'Stake raised 3 times in a row after a loss: $1.00 lost, then $2.00 lost, then $5.00 lost, then $10.00',
    );
    expect(found!.evidence.map((e) => [e.label, e.id, e.amount])).toEqual([
      ['Stake, lost', refs[0], 100],
      ['Stake, lost', refs[1], 200],
      ['Stake, lost', refs[2], 500],
      ['Stake, game open', refs[3], 1000],
    ]);
  });

  it('lists self-exclusions, breaks in force (not ended ones) and deposit limits near their end, by kind', async () => {
    const closed = await verifiedUser(server);
    expect((await closed.client.post(WALLET_ROUTES.closeAccount, { confirm: true })).status).toBe(200);
    const resting = await verifiedUser(server);
    const rested = await verifiedUser(server);
    const now = clock.now().getTime();
    await addCoolOff(server, resting.uid, new Date(now - HOUR), new Date(now + 7 * 24 * HOUR));
    await addCoolOff(server, rested.uid, new Date(now - 25 * HOUR), new Date(now - HOUR));
    const limited = await verifiedUser(server);
    const set = await admin.client.put(WALLET_ROUTES.adminLimits(limited.uid), {
      kind: 'deposit',
      max: 10000,
      until: '2099-01-01',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await addDeposit(server, limited.uid, 8500n, clock.now());

    expect(await findingsOf(closed.uid, '?kind=exclusion')).toMatchObject([
      { kind: 'exclusion', key: 'exclusion', title: 'Self-exclusion', evidence: [] },
    ]);
    // An account an admin closed is listed too, never as a self-exclusion.
    const shut = await verifiedUser(server);
    expect((await admin.client.post(WALLET_ROUTES.adminClose(shut.uid), { confirm: true })).status).toBe(200);
    expect(await findingsOf(shut.uid, '?kind=exclusion')).toMatchObject([
      {
        kind: 'exclusion',
        title: 'Account closed',
        summary: 'Account closed for good by an admin (not a self-exclusion)',
      },
    ]);
    expect(await findingsOf(resting.uid, '?kind=cool-off')).toMatchObject([
      { kind: 'cool-off', title: 'Cool-off', to: new Date(now + 7 * 24 * HOUR).toISOString() },
    ]);
    expect(await findingsOf(rested.uid, '?kind=cool-off')).toEqual([]);
    const [limit] = await findingsOf(limited.uid, '?kind=limit');
    expect(limit).toMatchObject({ kind: 'limit', level: 'near', title: 'Deposit limit near' });
    expect(limit!.summary).toBe('Deposit limit nearly reached: $85.00 deposited this month of $100.00 (85%)');
    // The kind filter keeps to its kind; without it, every kind, a page at a time.
    expect((await review('?kind=exclusion')).findings.every((f) => f.kind === 'exclusion')).toBe(true);
    const all = await review();
    expect(all.pageSize).toBe(REVIEW_PAGE_SIZE);
    expect(new Set(all.findings.map((f) => f.kind))).toEqual(new Set(['pattern', 'limit', 'cool-off', 'exclusion']));
  });

  it('an action on a finding writes one audit entry and becomes its last action; an unknown finding is 404', async () => {
    const closed = await verifiedUser(server);
    expect((await closed.client.post(WALLET_ROUTES.closeAccount, { confirm: true })).status).toBe(200);
    const act = (body: object) => admin.client.post(ADMIN_ROUTES.reviewAction(closed.uid), body);
    const before = (await auditRows(server, closed.uid)).length;

    expect((await act({ finding: 'deposits:nope', action: 'reviewed', note: 'x' })).status).toBe(404);
    expect((await act({ finding: 'exclusion', action: 'called', note: 'x' })).status).toBe(400);
    expect((await act({ finding: 'exclusion', action: 'reviewed', note: '   ' })).status).toBe(400);
    expect((await admin.client.post(ADMIN_ROUTES.reviewAction('not-a-uid'), {})).status).toBe(404);
    expect(await auditRows(server, closed.uid)).toHaveLength(before);

    const res = await act({ finding: 'exclusion', action: 'contacted', note: 'Emailed the support line details' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.finding.lastAction).toMatchObject({
      action: 'contacted',
      note: 'Emailed the support line details',
      admin: { uid: admin.uid },
    });
    const rows = await auditRows(server, closed.uid);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      action: 'review.contacted',
      adminUid: admin.uid,
      after: {
        finding: 'exclusion',
        kind: 'exclusion',
        evidence: 'Self-excluded: the account is closed for good',
        note: 'Emailed the support line details',
      },
    });
    // The audit page shows it like any admin action.
    const audit = await admin.client.get(`${ADMIN_ROUTES.audit}?action=review.contacted&target=${closed.uid}`);
    expect(audit.body.entries).toHaveLength(1);
    const [listed] = await findingsOf(closed.uid, '?kind=exclusion');
    expect(listed!.lastAction).toMatchObject({ action: 'contacted', note: 'Emailed the support line details' });
  });

  it('the CSV is an attachment with a header and one row per finding, evidence and last action included', async () => {
    const player = await verifiedUser(server);
    const t = clock.now().getTime();
    for (const h of [3, 2, 1]) await addDeposit(server, player.uid, 1000n, new Date(t - h * HOUR));
    const [finding] = await findingsOf(player.uid);
    const note = 'Looked, "fine", for now';
    const acted = await admin.client.post(ADMIN_ROUTES.reviewAction(player.uid), {
      finding: finding!.key,
      action: 'reviewed',
      note,
    });
    expect(acted.status).toBe(200);

    const res = await admin.client.get(`${ADMIN_ROUTES.reviewCsv}?kind=pattern`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="responsible-gaming-${clock.now().toISOString().slice(0, 10)}.csv"`,
    );
    const text = res.body as string;
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(REVIEW_CSV_COLUMNS.join(','));
    const all = await review('?kind=pattern');
    expect(lines.length - 2).toBe(all.total); // header + rows + the final empty line
    const row = lines.find((l) => l.startsWith(`${player.uid},`));
    expect(row).toBe(
      [
        player.uid,
        player.username,
        'pattern',
        'Deposit after deposit',
        `"${finding!.summary}"`,
        finding!.from,
        finding!.to,
        'reviewed',
        acted.body.finding.lastAction.admin.username,
        acted.body.finding.lastAction.at,
        '"Looked, ""fine"", for now"',
      ].join(','),
    );
  });

  it('a loss limit the player set, and the games they lost, reach the review through the wallet (wired)', async () => {
    const player = await verifiedUser(server);
    const winner = await verifiedUser(server);
    expect((await adminDeposit(admin, player.uid, 5000)).status).toBe(200);
    const set = await player.client.put(WALLET_ROUTES.lossLimits, { currency: 'usd', period: 'day', max: 1000 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const ref = `game:${crypto.randomUUID()}`;
    await core.escrow.hold({ ref, uid: player.uid, currency: 'usd', amount: 900n });
    await core.escrow.settle({ ref, currency: 'usd', winners: [winner.uid] });
    const [found, ...more] = await findingsOf(player.uid, '?kind=limit');
    expect(more).toEqual([]);
    expect(found).toMatchObject({ kind: 'limit', level: 'near' });
    expect(found!.summary).toBe('Loss limit nearly reached: $9.00 lost today of $10.00 (90%)');
  });

  it('loss limits come through the port: near and at are listed, well inside is not', async () => {
    const near = await verifiedUser(server);
    const at = await verifiedUser(server);
    const fine = await verifiedUser(server);
    const periodStart = new Date(Date.UTC(2026, 0, 15));
    const limit = (uid: string, lost: bigint): LossLimitInForce => ({
      uid,
      currency: 'usd',
      period: 'day',
      max: 5000n,
      lost,
      periodStart,
    });
    const service = new ReviewService(server.ctx.db, () => clock.now(), createAdminTrail(server.ctx).audit, {
      inForce: () => Promise.resolve([limit(near.uid, 4000n), limit(at.uid, 5000n), limit(fine.uid, 3999n)]),
    });
    const found = (await service.all({ kind: 'limit' })).filter((f) => [near.uid, at.uid, fine.uid].includes(f.uid));
    const byUid = (a: { uid: string }, b: { uid: string }) => a.uid.localeCompare(b.uid);
    expect(found.sort(byUid).map((f) => [f.uid, f.level, f.key, f.summary])).toEqual(
      [
        { uid: at.uid, level: 'at', summary: 'Loss limit reached: $50.00 lost today of $50.00 (100%)' },
        { uid: near.uid, level: 'near', summary: 'Loss limit nearly reached: $40.00 lost today of $50.00 (80%)' },
      ]
        .sort(byUid)
        .map((e) => [e.uid, e.level, 'limit:loss:usd:day:2026-01-15', e.summary]),
    );
  });
});
