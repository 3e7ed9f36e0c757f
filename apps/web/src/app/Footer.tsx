import { Link } from 'react-router';
import { buttonClass } from '../ui/Button.tsx';
import { useOverlayLink } from '../ui/overlayFlags.ts';
import { useAppConfig } from '../api/session.ts';

const YEAR = new Date().getFullYear();

const LINKS = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/support', label: 'Support' },
  { to: '/about', label: 'About' },
  { to: '/security', label: 'Cheat Detection' },
] as const;

/** SPEC 2 footer: Report a Bug, the static pages, copyright with the current year. */
export function Footer() {
  const { productName } = useAppConfig();
  const bugReport = useOverlayLink('bugreport');
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <Link {...bugReport} className={buttonClass('secondary', 'footer-bug')}>
          Report a Bug
        </Link>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="copyright">
          © {YEAR} {productName}
        </p>
      </div>
    </footer>
  );
}
