import { Link } from 'react-router';
import { breakAfterSlashes } from './breakAfterSlashes.tsx';

export interface PageNavItem {
  id: string;
  label: string;
}

/**
 * The side navigation of a long page: in-page links to section anchors. Sticky beside the
 * content on wide screens, a horizontal scrolling list above it on narrow ones (pages.css).
 */
export function PageNav({ label, items, current }: { label: string; items: readonly PageNavItem[]; current?: string }) {
  return (
    <nav className="sp-nav" aria-label={label}>
      <ul className="sp-nav__list">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="sp-nav__link"
              to={{ hash: `#${item.id}` }}
              aria-current={item.id === current ? 'location' : undefined}
            >
              {breakAfterSlashes(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
