import { ADMIN_ROUTES } from '@rush/protocol';
import { request } from '../../../api/http.ts';

/** An inclusive range of UTC days, `YYYY-MM-DD`. */
export interface DayRangeInput {
  from: string;
  to: string;
}

/** GET the dashboard's series for a range (the server refuses more than 366 days or a reversed range). */
export const fetchDashboard = ({ from, to }: DayRangeInput) =>
  request('GET', `${ADMIN_ROUTES.dashboard}?${new URLSearchParams({ from, to }).toString()}`, {
    schema: (s) => s.DashboardResponse,
  });

export const dashboardKey = (range: DayRangeInput) => ['admin', 'dashboard', range.from, range.to] as const;
