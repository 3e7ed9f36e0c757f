import {
  findingSpan,
  findingSummary,
  findingTitle,
  REVIEW_ACTIONS,
  type ReviewAction,
  type ReviewCsvRow,
  type ReviewFinding,
} from '@rush/domain';
import type { ReviewEvidence, ReviewFindingView, ReviewLastAction } from '@rush/protocol';

/** A finding of one player's, as the service assembles it. */
export interface PlayerFinding {
  uid: string;
  username: string;
  finding: ReviewFinding;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const figure = (label: string, amount: bigint, currency: ReviewEvidence['currency']): ReviewEvidence => ({
  label,
  id: null,
  amount: Number(amount),
  currency,
  at: null,
});
const moment = (label: string, at: Date): ReviewEvidence => ({
  label,
  id: null,
  amount: null,
  currency: null,
  at: iso(at),
});

/** The movements and figures behind a finding, for the reviewer to check it against the ledger. */
export function evidenceOf(f: ReviewFinding): ReviewEvidence[] {
  switch (f.kind) {
    case 'limit':
      return [
        figure(f.limit.limit === 'deposit' ? 'Deposited' : 'Lost', f.limit.used, f.limit.currency),
        figure('Limit', f.limit.max, f.limit.currency),
        moment('Period from', f.periodStart),
      ];
    case 'cool-off':
      return [moment('Break started', f.startedAt), moment('Break ends', f.until)];
    case 'exclusion':
      return [];
    case 'pattern':
      if (f.pattern === 'deposits') {
        return f.burst.deposits.map((d) => ({
          label: 'Deposit',
          id: d.id,
          amount: Number(d.amount),
          currency: 'usd' as const,
          at: iso(d.at),
        }));
      }
      return f.chase.games.map((g) => ({
        label: g.payout === 0n ? 'Stake, lost' : g.payout === null ? 'Stake, game open' : 'Stake',
        id: g.ref,
        amount: Number(g.stake),
        currency: g.currency,
        at: iso(g.at),
      }));
  }
}

/** The audit actions an admin's review writes: `review.reviewed`, `review.contacted`. */
export const auditActionOf = (action: ReviewAction): string => `review.${action}`;
export const REVIEW_AUDIT_ACTIONS = REVIEW_ACTIONS.map(auditActionOf);

export function findingView(p: PlayerFinding, lastAction: ReviewLastAction | null): ReviewFindingView {
  const span = findingSpan(p.finding);
  return {
    uid: p.uid,
    username: p.username,
    kind: p.finding.kind,
    key: p.finding.key,
    title: findingTitle(p.finding),
    summary: findingSummary(p.finding),
    level: p.finding.kind === 'limit' ? p.finding.limit.level : null,
    from: iso(span.from),
    to: iso(span.to),
    evidence: evidenceOf(p.finding),
    lastAction,
  };
}

/** The regulator's row: the same finding, its evidence in words, and the last action on it. */
export function csvRowOf(v: ReviewFindingView): ReviewCsvRow {
  return {
    player_id: v.uid,
    username: v.username,
    kind: v.kind,
    finding: v.title,
    evidence: v.summary,
    from: v.from ?? '',
    to: v.to ?? '',
    last_action: v.lastAction?.action ?? '',
    last_action_by: v.lastAction?.admin.username ?? '',
    last_action_at: v.lastAction?.at ?? '',
    last_action_note: v.lastAction?.note ?? '',
  };
}
