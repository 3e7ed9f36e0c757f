import type { ReactNode } from 'react';
import { PageNav } from './PageNav.tsx';
import { useScrollToHash } from './useScrollToHash.ts';
import './pages.css';

export interface DocumentSection {
  /** Anchor id, linked from the side nav and usable as a URL hash (/terms#fees). */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A long prose page (Terms, Privacy): a single h1, an optional intro, a side nav of its sections
 * and the sections as h2-headed blocks. The URL hash scrolls to (and focuses) its section.
 */
export function DocumentPage({
  title,
  navLabel,
  intro,
  sections,
}: {
  title: string;
  navLabel: string;
  intro?: ReactNode;
  sections: readonly DocumentSection[];
}) {
  const current = useScrollToHash();
  return (
    <article className="sp-page sp-page--with-nav">
      <header className="sp-header">
        <h1>{title}</h1>
        {intro}
      </header>
      <div className="sp-layout">
        <PageNav label={navLabel} items={sections.map((s) => ({ id: s.id, label: s.title }))} current={current} />
        <div className="sp-content sp-prose">
          {sections.map((section) => (
            // Unnamed <section>s: a dozen region landmarks would only add noise to landmark navigation.
            <section key={section.id} id={section.id} className="sp-section">
              <h2 tabIndex={-1} data-hash-focus="">
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
