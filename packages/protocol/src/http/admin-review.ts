import { z } from 'zod';
import { CURRENCIES, REVIEW_ACTIONS, REVIEW_KINDS } from '@rush/domain';
import { isoTime } from '../time.ts';

/**
 * Issue 37 (operators): the console's responsible-gaming review on the wire. GET the findings
 * (players near or at a limit, on a break, self-excluded, or showing a pattern), paged and
 * filtered by kind; POST an admin's action on one (reviewed or contacted, with a note: an audit
 * entry); GET the same findings as CSV for a regulator. Admin-only like the rest of the console.
 */

/** Findings a page (ours). */
export const REVIEW_PAGE_SIZE = 50;

export const ReviewQuery = z.object({
  kind: z.enum(REVIEW_KINDS).optional(),
  /** One player's findings only. */
  uid: z.string().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ReviewQuery = z.infer<typeof ReviewQuery>;

/** One movement or figure behind a finding: a deposit, a stake, the limit and its use, a break's end. */
export const ReviewEvidence = z.object({
  label: z.string(),
  /** The deposit (payment session) or the game's ledger ref; null for a figure. */
  id: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  at: isoTime.nullable(),
});
export type ReviewEvidence = z.infer<typeof ReviewEvidence>;

export const ReviewLastAction = z.object({
  action: z.enum(REVIEW_ACTIONS),
  note: z.string(),
  admin: z.object({ uid: z.string(), username: z.string() }),
  at: isoTime,
});
export type ReviewLastAction = z.infer<typeof ReviewLastAction>;

export const ReviewFindingView = z.object({
  uid: z.string(),
  username: z.string(),
  kind: z.enum(REVIEW_KINDS),
  /** Stable while the finding stands: what an action names. */
  key: z.string(),
  title: z.string(),
  summary: z.string(),
  level: z.enum(['near', 'at']).nullable(),
  from: isoTime.nullable(),
  to: isoTime.nullable(),
  evidence: z.array(ReviewEvidence),
  lastAction: ReviewLastAction.nullable(),
});
export type ReviewFindingView = z.infer<typeof ReviewFindingView>;

export const ReviewResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  findings: z.array(ReviewFindingView),
});
export type ReviewResponse = z.infer<typeof ReviewResponse>;

export const REVIEW_NOTE_MAX = 500;

/** POST on the player: which finding, what was done, and a note (required: the audit says why). */
export const ReviewActionRequest = z.object({
  finding: z.string().min(1).max(200),
  action: z.enum(REVIEW_ACTIONS),
  note: z.string().trim().min(1).max(REVIEW_NOTE_MAX),
});
export type ReviewActionRequest = z.infer<typeof ReviewActionRequest>;

export const ReviewActionResponse = z.object({ finding: ReviewFindingView });
export type ReviewActionResponse = z.infer<typeof ReviewActionResponse>;
