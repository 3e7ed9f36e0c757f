/**
 * Issue 37 (operators): the review as CSV for a regulator, RFC 4180 (CRLF, every cell quoted
 * where it must be). A cell a spreadsheet would run as a formula (=, +, -, @, a tab or CR first)
 * is given a leading apostrophe: player names and notes are typed by people.
 */
export const REVIEW_CSV_COLUMNS = [
  'player_id',
  'username',
  'kind',
  'finding',
  'evidence',
  'from',
  'to',
  'last_action',
  'last_action_by',
  'last_action_at',
  'last_action_note',
] as const;

export type ReviewCsvRow = Record<(typeof REVIEW_CSV_COLUMNS)[number], string>;

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function reviewCsv(rows: readonly ReviewCsvRow[]): string {
  const lines = [REVIEW_CSV_COLUMNS.join(',')];
  for (const row of rows) lines.push(REVIEW_CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
