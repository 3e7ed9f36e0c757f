import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ADMIN_SECTION_LIST, sectionFor } from './sections.ts';
import { useAdminEvents, useForbiddenRedirect } from './queries.ts';
import './admin.css';

/**
 * /admin (admins only; AppShell sends others to /): the operator console. The navigation is a
 * list of links to `#section`, so each section has an address, Back works and the keyboard
 * needs nothing special; the chosen section loads on demand.
 */
export function AdminPage() {
  useForbiddenRedirect();
  useAdminEvents();
  const current = sectionFor(useLocation().hash);
  const Section = current.component;
  return (
    <div className="admin-page">
      <title>Admin</title>
      <h1>Admin</h1>
      <div className="admin-layout">
        <nav aria-label="Admin sections" className="admin-nav">
          <ul>
            {ADMIN_SECTION_LIST.map((s) => (
              <li key={s.id}>
                <Link
                  to={{ hash: s.id }}
                  aria-current={s.id === current.id ? 'page' : undefined}
                  className="admin-nav-link"
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-content">
          <Suspense
            fallback={
              <p className="query-loading" role="status">
                Loading section…
              </p>
            }
          >
            <Section key={current.id} />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
