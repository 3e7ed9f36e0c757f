import type { DashboardResponse } from '@rush/protocol';
import { Table, type Column } from '../../../ui/Table.tsx';
import { formatValue, SERIES, SERIES_ORDER } from './model.ts';

interface Row {
  day: string;
  index: number;
}

/** The dashboard's numbers, one row per UTC day: the charts' text alternative. */
export function DashboardTable({ data }: { data: DashboardResponse }) {
  const columns: Column<Row>[] = [
    { key: 'day', header: 'Day (UTC)', cell: (r) => r.day },
    ...SERIES_ORDER.map((k) => ({
      key: k,
      header: SERIES[k].label,
      className: 'dashboard-num',
      cell: (r: Row) => formatValue(SERIES[k].unit, data[k][r.index] ?? 0),
    })),
  ];
  const rows = data.days.map((day, index) => ({ day, index }));
  const first = data.days[0] ?? '';
  const last = data.days.at(-1) ?? '';
  return (
    <Table
      caption={`Dashboard per UTC day, ${first} to ${last}`}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.day}
      empty="No days in this range."
      className="dashboard-table"
    />
  );
}
