import {
  depositBursts,
  findingKeys,
  findingSpan,
  isLimitActive,
  limitLevel,
  REVIEW_LOOKBACK_DAYS,
  reviewCsv,
  stakeChases,
  utcMonthStart,
  type ReviewFinding,
  type ReviewKind,
} from '@rush/domain';
import {
  REVIEW_PAGE_SIZE,
  type ReviewActionRequest,
  type ReviewFindingView,
  type ReviewLastAction,
  type ReviewResponse,
} from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { LIST_MAX } from './lists.service.ts';
import type { LossLimitUsage } from './review.ports.ts';
import { ReviewStore } from './review.store.ts';
import { auditActionOf, csvRowOf, findingView, REVIEW_AUDIT_ACTIONS, type PlayerFinding } from './review.view.ts';

const DAY_MS = 86_400_000;
/** The audit action of an admin's closing of an account (routes.ts adminClose). */
const ADMIN_CLOSE_ACTION = 'user.close';
/** The list's order: patterns first (the reason the review exists), then limits, breaks, exclusions. */
const KIND_RANK: Record<ReviewKind, number> = { pattern: 0, limit: 1, 'cool-off': 2, exclusion: 3 };
const groupBy = <T extends { uid: string }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.uid, [...(map.get(r.uid) ?? []), r]);
  return map;
};

/** The list's filters: one kind, one player (either or both left out). */
export interface ReviewFilter {
  kind?: ReviewKind | undefined;
  uid?: string | undefined;
}

