import { currencyLabel, type Currency } from './currency.ts';
import { formatAmount, formatMinor } from './format.ts';
import { gameMoneyTotals, netLoss, netResult, type GameMoneyFlow } from './game-money.ts';
import { monthTitle, type StatementMonth } from './statement-month.ts';

/**
 * Issue 37 statements: one month's money and play for a player. The server classifies the
 * ledger's movements into these flows (the game flows are game-money.ts's, the one reading of
 * stakes and winnings); the figures, their rows and the CSV are computed here only.
 *
 * - deposit: a deposit's full amount (what the player paid, the fee included);
 * - depositFee / withdrawalFee: what the platform took (the fees a statement counts);
 * - withdrawal: the amount a withdrawal request took from the balance;
 * - withdrawalReturned: a withdrawal that came back (rejected), in the month it came back;
 * - earned: RushCoins given by the product (game rewards, the link reward, top-ups).
 */
export type StatementFlowKind =
  'deposit' | 'depositFee' | 'withdrawal' | 'withdrawalReturned' | 'withdrawalFee' | 'earned';

export interface StatementFlow {
  kind: StatementFlowKind;
  currency: Currency;
  /** Minor units, positive. */
  amount: bigint;
}

/** One currency's figures for the month, minor units. */
export interface CurrencyFigures {
  deposits: bigint;
  withdrawals: bigint;
  /** Deposit and withdrawal fees. The game fee is not here: a payout is already net of it. */
  fees: bigint;
  staked: bigint;
  /** Stakes given back (a void game, a refund, a lobby left). */
  returned: bigint;
  /** Winnings paid (the pot less the game fee). */
  won: bigint;
  /** How much less came back from games than was staked; zero in a month that came out ahead. */
  lost: bigint;
  /** Won plus given back minus staked: positive a gain, negative a loss. */
  net: bigint;
  /** RushCoins given by the product. */
  earned: bigint;
  /** RushCoins staked and not given back. */
  spent: bigint;
}

export interface StatementFigures {
  month: StatementMonth;
  usd: CurrencyFigures;
  wbx: CurrencyFigures;
  /** Games begun in the month. */
  games: number;
  /** Milliseconds of play inside the month (see `timePlayed`). */
  playedMs: number;
}

export interface PlayedGame {
  startedAt: Date;
  /** Null while the game runs: it counts up to `now`. */
  endedAt: Date | null;
}

/**
 * The time a player's games took inside [from, to): each game clipped to the period, a running
 * game up to `now`. Games a player ran side by side count each (time at the board, per board).
 */
export function timePlayed(games: Iterable<PlayedGame>, from: Date, to: Date, now: Date): number {
  let total = 0;
  for (const g of games) {
    const start = Math.max(g.startedAt.getTime(), from.getTime());
    const end = Math.min((g.endedAt ?? now).getTime(), to.getTime());
    if (end > start) total += end - start;
  }
  return total;
}

function currencyFigures(
  currency: Currency,
  flows: readonly StatementFlow[],
  game: readonly GameMoneyFlow[],
): CurrencyFigures {
  const sum = (kind: StatementFlowKind) =>
    flows.reduce((acc, f) => (f.kind === kind && f.currency === currency ? acc + f.amount : acc), 0n);
  const totals = gameMoneyTotals(game);
  const kept = totals.staked - totals.returned;
  return {
    deposits: sum('deposit'),
    withdrawals: sum('withdrawal') - sum('withdrawalReturned'),
    fees: sum('depositFee') + sum('withdrawalFee'),
    staked: totals.staked,
    returned: totals.returned,
    won: totals.won,
    lost: netLoss(totals),
    net: netResult(totals),
    earned: sum('earned'),
    spent: currency === 'wbx' && kept > 0n ? kept : 0n,
  };
}

