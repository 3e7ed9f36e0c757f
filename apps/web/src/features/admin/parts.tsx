import { useId, type ReactNode } from 'react';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { QueryState, type QueryStatus } from '../../ui/QueryState.tsx';
import { Table, type Column } from '../../ui/Table.tsx';

/** One console section: a region named by its heading. */
export function SectionFrame({ title, children, level = 2 }: { title: string; children: ReactNode; level?: 2 | 3 }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="admin-section" aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}

/** A uid in full with a Copy button ("Copy uid of alice"). */
export function CopyUid({ uid, owner }: { uid: string; owner: string }) {
  return (
    <span className="admin-uid">
      <code>{uid}</code>
      <CopyButton text={uid} what={`uid of ${owner}`} />
    </span>
  );
}

/** "2025-03-04 10:20" in the viewer's time zone; "-" when missing or unreadable. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO time as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO time; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A labelled input of another type than text (number, datetime-local, textarea via `multiline`). */
export function InputField({
  label,
  value,
  onValueChange,
  type = 'text',
  error,
  multiline = false,
  min,
  max,
  step,
  ...rest
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  type?: string;
  error?: string | null;
  multiline?: boolean;
  min?: number;
  max?: number;
  step?: number | string;
  required?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...rest,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onValueChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          min={min}
          max={max}
          step={step}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TableSectionProps<Data, Row> {
  /** The section's heading (h3) and the table's accessible name; its loading line and Try again say it too. */
  title: string;
  query: QueryStatus<Data>;
  columns: readonly Column<Row>[];
  rows: (data: Data) => readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** Below the table (a failed action's message). */
  children?: ReactNode;
}

/** A console section that is one table read from a query: loading and failure as QueryState shows them. */
export function TableSection<Data, Row>({
  title,
  query,
  columns,
  rows,
  rowKey,
  empty,
  children,
}: TableSectionProps<Data, Row>) {
  const subject = title.toLowerCase();
  return (
    <SectionFrame title={title} level={3}>
      <QueryState query={query} loading={`Loading ${subject}…`} subject={subject}>
        {(data) => <Table caption={title} columns={columns} rows={rows(data)} rowKey={rowKey} empty={empty} />}
      </QueryState>
      {children}
    </SectionFrame>
  );
}
