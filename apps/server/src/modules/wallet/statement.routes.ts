import type { FastifyInstance } from 'fastify';
import {
  StatementMonthsResponse,
  StatementParams,
  StatementResponse,
  WALLET_ROUTES,
  type CurrencyFiguresView,
} from '@rush/protocol';
import { statementFileName, type CurrencyFigures, type StatementFigures } from '@rush/domain';
import { typed } from '../../platform/http/typed-routes.ts';
import { requireWalletUser, walletUserFirst } from './access.ts';
import type { StatementsService } from './statements.service.ts';

const walletUser = { preValidation: walletUserFirst };

const toWire = (f: CurrencyFigures): CurrencyFiguresView => ({
  deposits: Number(f.deposits),
  withdrawals: Number(f.withdrawals),
  fees: Number(f.fees),
  staked: Number(f.staked),
  returned: Number(f.returned),
  won: Number(f.won),
  lost: Number(f.lost),
  net: Number(f.net),
  earned: Number(f.earned),
  spent: Number(f.spent),
});

export const statementToWire = (s: StatementFigures): StatementResponse => ({
  month: s.month,
  usd: toWire(s.usd),
  wbx: toWire(s.wbx),
  games: s.games,
  playedMs: s.playedMs,
});

/** Issue 37: the player's monthly statements, as figures, a CSV and a PDF (the wallet's verified users). */
export function statementRoutes(instance: FastifyInstance, statements: StatementsService): void {
  const app = typed(instance);
  app.get(
    WALLET_ROUTES.statements,
    { ...walletUser, schema: { response: { 200: StatementMonthsResponse } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return { months: statements.months(auth.user) };
    },
  );

  app.get(
    WALLET_ROUTES.statement(':month'),
    { ...walletUser, schema: { params: StatementParams, response: { 200: StatementResponse } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return statementToWire(await statements.figures(auth.user, request.params.month));
    },
  );

  // A download, not JSON: no response schema.
  app.get(
    WALLET_ROUTES.statementCsv(':month'),
    { ...walletUser, schema: { params: StatementParams } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      const { month } = request.params;
      const csv = await statements.csv(auth.user, month);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${statementFileName(month, 'csv')}"`);
      reply.type('text/csv; charset=utf-8');
      return csv;
    },
  );

  app.get(
    WALLET_ROUTES.statementPdf(':month'),
    { ...walletUser, schema: { params: StatementParams } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      const { month } = request.params;
      const pdf = await statements.pdf(auth.user, month);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="${statementFileName(month, 'pdf')}"`);
      reply.type('application/pdf');
      return Buffer.from(pdf);
    },
  );
}
