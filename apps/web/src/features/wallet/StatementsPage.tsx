import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  STATEMENT_FEES_NOTE,
  currencyName,
  monthTitle,
  statementFileName,
  statementHasActivity,
  statementRows,
  type CurrencyFigures,
  type StatementFigures,
} from '@rush/domain';
import { WALLET_ROUTES, type CurrencyFiguresView, type StatementResponse } from '@rush/protocol';
import { buttonClass } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { useSession } from '../../api/session.ts';
import { useStatement, useStatementMonths } from './queries.ts';
import { VerifyEmailPrompt } from './VerifyEmailPrompt.tsx';
import './statements.css';

/** Words of the page, kept here so the tests and the journey read the same. */
export const STATEMENT_TEXTS = {
  intro: 'Your money and your play for one calendar month (UTC), to read here or download.',
  empty: 'Nothing happened in this month: no money moved and no game was played.',
};

const toFigures = (f: CurrencyFiguresView): CurrencyFigures => ({
  deposits: BigInt(f.deposits),
  withdrawals: BigInt(f.withdrawals),
  fees: BigInt(f.fees),
  staked: BigInt(f.staked),
  returned: BigInt(f.returned),
  won: BigInt(f.won),
  lost: BigInt(f.lost),
  net: BigInt(f.net),
  earned: BigInt(f.earned),
  spent: BigInt(f.spent),
});

/** The wire statement as the domain's figures (amounts back to bigint minor units). */
export const statementOf = (s: StatementResponse): StatementFigures => ({
  month: s.month,
  usd: toFigures(s.usd),
  wbx: toFigures(s.wbx),
  games: s.games,
  playedMs: s.playedMs,
});

function FigureTable({ caption, rows }: { caption: string; rows: ReturnType<typeof statementRows> }) {
  return (
    <table className="statement-table">
      <caption>{caption}</caption>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td className="cell-amount">{r.shown}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Downloads({ month }: { month: string }) {
  const title = monthTitle(month);
  // Plain links: the browser downloads the server's file (attachment) with the session cookie.
  return (
    <div className="statement-downloads">
      <a
        className={buttonClass('primary')}
        href={WALLET_ROUTES.statementCsv(month)}
        download={statementFileName(month, 'csv')}
      >
        Download CSV<span className="visually-hidden"> statement for {title}</span>
      </a>
      <a
        className={buttonClass('secondary')}
        href={WALLET_ROUTES.statementPdf(month)}
        download={statementFileName(month, 'pdf')}
      >
        Download PDF<span className="visually-hidden"> statement for {title}</span>
      </a>
    </div>
  );
}

function MonthStatement({ month }: { month: string }) {
  const query = useStatement(month);
  return (
    <QueryState query={query} loading="Loading statement…" subject="the statement">
      {(data) => {
        const s = statementOf(data);
        const rows = statementRows(s);
        return (
          <div className="statement-figures">
            <h2>Statement for {monthTitle(month)}</h2>
            {statementHasActivity(s) ? (
              <>
                <FigureTable caption={currencyName('usd')} rows={rows.filter((r) => r.currency === 'usd')} />
                <FigureTable caption={currencyName('wbx')} rows={rows.filter((r) => r.currency === 'wbx')} />
                <FigureTable caption="Play" rows={rows.filter((r) => r.currency === null)} />
                <p className="statement-note">{STATEMENT_FEES_NOTE}</p>
              </>
            ) : (
              <p className="statement-empty">{STATEMENT_TEXTS.empty}</p>
            )}
            <Downloads month={month} />
          </div>
        );
      }}
    </QueryState>
  );
}

function Statements() {
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const months = useStatementMonths();
  return (
    <QueryState query={months} loading="Loading months…" subject="the months">
      {({ months: list }) => {
        const asked = params.get('month');
        const month = asked && list.includes(asked) ? asked : (list[0] ?? null);
        return (
          <>
            <div className="statement-picker">
              <label htmlFor={pickerId}>Month</label>
              <select
                id={pickerId}
                value={month ?? ''}
                onChange={(e) => setParams({ month: e.target.value }, { replace: true })}
              >
                {list.map((m) => (
                  <option key={m} value={m}>
                    {monthTitle(m)}
                  </option>
                ))}
              </select>
            </div>
            {month ? <MonthStatement month={month} /> : null}
          </>
        );
      }}
    </QueryState>
  );
}

/** /wallet/statements (issue 37): a month's deposits, withdrawals, stakes, fees, RushCoins and time played. */
export function StatementsPage() {
  const { me } = useSession();
  const titleId = useId();
  return (
    <section className="page wallet statements" aria-labelledby={titleId}>
      <title>Statements</title>
      <h1 id={titleId}>Statements</h1>
      <p>
        <Link to="/wallet">Back to wallet</Link>
      </p>
      <p>{STATEMENT_TEXTS.intro}</p>
      {me ? me.emailVerified ? <Statements /> : <VerifyEmailPrompt me={me} /> : null}
    </section>
  );
}
