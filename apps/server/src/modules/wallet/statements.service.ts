import type { FastifyBaseLogger } from 'fastify';
import {
  STATEMENT_FEES_NOTE,
  currencyName,
  monthBounds,
  monthOf,
  monthTitle,
  previousMonth,
  statementCsv,
  statementHasActivity,
  statementMonthAllowed,
  statementMonths,
  statementRows,
  type StatementFigures,
  type StatementMonth,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import type { GameActivity } from './ports.ts';
import { statementPdf } from './statement-pdf.ts';
import { StatementStore } from './statement.store.ts';

export interface StatementDeps {
  db: Db;
  clock: Clock;
  games: Pick<GameActivity, 'playedIn' | 'playersIn'>;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error'>;
  appUrl: string;
  productName: string;
}

/** The statement page's address for a month, the link in its mail. */
export const statementLink = (appUrl: string, month: StatementMonth): string =>
  `${appUrl}/wallet/statements?month=${month}`;

/** Issue 37 monthly statements: the months, one month's figures, its CSV and PDF, and the monthly mail. */
export class StatementsService {
  private readonly store: StatementStore;
  /** The last month this instance finished mailing: later runs in the same month read nothing. */
  private mailedMonth: StatementMonth | null = null;

  constructor(private readonly d: StatementDeps) {
    this.store = new StatementStore(d.db, d.games);
  }

  months(user: { createdAt: Date }): StatementMonth[] {
    return statementMonths(user.createdAt, this.d.clock.now());
  }

  /** One month's figures; a month outside the account's life is not found. */
  async figures(user: { id: string; createdAt: Date }, month: string): Promise<StatementFigures> {
    const now = this.d.clock.now();
    if (!statementMonthAllowed(month, user.createdAt, now)) throw notFound();
    return this.store.figures(user.id, month, now);
  }

  async csv(user: { id: string; createdAt: Date }, month: string): Promise<string> {
    return statementCsv(await this.figures(user, month));
  }

  async pdf(user: { id: string; username: string; createdAt: Date }, month: string): Promise<Uint8Array> {
    const figures = await this.figures(user, month);
    return statementPdf(figures, {
      username: user.username,
      productName: this.d.productName,
      generatedAt: this.d.clock.now(),
    });
  }

  /**
   * The monthly mail (a job, any instance): after a month ends, each player with activity in it
   * gets its figures once. The row of `statement_mails` is claimed before the mail goes (its key
   * is the player and month), so two instances or a restart never send it twice; a send that
   * fails after the claim is logged and not retried (a missed mail rather than a doubled one).
   * Returns how many were sent.
   */
  async mailLastMonth(): Promise<number> {
    const now = this.d.clock.now();
    const month = previousMonth(monthOf(now));
    if (this.mailedMonth === month) return 0;
    const { from, to } = monthBounds(month);
    const candidates = new Set([
      ...(await this.store.usersWithMovements(from, to)),
      ...(await this.d.games.playersIn(from, to)),
    ]);
    if (candidates.size === 0) return 0;
    // Those already mailed for the month are skipped here; the claim below is what makes it once.
    const already = new Set(await this.store.mailedFor(month));
    let sent = 0;
    for (const uid of [...candidates].sort()) {
      if (already.has(uid)) continue;
      if (await this.mailOne(uid, month, now)) sent += 1;
    }
    // Every candidate was claimed or had nothing to say: the month is done here (a restart reads it once more).
    this.mailedMonth = month;
    return sent;
  }

  private async mailOne(uid: string, month: StatementMonth, now: Date): Promise<boolean> {
    const user = await this.store.mailee(uid);
    if (!user?.verified) return false;
    const figures = await this.store.figures(uid, month, now);
    if (!statementHasActivity(figures)) return false;
    if (!(await this.store.claimMail(uid, month, now))) return false;
    const mail = statementMail(figures, { ...user, appUrl: this.d.appUrl, productName: this.d.productName });
    try {
      await this.d.mailer.send(mail);
      return true;
    } catch (err) {
      this.d.log.error({ err, uid, month }, 'statement mail not sent');
      return false;
    }
  }
}

/** The monthly statement mail: the month's figures in plain text and the link to the page. */
export function statementMail(
  s: StatementFigures,
  to: { username: string; email: string; appUrl: string; productName: string },
): Mail {
  const rows = statementRows(s);
  const section = (title: string, list: typeof rows) => [title, ...list.map((r) => `  ${r.label}: ${r.shown}`), ''];
  const text = [
    `Hello ${to.username},`,
    '',
    `Here is your ${to.productName} statement for ${monthTitle(s.month)}.`,
    '',
    ...section(
      currencyName('usd'),
      rows.filter((r) => r.currency === 'usd'),
    ),
    ...section(
      currencyName('wbx'),
      rows.filter((r) => r.currency === 'wbx'),
    ),
    ...section(
      'Play',
      rows.filter((r) => r.currency === null),
    ),
    STATEMENT_FEES_NOTE,
    '',
    `See it, and download it as CSV or PDF: ${statementLink(to.appUrl, s.month)}`,
    '',
    to.productName,
  ].join('\n');
  return { to: to.email, subject: `Your ${to.productName} statement for ${monthTitle(s.month)}`, text };
}
