import { isCoolingOff, TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { formatUtc } from './format.ts';
import './responsible-gaming.css';

/** Issue 37: the end of the break the signed-in user is taking, or null (the session carries it). */
export function breakEndOf(me: Pick<Me, 'coolOffUntil'> | null | undefined, now = new Date()): Date | null {
  const until = me?.coolOffUntil ? new Date(me.coolOffUntil) : null;
  return isCoolingOff(until, now) ? until : null;
}

/**
 * On every screen that starts a game for money (issue 37): the break and its end, in the words the
 * server refuses with. The screen disables its start buttons while this shows.
 */
export function BreakNotice({ me }: { me: Pick<Me, 'coolOffUntil'> | null | undefined }) {
  const until = breakEndOf(me);
  if (!until) return null;
  return (
    <p className="break-notice" role="status">
      {TEXTS.coolOffActive(formatUtc(until))}
    </p>
  );
}

/** The header's short word on a running break, with its end. */
export function HeaderBreak({ me }: { me: Pick<Me, 'coolOffUntil'> }) {
  const until = breakEndOf(me);
  if (!until) return null;
  return (
    <span className="header-break" role="status" title={TEXTS.coolOffActive(formatUtc(until))}>
      On a break until <time dateTime={until.toISOString()}>{formatUtc(until)}</time>
    </span>
  );
}
