import { QueryState } from '../../ui/QueryState.tsx';
import { useAdminEvents, useForbiddenRedirect, useReports } from './queries.ts';
import { ReportsTable } from './ReportsTable.tsx';
import './admin.css';

/** /report (admins only): the archived player reports (SPEC 2). */
export function ReportPage() {
  useForbiddenRedirect();
  useAdminEvents();
  const query = useReports(true);
  return (
    <div className="admin-page">
      <title>Archived reports</title>
      <h1>Archived reports</h1>
      <QueryState query={query} loading="Loading archived reports…" subject="archived reports">
        {(data) => <ReportsTable caption="Archived reports" reports={data.reports} />}
      </QueryState>
    </div>
  );
}
