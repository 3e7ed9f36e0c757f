import { useState, type FormEvent } from 'react';
import type { AuditEntry } from '@rush/protocol';
import type { AuditFilters } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { pageCountOf, Pagination } from '../../../ui/Pagination.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatTime, SectionFrame } from '../parts.tsx';
import { useAudit } from '../queries.ts';
import { ADMIN_LIMITS } from '../limits.ts';

const MAX_CHANGE = 120;

/** A value on one line, cut at 120 characters ("-" for none); the full text is in the title. */
export function compact(value: unknown): string {
  if (value === undefined || value === null) return '-';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_CHANGE ? `${text.slice(0, MAX_CHANGE - 1)}…` : text;
}

function Change({ entry }: { entry: AuditEntry }) {
  const full = (v: unknown) => (v === undefined || v === null ? '-' : typeof v === 'string' ? v : JSON.stringify(v));
  return (
    <div className="admin-change">
      <div title={full(entry.before)}>
        <span className="admin-muted">before </span>
        {compact(entry.before)}
      </div>
      <div title={full(entry.after)}>
        <span className="admin-muted">after </span>
        {compact(entry.after)}
      </div>
    </div>
  );
}

const columns: Column<AuditEntry>[] = [
  { key: 'at', header: 'Time', cell: (e) => formatTime(e.at) },
  { key: 'admin', header: 'Admin', cell: (e) => e.admin.username },
  { key: 'action', header: 'Action', cell: (e) => e.action },
  { key: 'target', header: 'Target', cell: (e) => e.target ?? '-' },
  { key: 'change', header: 'Change', cell: (e) => <Change entry={e} /> },
];

/** Issue 12: the append-only audit log, newest first, 50 a page, filtered by action, admin and target. */
export function AuditSection() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [action, setAction] = useState('');
  const [admin, setAdmin] = useState('');
  const [target, setTarget] = useState('');
  const query = useAudit(page, filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ action: action.trim(), admin: admin.trim(), target: target.trim() });
    setPage(1);
  };
  return (
    <SectionFrame title="Audit log">
      <form className="admin-card admin-form" onSubmit={submit} aria-label="Audit filters">
        <TextField label="Action" value={action} onValueChange={setAction} maxLength={ADMIN_LIMITS.auditAction} />
        <TextField label="Admin uid" value={admin} onValueChange={setAdmin} maxLength={ADMIN_LIMITS.auditAdmin} />
        <TextField label="Target" value={target} onValueChange={setTarget} maxLength={ADMIN_LIMITS.auditTarget} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      <QueryState query={query} loading="Loading the audit log…" subject="audit log">
        {(data) => (
          <>
            <Table
              caption="Audit log"
              columns={columns}
              rows={data.entries}
              rowKey={(e) => e.id}
              busy={query.isPlaceholderData}
              empty="No audit entries."
            />
            <Pagination
              label="Pages of the audit log"
              page={page}
              pageCount={pageCountOf(data.total, data.pageSize)}
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </SectionFrame>
  );
}