/** The month's figures from its classified flows (each currency's game flows already of that month). */
export function statementFigures(input: {
  month: StatementMonth;
  flows: readonly StatementFlow[];
  game: Readonly<Record<Currency, readonly GameMoneyFlow[]>>;
  games: number;
  playedMs: number;
}): StatementFigures {
  return {
    month: input.month,
    usd: currencyFigures('usd', input.flows, input.game.usd),
    wbx: currencyFigures('wbx', input.flows, input.game.wbx),
    games: input.games,
    playedMs: input.playedMs,
  };
}

/** Whether anything happened in the month (the monthly mail goes only to players with activity). */
export function statementHasActivity(s: StatementFigures): boolean {
  const any = (f: CurrencyFigures) => Object.values(f).some((v) => v !== 0n);
  return any(s.usd) || any(s.wbx) || s.games > 0 || s.playedMs > 0;
}

/** "3 h 05 min": the time played, to the minute (rounded down). */
export function formatPlayed(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

export interface StatementRow {
  label: string;
  /** Null for the rows that are no amount (games, time played). */
  currency: Currency | null;
  amount: bigint | null;
  /** As shown on the page, the PDF and the mail: "$20.00", "-5.00 RC", "3 h 05 min". */
  shown: string;
  /** As the CSV has it: a plain decimal ("1234.56", "-5.00"), the games, the minutes. */
  plain: string;
}

type FigureKey = keyof CurrencyFigures;

/** The rows of a statement, in order, each currency its own figures (USD has no RushCoins earned). */
export const STATEMENT_ROWS: Readonly<Record<Currency, readonly { key: FigureKey; label: string }[]>> = {
  usd: [
    { key: 'deposits', label: 'Deposits' },
    { key: 'withdrawals', label: 'Withdrawals' },
    { key: 'fees', label: 'Fees (deposit and withdrawal)' },
    { key: 'staked', label: 'Staked' },
    { key: 'returned', label: 'Stakes given back' },
    { key: 'won', label: 'Won' },
    { key: 'lost', label: 'Lost' },
    { key: 'net', label: 'Net result of games' },
  ],
  wbx: [
    { key: 'earned', label: 'RushCoins earned' },
    { key: 'spent', label: 'RushCoins spent' },
    { key: 'staked', label: 'Staked' },
    { key: 'returned', label: 'Stakes given back' },
    { key: 'won', label: 'Won' },
    { key: 'lost', label: 'Lost' },
    { key: 'net', label: 'Net result of games' },
  ],
};

/** What "fees" counts, said on the statement itself. */
export const STATEMENT_FEES_NOTE =
  'Fees are the deposit and withdrawal fees. The game fee is taken from the pot before a win is paid, so Won is already net of it.';

/** Every row of the statement: the USD figures, the RushCoin figures, then games and time played. */
export function statementRows(s: StatementFigures): StatementRow[] {
  const rows: StatementRow[] = [];
  for (const currency of ['usd', 'wbx'] as const) {
    for (const { key, label } of STATEMENT_ROWS[currency]) {
      const amount = s[currency][key];
      rows.push({
        label,
        currency,
        amount,
        shown: formatAmount(amount, currency),
        plain: formatMinor(amount).replace(/,/g, ''),
      });
    }
  }
  rows.push({ label: 'Games played', currency: null, amount: null, shown: String(s.games), plain: String(s.games) });
  rows.push({
    label: 'Time played',
    currency: null,
    amount: null,
    shown: formatPlayed(s.playedMs),
    plain: String(Math.floor(s.playedMs / 60_000)),
  });
  return rows;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The statement as CSV: a header, then one line per row (Month, Figure, Currency, Amount), CRLF. */
export function statementCsv(s: StatementFigures): string {
  const lines = [['Month', 'Figure', 'Currency', 'Amount']];
  for (const r of statementRows(s)) {
    const label = r.label === 'Time played' ? 'Time played (minutes)' : r.label;
    lines.push([s.month, label, r.currency ? currencyLabel(r.currency) : '', r.plain]);
  }
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The statement's title: "Statement for November 2026". */
export const statementTitle = (month: StatementMonth): string => `Statement for ${monthTitle(month)}`;
