/** SPEC 9: report confirmation 2 s; bug auto-close 3 s. */
export const REPORT_CONFIRM_MS = 2_000;
export const BUG_REPORT_CLOSE_MS = 3_000;

/**
 * SPEC 4 "Bug reports: active, archived, de-archived, deleted" (de-archived is active again).
 * The admin console lists them; it has no moves between them yet.
 */
export const BUG_REPORT_STATUSES = ['active', 'archived', 'deleted'] as const;
export type BugReportStatus = (typeof BUG_REPORT_STATUSES)[number];
