import { Link } from 'react-router';
import { DEFAULT_SUPPORT_EMAIL } from '@rush/domain';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import './pages.css';

/** /404: where unknown paths land (SPEC 2). */
export function NotFoundPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  return (
    <article className="sp-page sp-status">
      <p className="sp-status__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="sp-actions">
        <Link className="sp-button sp-button--primary" to="/">
          Back to home
        </Link>
        <Link className="sp-button" to="/support">
          Help &amp; Support
        </Link>
      </div>
      <p className="sp-meta">
        Followed a broken link? Let us know at <SupportEmailLink email={supportEmail} />.
      </p>
    </article>
  );
}
