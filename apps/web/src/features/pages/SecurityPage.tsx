import { Link } from 'react-router';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '@rush/domain';
import { SupportEmailLink, type StaticPageProps } from './SupportEmailLink.tsx';
import './pages.css';

/** /security: the cheat-detection page (SPEC 2: "Combatting Cheating"). */
export function SecurityPage({ supportEmail = DEFAULT_SUPPORT_EMAIL }: StaticPageProps) {
  return (
    <article className="sp-page sp-prose">
      <header className="sp-header">
        <h1>Combatting Cheating</h1>
        <p className="sp-lead">
          Every match on {PRODUCT_NAME} is a contest between two people. Here is how we keep it that way.
        </p>
      </header>

      <section aria-labelledby="security-rules">
        <h2 id="security-rules">What counts as cheating</h2>
        <ul>
          <li>Using a chess engine, bot or analysis tool during a game.</li>
          <li>Getting help from another person, or letting someone else play for you.</li>
          <li>Arranging results with your opponent, or losing on purpose.</li>
          <li>Playing from more than one account.</li>
        </ul>
      </section>

      <section aria-labelledby="security-detection">
        <h2 id="security-detection">How we detect it</h2>
        <ul>
          <li>
            <strong>Engine-move analysis.</strong> Games are compared with the moves a chess engine would choose; play
            that matches an engine too closely stands out.
          </li>
          <li>
            <strong>Statistical review.</strong> Results, ratings and accuracy are reviewed across many games, and
            unusual patterns flag an account for a closer look.
          </li>
          <li>
            <strong>Player reports.</strong> If you suspect your opponent, use <strong>Report opponent</strong> in the
            game and tell us briefly why. Reports are reviewed by our team.
          </li>
        </ul>
      </section>

      <section aria-labelledby="security-review">
        <h2 id="security-review">Review before withdrawal</h2>
        <p>
          While a report or a flag is under review, withdrawals from the account are held. A suspected cheater cannot
          withdraw until the review is complete. Reviews end either with the report dismissed, and everything back to
          normal, or with cheating confirmed.
        </p>
      </section>

      <section aria-labelledby="security-consequences">
        <h2 id="security-consequences">Consequences</h2>
        <p>
          Confirmed cheating leads to a ban and the seizure of the funds in the account. Because each person may hold
          only one account and link only one chess account for life, a ban is not something to start over from. The full
          rules are in our <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>

      <section aria-labelledby="security-contact">
        <h2 id="security-contact">Questions</h2>
        <p>
          Think we got something wrong, or have evidence to share? Write to <SupportEmailLink email={supportEmail} />.
        </p>
      </section>
    </article>
  );
}
