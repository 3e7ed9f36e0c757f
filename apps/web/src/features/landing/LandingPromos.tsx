import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../ui/Button.tsx';
import { useOverlayLink } from '../../ui/overlayFlags.ts';

/**
 * SPEC 2 landing: the cheat-detection promo (to /security, "Combatting Cheating"), the feedback
 * prompt (opens the bug report, `?bugreport`) and the community link (COMMUNITY_URL; none when
 * the operator named no community).
 */
export function LandingPromos({ communityUrl }: { communityUrl: string | null }) {
  const headingId = useId();
  const feedback = useOverlayLink('bugreport');
  return (
    <section className="landing-promos" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        More from us
      </h2>
      <article className="promo">
        <h3>Fair play, checked</h3>
        <p>Every game is analysed by an engine for cheating. A flagged result is reviewed before anyone is paid.</p>
        <Link to="/security" className={buttonClass('secondary')}>
          Combatting Cheating
        </Link>
      </article>
      <article className="promo">
        <h3>Tell us what you think</h3>
        <p>Found a bug or have an idea? Your report goes straight to the team.</p>
        <Link to={feedback.to} state={feedback.state} className={buttonClass('secondary')}>
          Send feedback
        </Link>
      </article>
      {communityUrl ? (
        <article className="promo">
          <h3>Join the community</h3>
          <p>Meet other players, find opponents and hear about new events first.</p>
          <a
            href={communityUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary')}
            aria-label="Community (opens in a new tab)"
          >
            Community
          </a>
        </article>
      ) : null}
    </section>
  );
}
