import { formatAmount } from '../money/format.ts';
import type { LimitFinding } from './review-limits.ts';
import type { DepositBurst, StakeChase } from './review-patterns.ts';

/**
 * Issue 37 (operators): the responsible-gaming review's findings, one player each. Kinds an
 * admin filters by: a limit near or at its end, a break (cool-off) in force, a self-exclusion,
 * and the patterns worth a look. Each has a key, stable while the finding stands, that an
 * admin's action (reviewed, contacted) is recorded against in the audit log.
 */
export const REVIEW_KINDS = ['limit', 'cool-off', 'exclusion', 'pattern'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** What an admin records having done about a finding (with a note). */
export const REVIEW_ACTIONS = ['reviewed', 'contacted'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** How far back the review looks for patterns (ours): a month of deposits and games. */
export const REVIEW_LOOKBACK_DAYS = 30;

export type ReviewFinding =
  | { kind: 'limit'; key: string; limit: LimitFinding; periodStart: Date }
  | { kind: 'cool-off'; key: string; startedAt: Date; until: Date }
  /** A closed account: the player's self-exclusion, or an admin's closing of it (the audit log says which). */
  | { kind: 'exclusion'; key: string; closedBy: 'player' | 'admin' }
  | { kind: 'pattern'; key: string; pattern: 'deposits'; burst: DepositBurst }
  | { kind: 'pattern'; key: string; pattern: 'stakes'; chase: StakeChase };

const day = (d: Date): string => d.toISOString().slice(0, 10);
/** "2026-11-29 08:05 UTC": minutes are what a reviewer compares. */
export const reviewTime = (d: Date): string => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The keys: what a finding is about, and from when, so a new burst or a new period is a new finding. */
export const findingKeys = {
  limit: (l: LimitFinding, periodStart: Date) => `limit:${l.limit}:${l.currency}:${l.period}:${day(periodStart)}`,
  coolOff: (id: string) => `cool-off:${id}`,
  exclusion: () => 'exclusion',
  deposits: (b: DepositBurst) => `deposits:${b.deposits[0]!.id}`,
  stakes: (c: StakeChase) => `stakes:${c.currency}:${c.games[0]!.ref}`,
} as const;

const PERIOD_WORDS = { day: 'today', week: 'this week', month: 'this month' } as const;

/** One line a reviewer (and a regulator reading the export) understands without the console. */
export function findingSummary(f: ReviewFinding): string {
  switch (f.kind) {
    case 'limit': {
      const l = f.limit;
      const name = l.limit === 'deposit' ? 'Deposit limit' : 'Loss limit';
      const verb = l.limit === 'deposit' ? 'deposited' : 'lost';
      const share = l.max === 0n ? 100n : (l.used * 100n) / l.max;
      return (
        `${name} ${l.level === 'at' ? 'reached' : 'nearly reached'}: ` +
        `${formatAmount(l.used, l.currency)} ${verb} ${PERIOD_WORDS[l.period]} of ${formatAmount(l.max, l.currency)} (${share}%)`
      );
    }
    case 'cool-off':
      return `Taking a break from ${reviewTime(f.startedAt)} until ${reviewTime(f.until)}`;
    case 'exclusion':
      return f.closedBy === 'player'
        ? 'Self-excluded: the account is closed for good'
        : 'Account closed for good by an admin (not a self-exclusion)';
    case 'pattern':
      if (f.pattern === 'deposits') {
        const b = f.burst;
        const each = b.deposits.map((d) => `${formatAmount(d.amount, 'usd')} at ${reviewTime(d.at)}`).join('; ');
        return `${b.deposits.length} deposits within 24 hours, ${formatAmount(b.total, 'usd')} in all: ${each}`;
      } else {
        const c = f.chase;
        const each = c.games
          .map((g, i) => `${formatAmount(g.stake, c.currency)}${i < c.games.length - 1 ? ' lost' : ''}`)
          .join(', then ');
        return `Stake raised ${c.raises} times in a row after a loss: ${each}`;
      }
  }
}

/** When the finding's evidence starts and ends (a standing state such as an exclusion has no span). */
export function findingSpan(f: ReviewFinding): { from: Date | null; to: Date | null } {
  switch (f.kind) {
    case 'limit':
      return { from: f.periodStart, to: null };
    case 'cool-off':
      return { from: f.startedAt, to: f.until };
    case 'exclusion':
      return { from: null, to: null };
    case 'pattern':
      return f.pattern === 'deposits' ? { from: f.burst.from, to: f.burst.to } : { from: f.chase.from, to: f.chase.to };
  }
}

/** A finding's label in the list and the export: the kind, made specific. */
export function findingTitle(f: ReviewFinding): string {
  switch (f.kind) {
    case 'limit':
      return `${f.limit.limit === 'deposit' ? 'Deposit' : 'Loss'} limit ${f.limit.level === 'at' ? 'reached' : 'near'}`;
    case 'cool-off':
      return 'Cool-off';
    case 'exclusion':
      return f.closedBy === 'player' ? 'Self-exclusion' : 'Account closed';
    case 'pattern':
      return f.pattern === 'deposits' ? 'Deposit after deposit' : 'Stakes rising after losses';
  }
}