/**
 * The operators' responsible-gaming review (issue 37): the findings are worked out afresh from
 * the ledger, the deposits and the players' own limits and breaks on every read (nothing is
 * stored but the admins' actions, which are audit entries), by the domain's rules.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly audit: AuditLog,
    private readonly lossLimits: LossLimitUsage,
  ) {}

  /** Every finding now, in the list's order, with the last action on each. */
  async all(filter: ReviewFilter = {}): Promise<ReviewFindingView[]> {
    const { kind, uid } = filter;
    const found = (await this.collect()).filter((p) => (!kind || p.finding.kind === kind) && (!uid || p.uid === uid));
    const last = await this.lastActions(found.map((p) => p.uid));
    return found.map((p) => findingView(p, last.get(`${p.uid}|${p.finding.key}`) ?? null));
  }

  async page(filter: ReviewFilter, page: number): Promise<ReviewResponse> {
    const all = await this.all(filter);
    const start = (page - 1) * REVIEW_PAGE_SIZE;
    return {
      total: all.length,
      page,
      pageSize: REVIEW_PAGE_SIZE,
      findings: all.slice(start, start + REVIEW_PAGE_SIZE),
    };
  }

  async csv(filter: ReviewFilter = {}): Promise<string> {
    return reviewCsv((await this.all(filter)).map(csvRowOf));
  }

  /**
   * An admin records what they did about a finding that stands now (reviewed, or the player was
   * contacted), with a note: one audit entry naming the player, the finding and its evidence.
   */
  async act(adminUid: string, uid: string, request: ReviewActionRequest): Promise<ReviewFindingView> {
    const found = (await this.collect()).find((p) => p.uid === uid && p.finding.key === request.finding);
    if (!found) throw notFound();
    const view = findingView(found, null);
    await this.audit.recordAlone(
      { adminUid, action: auditActionOf(request.action), target: uid },
      {
        before: null,
        after: { finding: view.key, kind: view.kind, title: view.title, evidence: view.summary, note: request.note },
      },
    );
    const last = await this.lastActions([uid]);
    return { ...view, lastAction: last.get(`${uid}|${view.key}`) ?? null };
  }

  private async lastActions(uids: readonly string[]): Promise<Map<string, ReviewLastAction>> {
    const rows = await this.audit.latest(REVIEW_AUDIT_ACTIONS, uids);
    const last = new Map<string, ReviewLastAction>();
    for (const r of rows) {
      const after = (r.after ?? {}) as { finding?: unknown; note?: unknown };
      if (typeof after.finding !== 'string' || !r.target) continue;
      const id = `${r.target}|${after.finding}`;
      if (last.has(id)) continue;
      last.set(id, {
        action: r.action === 'review.contacted' ? 'contacted' : 'reviewed',
        note: typeof after.note === 'string' ? after.note : '',
        admin: { uid: r.adminUid, username: r.adminName },
        at: r.at.toISOString(),
      });
    }
    return last;
  }

  private async collect(): Promise<PlayerFinding[]> {
    const now = this.now();
    const since = new Date(now.getTime() - REVIEW_LOOKBACK_DAYS * DAY_MS);
    const store = new ReviewStore(this.db);
    const found: { uid: string; finding: ReviewFinding }[] = [];
    const add = (uid: string, finding: ReviewFinding) => found.push({ uid, finding });

    // A closed account is a self-exclusion unless an admin closed it (SPEC 6 admin close, audited).
    const excluded = await store.excluded(LIST_MAX);
    const byAdmin = new Set((await this.audit.latest([ADMIN_CLOSE_ACTION], excluded)).map((r) => r.target));
    for (const uid of excluded) {
      add(uid, { kind: 'exclusion', key: findingKeys.exclusion(), closedBy: byAdmin.has(uid) ? 'admin' : 'player' });
    }
    for (const c of await store.coolOffs(now)) {
      add(c.uid, { kind: 'cool-off', key: findingKeys.coolOff(c.id), startedAt: c.startedAt, until: c.until });
    }

    // Deposit limits (SPEC 4): the month's deposits against the active limit.
    const monthStart = utcMonthStart(now);
    const limits = (await store.depositLimits()).filter((l) => isLimitActive(l, now));
    const deposited = await store.depositedSince(
      limits.map((l) => l.uid),
      monthStart,
      now,
    );
    for (const l of limits) {
      const used = deposited.get(l.uid) ?? 0n;
      const level = limitLevel(used, l.max);
      if (!level) continue;
      const limit = {
        limit: 'deposit' as const,
        currency: 'usd' as const,
        period: 'month' as const,
        max: l.max,
        used,
        level,
      };
      add(l.uid, { kind: 'limit', key: findingKeys.limit(limit, monthStart), limit, periodStart: monthStart });
    }
    // Loss limits (issue 37), through the wallet's port.
    for (const l of await this.lossLimits.inForce(now)) {
      const level = limitLevel(l.lost, l.max);
      if (!level) continue;
      const limit = { limit: 'loss' as const, currency: l.currency, period: l.period, max: l.max, used: l.lost, level };
      add(l.uid, { kind: 'limit', key: findingKeys.limit(limit, l.periodStart), limit, periodStart: l.periodStart });
    }

    for (const [uid, deposits] of groupBy(await store.deposits(since))) {
      for (const burst of depositBursts(deposits)) {
        add(uid, { kind: 'pattern', pattern: 'deposits', key: findingKeys.deposits(burst), burst });
      }
    }
    for (const [uid, games] of groupBy(await store.stakedGames(since))) {
      for (const chase of stakeChases(games)) {
        add(uid, { kind: 'pattern', pattern: 'stakes', key: findingKeys.stakes(chase), chase });
      }
    }

    const names = await store.usernames(found.map((f) => f.uid));
    const when = (f: ReviewFinding) => {
      const span = findingSpan(f);
      return (span.to ?? span.from)?.getTime() ?? 0;
    };
    return found
      .map((f) => ({ ...f, username: names.get(f.uid) ?? '' }))
      .sort(
        (a, b) =>
          KIND_RANK[a.finding.kind] - KIND_RANK[b.finding.kind] ||
          when(b.finding) - when(a.finding) ||
          a.username.localeCompare(b.username) ||
          a.finding.key.localeCompare(b.finding.key),
      );
  }
}
