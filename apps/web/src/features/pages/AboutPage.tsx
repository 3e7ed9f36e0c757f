import { Link } from 'react-router';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '@rush/domain';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import { PLATFORM_FEE_PERCENT } from './facts.ts';
import './pages.css';

interface Founder {
  name: string;
  role: string;
  bio: string;
}

// Illustrative profiles: the names and bios are placeholders, not real people.
const FOUNDERS: readonly Founder[] = [
  {
    name: 'Alex Carter',
    role: 'Co-founder, product',
    bio: 'A club player since school who wanted online games to feel as tense as an over-the-board tournament final. Alex looks after what you see and play: matchmaking, the wizard, puzzles and the community.',
  },
  {
    name: 'Jordan Lee',
    role: 'Co-founder, platform and fair play',
    bio: 'An engineer with a background in payments and game integrity. Jordan looks after the wallet, verification and the fair-play reviews that keep every match honest.',
  },
];

/** /about: mission and the two co-founders (SPEC 2). */
export function AboutPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  return (
    <article className="sp-page sp-prose">
      <header className="sp-header">
        <h1>About {PRODUCT_NAME}</h1>
        <p className="sp-lead">Head-to-head chess with something on the line.</p>
      </header>

      <section aria-labelledby="about-mission">
        <h2 id="about-mission">Our mission</h2>
        <p>
          Chess is the purest test of skill there is, and a game means more when something is at stake. {PRODUCT_NAME}{' '}
          lets adults in the United States and Canada play 1 vs 1 for US dollars or for RushCoins, our free-to-earn
          virtual currency, against players of a similar rating. Between matches there are puzzle rushes, a leaderboard,
          friends to challenge and live games to watch.
        </p>
        <p>We hold ourselves to three promises:</p>
        <ul>
          <li>
            <strong>Fair play.</strong> No engines, no help. Games are reviewed and cheaters are banned and lose their
            funds (see <Link to="/security">Combatting Cheating</Link>).
          </li>
          <li>
            <strong>Clear terms.</strong> A fee of {PLATFORM_FEE_PERCENT}% of the winner’s pot, and rules written down
            in our <Link to="/terms">Terms of Service</Link>.
          </li>
          <li>
            <strong>Responsible play.</strong> Betting and deposit limits and self-exclusion are available to every
            player in Account Settings.
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-founders">
        <h2 id="about-founders">Our co-founders</h2>
        <ul className="sp-cards">
          {FOUNDERS.map((founder) => (
            <li key={founder.name} className="sp-card">
              <h3>{founder.name}</h3>
              <p className="sp-meta">{founder.role}</p>
              <p>{founder.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Get in touch</h2>
        <p>
          Questions or ideas? Read our <Link to="/support">Support</Link> page or write to{' '}
          <SupportEmailLink email={supportEmail} />.
        </p>
      </section>
    </article>
  );
}
