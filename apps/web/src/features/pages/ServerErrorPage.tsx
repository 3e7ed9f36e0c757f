import { Link } from 'react-router';
import { DEFAULT_SUPPORT_EMAIL } from '@rush/domain';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import './pages.css';

export interface ServerErrorPageProps extends StaticPageProps {
  /**
   * What the Reload button does; defaults to reloading the document. An error boundary that
   * renders this page in place can pass its own retry (e.g. reset the boundary).
   */
  onReload?: () => void;
}

function reloadDocument() {
  window.location.reload();
}

/** /500: an unexpected error (SPEC 2). */
export function ServerErrorPage({
  supportEmail = DEFAULT_SUPPORT_EMAIL,
  onReload = reloadDocument,
}: ServerErrorPageProps) {
  return (
    <article className="sp-page sp-status">
      <p className="sp-status__code" aria-hidden="true">
        500
      </p>
      <h1>Something went wrong</h1>
      <p>An unexpected error occurred on our side. Reloading the page usually helps.</p>
      <div className="sp-actions">
        <button type="button" className="sp-button sp-button--primary" onClick={() => onReload()}>
          Reload page
        </button>
        <Link className="sp-button" to="/">
          Back to home
        </Link>
      </div>
      <p className="sp-meta">
        If the problem persists, contact <SupportEmailLink email={supportEmail} />.
      </p>
    </article>
  );
}
