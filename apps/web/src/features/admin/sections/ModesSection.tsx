import { useState } from 'react';
import type { ModeView } from '@rush/protocol';
import { saveModes } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { SectionFrame } from '../parts.tsx';
import { useAdminMutation, useCatalogAdmin } from '../queries.ts';
import { ADMIN_LIMITS, isValidMode } from '../limits.ts';

/** A mode as edited: order as typed. */
type Draft = Omit<ModeView, 'order'> & { order: string };

export const MODES_INVALID = `Every mode needs a name (up to ${ADMIN_LIMITS.modeName}), a value (up to ${ADMIN_LIMITS.modeValue}) and an order from ${ADMIN_LIMITS.modeOrderMin} to ${ADMIN_LIMITS.modeOrderMax}.`; // ours

function validModes(drafts: Draft[]): ModeView[] | null {
  const modes: ModeView[] = [];
  for (const d of drafts) {
    const order = Number(d.order);
    const name = d.name.trim();
    const value = d.value.trim();
    const mode = { id: d.id, status: d.status, name, value, order };
    if (!/^\d+$/.test(d.order.trim()) || !isValidMode(mode)) return null;
    modes.push(mode);
  }
  return modes;
}

/** SPEC 2 Game modes: status, order, name and value edited in one table, saved as a whole (SPEC 7 updateGameModes). */
function ModesEditor({ modes }: { modes: ModeView[] }) {
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    [...modes].sort((a, b) => a.order - b.order).map((m) => ({ ...m, order: String(m.order) })),
  );
  const [invalid, setInvalid] = useState(false);
  const save = useAdminMutation(['catalog'], saveModes);
  const edit = (id: string, patch: Partial<Draft>) =>
    setDrafts((all) => all.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  const submit = () => {
    const valid = validModes(drafts);
    setInvalid(valid === null);
    if (valid) save.mutate(valid);
  };
  const columns: Column<Draft>[] = [
    { key: 'id', header: 'Mode', cell: (d) => <code>{d.id}</code> },
    {
      key: 'status',
      header: 'Status',
      cell: (d) => (
        <select
          aria-label={`Status of ${d.id}`}
          value={d.status}
          onChange={(e) => edit(d.id, { status: e.target.value === 'active' ? 'active' : 'inactive' })}
        >
          <option value="active">active</option>
          <option value="inactive">inactive</option>
        </select>
      ),
    },
    {
      key: 'order',
      header: 'Order',
      cell: (d) => (
        <input
          type="number"
          aria-label={`Order of ${d.id}`}
          min={0}
          max={ADMIN_LIMITS.modeOrderMax}
          step={1}
          value={d.order}
          onChange={(e) => edit(d.id, { order: e.target.value })}
        />
      ),
    },
    {
      key: 'name',
      header: 'Name',
      cell: (d) => (
        <input
          aria-label={`Name of ${d.id}`}
          maxLength={ADMIN_LIMITS.modeName}
          value={d.name}
          onChange={(e) => edit(d.id, { name: e.target.value })}
        />
      ),
    },
    {
      key: 'value',
      header: 'Value',
      cell: (d) => (
        <input
          aria-label={`Value of ${d.id}`}
          maxLength={ADMIN_LIMITS.modeValue}
          value={d.value}
          onChange={(e) => edit(d.id, { value: e.target.value })}
        />
      ),
    },
  ];
  return (
    <div className="admin-card">
      <Table
        caption="Game modes"
        className="admin-table"
        columns={columns}
        rows={drafts}
        rowKey={(d) => d.id}
        empty="No game modes."
      />
      <FormMessage text={invalid ? MODES_INVALID : null} />
      <FormMessage text={save.isError ? errorText(save.error) : null} />
      <FormMessage text={save.isSuccess ? 'Game modes saved.' : null} tone="success" />
      <Button busy={save.isPending} onClick={submit}>
        Save modes
      </Button>
    </div>
  );
}

export function ModesSection() {
  const query = useCatalogAdmin();
  return (
    <SectionFrame title="Game modes">
      <QueryState query={query} loading="Loading game modes…" subject="game modes">
        {(catalog) => <ModesEditor key={JSON.stringify(catalog.modes)} modes={catalog.modes} />}
      </QueryState>
    </SectionFrame>
  );
}
