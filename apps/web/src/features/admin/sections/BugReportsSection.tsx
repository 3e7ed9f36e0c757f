import { useState } from 'react';
import type { AdminBugReport } from '@rush/protocol';
import { archiveBugReport, bugImageUrl, deleteBugReport } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { useAdminMutation, useBugReports } from '../queries.ts';

type Status = 'active' | 'archived';
const TABS = [
  { id: 'active', label: 'Active' },
  { id: 'archived', label: 'Archived' },
] as const;
export const CONFIRM_DELETE_BUG = 'Delete this bug report and its images? This cannot be undone.'; // ours

function BugReportCard({ report, onDelete }: { report: AdminBugReport; onDelete: (r: AdminBugReport) => void }) {
  const archive = useAdminMutation(['bugReports'], (archived: boolean) => archiveBugReport(report.id, archived));
  const archived = report.status === 'archived';
  return (
    <li className="admin-card">
      <h3>{report.title}</h3>
      <p className="admin-muted">
        {report.username ?? 'Anonymous'} · {report.platform} · {formatTime(report.created)}
        {report.status === 'dearchived' ? ' · de-archived' : ''}
      </p>
      <p>{report.description}</p>
      {report.images > 0 ? (
        <div className="admin-bug-images">
          {Array.from({ length: report.images }, (_, i) => (
            <a key={i} href={bugImageUrl(report.id, i)} target="_blank" rel="noreferrer">
              <img src={bugImageUrl(report.id, i)} alt={`Image ${i + 1} of ${report.title}`} loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      <div className="admin-actions">
        <Button
          variant="secondary"
          busy={archive.isPending}
          aria-label={`${archived ? 'De-archive' : 'Archive'} ${report.title}`}
          onClick={() => archive.mutate(!archived)}
        >
          {archived ? 'De-archive' : 'Archive'}
        </Button>
        <Button variant="danger" aria-label={`Delete ${report.title}`} onClick={() => onDelete(report)}>
          Delete
        </Button>
      </div>
      <FormMessage text={archive.isError ? errorText(archive.error) : null} />
    </li>
  );
}

function BugReportList({ status }: { status: Status }) {
  const query = useBugReports(status);
  const [deleting, setDeleting] = useState<AdminBugReport | null>(null);
  const remove = useAdminMutation(['bugReports'], (id: string) => deleteBugReport(id));
  return (
    <>
      <QueryState query={query} loading="Loading bug reports…" subject="bug reports">
        {(data) =>
          data.reports.length === 0 ? (
            <p className="table-empty">No bug reports.</p>
          ) : (
            <ul className="admin-list" aria-label={`${status === 'active' ? 'Active' : 'Archived'} bug reports`}>
              {data.reports.map((r) => (
                <BugReportCard key={r.id} report={r} onDelete={setDeleting} />
              ))}
            </ul>
          )
        }
      </QueryState>
      {deleting ? (
        <ConfirmDialog
          title="Delete bug report"
          message={CONFIRM_DELETE_BUG}
          confirmLabel="Delete"
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      ) : null}
    </>
  );
}

/** SPEC 2 / 4 Bug reports: active and archived, archive, de-archive, delete. */
export function BugReportsSection() {
  const [tab, setTab] = useState<Status>('active');
  return (
    <SectionFrame title="Bug reports">
      <Tabs label="Bug reports" idPrefix="bug-reports" items={TABS} selected={tab} onSelect={setTab} />
      <TabPanel idPrefix="bug-reports" id={tab}>
        <BugReportList key={tab} status={tab} />
      </TabPanel>
    </SectionFrame>
  );
}
