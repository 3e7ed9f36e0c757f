/**
 * Issue 37: a break a player takes from staked play. While it runs no stake is taken and no
 * deposit starts; withdrawals stay open. It cannot be shortened: a new break only ever ends later.
 */
export const COOL_OFF_CHOICES = ['24h', '7d', '30d'] as const;
export type CoolOffChoice = (typeof COOL_OFF_CHOICES)[number];

const HOUR_MS = 3_600_000;
export const COOL_OFF_MS: Readonly<Record<CoolOffChoice, number>> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};

/** The words a person picks from ("24 hours"), the same on the pane, the FAQ and the answers. */
export const COOL_OFF_LABELS: Readonly<Record<CoolOffChoice, string>> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
};

export const isCoolOffChoice = (x: unknown): x is CoolOffChoice =>
  typeof x === 'string' && (COOL_OFF_CHOICES as readonly string[]).includes(x);

/** A break is running while its end is later than now (the end itself is free again). */
export const isCoolingOff = (until: Date | null | undefined, now: Date): until is Date =>
  !!until && until.getTime() > now.getTime();

export type CoolOffDecision = { ok: true; until: Date } | { ok: false; reason: 'shorter'; until: Date };

/**
 * A new break from now for `choice`. During a running break it is taken only when it ends later
 * (a longer break extends it); one that would end sooner is refused with the running break's end,
 * so a break can never be shortened.
 */
export function decideCoolOff(currentUntil: Date | null, choice: CoolOffChoice, now: Date): CoolOffDecision {
  const until = new Date(now.getTime() + COOL_OFF_MS[choice]);
  if (isCoolingOff(currentUntil, now) && until.getTime() <= currentUntil.getTime()) {
    return { ok: false, reason: 'shorter', until: currentUntil };
  }
  return { ok: true, until };
}

/** A break's end inside a text, the same for every reader: "2026/03/17 12:00 UTC" (SPEC dates are YYYY/MM/DD). */
export const breakEndText = (d: Date): string =>
  `${d.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;
