import { MATCH_TEXTS } from '@rush/domain';
import type { AnnouncementView } from '@rush/protocol';

/** "Back at 3:00 PM on Mar 4" style return time, in the viewer's locale. */
export function returnTimeText(iso: string | null): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * SPEC 4: while new games are paused, starting one shows the admin's announcement (title, text,
 * when games return) instead. Without a written announcement the plain pause text stands in.
 */
export function Announcement({ announcement }: { announcement: AnnouncementView | null | undefined }) {
  const title = announcement?.title.trim() ?? '';
  const text = announcement?.text.trim() || MATCH_TEXTS.paused;
  const back = returnTimeText(announcement?.returnTime ?? null);
  return (
    <section className="announcement" role="status" aria-live="polite" aria-label={title || 'Announcement'}>
      {title ? <h2 className="announcement-title">{title}</h2> : null}
      <p>{text}</p>
      {back ? (
        <p className="announcement-return">
          Games return: <time dateTime={announcement?.returnTime ?? undefined}>{back}</time>
        </p>
      ) : null}
    </section>
  );
}
