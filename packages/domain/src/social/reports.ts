/** SPEC 9: report confirmation 2 s; bug auto-close 3 s. */
export const REPORT_CONFIRM_MS = 2_000;
export const BUG_REPORT_CLOSE_MS = 3_000;

/**
 * SPEC 4 "Bug reports: active, archived, de-archived, deleted" (de-archived is active again).
 * A deleted report is gone from the database (the admin audit log keeps what it said), so
 * `deleted` is never stored; it stays in the list for rows written before issue 12.
 */
export const BUG_REPORT_STATUSES = ['active', 'archived', 'dearchived', 'deleted'] as const;
export type BugReportStatus = (typeof BUG_REPORT_STATUSES)[number];

/** The admin console's two lists: de-archived reports are active ones again. */
export const bugReportList = (status: BugReportStatus): 'active' | 'archived' | null =>
  status === 'archived' ? 'archived' : status === 'deleted' ? null : 'active';

/** SPEC 4 archive / de-archive: de-archiving is only for an archived report; archiving an archived one changes nothing. */
export function bugReportArchiveTo(current: BugReportStatus, archived: boolean): BugReportStatus | null {
  if (current === 'deleted') return null;
  if (archived) return 'archived';
  return current === 'archived' ? 'dearchived' : current;
}
