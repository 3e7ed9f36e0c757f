import { restrictionActive } from '../money/withdrawals.ts';

/** SPEC 9: report confirmation 2 s; bug auto-close 3 s. */
export const REPORT_CONFIRM_MS = 2_000;
export const BUG_REPORT_CLOSE_MS = 3_000;

/**
 * SPEC 4 "Restrictions are active 5 minutes after their timestamp" (SPEC 9: restriction window
 * 300000 ms): a player report restricts withdrawals by the wallet's own rule, so the two can
 * never disagree.
 */
export const reportRestricts = (reportedAt: Date, now: Date): boolean =>
  restrictionActive({ kind: 'reported', createdAt: reportedAt }, now);

/** SPEC 4 "Bug reports: active, archived, de-archived, deleted". De-archived is active again. */
export type BugReportStatus = 'active' | 'archived' | 'deleted';
export type BugReportAction = 'archive' | 'dearchive' | 'delete';

/** The admin console's bug report moves; null when the action does not apply. */
export function bugReportTransition(status: BugReportStatus, action: BugReportAction): BugReportStatus | null {
  if (status === 'deleted') return null;
  switch (action) {
    case 'archive':
      return status === 'active' ? 'archived' : null;
    case 'dearchive':
      return status === 'archived' ? 'active' : null;
    case 'delete':
      return 'deleted';
  }
}
