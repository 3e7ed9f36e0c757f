import { z } from 'zod';
import { CURRENCIES } from '@rush/domain';
import { isoTime } from '../time.ts';

/** Issue 37: the reality check's two routes (the interval itself is a user setting). */
export const REALITY_CHECK_ROUTES = {
  /** GET -> RealityCheckState. Also marks the player as seen (a session starts after a gap). */
  state: '/api/reality-check',
  /** POST RealityCheckAcknowledgeRequest -> RealityCheckState: Continue, Set a limit or Take a break. */
  acknowledge: '/api/reality-check/acknowledge',
} as const;

export const RealityCheckNet = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units: won plus given back minus staked since the session began (negative is a loss). */
  net: z.number().int(),
});
export type RealityCheckNet = z.infer<typeof RealityCheckNet>;

export const RealityCheckState = z.object({
  /** Minutes between checks; 0 = off. */
  intervalMinutes: z.number().int(),
  sessionStartedAt: z.string(),
  timePlayedMs: z.number().int(),
  /** One entry per currency, in CURRENCIES order. */
  net: z.array(RealityCheckNet),
  /** Show the check now (never while the player is in a game). */
  due: z.boolean(),
  /** The time the next (or current) check falls due: it names the check when it is answered. Null when off. */
  dueAt: z.string().nullable(),
  serverNow: z.string(),
});
export type RealityCheckState = z.infer<typeof RealityCheckState>;

export const RealityCheckAcknowledgeRequest = z.object({ dueAt: isoTime }).strict();
export type RealityCheckAcknowledgeRequest = z.infer<typeof RealityCheckAcknowledgeRequest>;
