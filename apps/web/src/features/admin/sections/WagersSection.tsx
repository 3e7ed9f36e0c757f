import { useState } from 'react';
import { CURRENCIES, currencyName, MIN_REQUIREMENT_MAX, type Currency } from '@rush/domain';
import type { WagerView } from '@rush/protocol';
import { setMinRequirement, setWagerSettings, setWagerValue } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { SectionFrame } from '../parts.tsx';
import { useAdminMutation, useCatalogAdmin } from '../queries.ts';
import { ADMIN_LIMITS, isValidWagerValue } from '../limits.ts';

export const MIN_REQUIREMENT_TEXT = `Min requirement must be a whole number from 0 to ${MIN_REQUIREMENT_MAX}.`; // ours (SPEC 5 rule)
export const WAGER_VALUE_TEXT = `Value must be a whole number from ${ADMIN_LIMITS.wagerValueMin} to ${ADMIN_LIMITS.wagerValueMax}.`; // ours

/** SPEC 5: min requirement 0-99999, integer. */
export function minRequirementError(text: string): string | null {
  return /^\d{1,5}$/.test(text.trim()) && Number(text) <= MIN_REQUIREMENT_MAX ? null : MIN_REQUIREMENT_TEXT;
}
const valueError = (text: string) =>
  /^\d{1,7}$/.test(text.trim()) && isValidWagerValue(Number(text)) ? null : WAGER_VALUE_TEXT;

interface Draft {
  status: 'active' | 'inactive';
  provisionalStatus: boolean;
  minRequirement: string;
  value: string;
}

/** Only what changed goes out: settings, min requirement, value (SPEC 7 updateGameWagers, updateMinMatchesRequirement). */
async function saveWager(wager: WagerView, draft: Draft): Promise<void> {
  const { currency, key } = wager;
  if (draft.status !== wager.status || draft.provisionalStatus !== wager.provisionalStatus)
    await setWagerSettings(currency, key, { status: draft.status, provisionalStatus: draft.provisionalStatus });
  if (Number(draft.minRequirement) !== wager.minRequirement)
    await setMinRequirement(currency, key, Number(draft.minRequirement));
  if (Number(draft.value) !== wager.value) await setWagerValue(currency, key, Number(draft.value));
}

/** Which wager's save answered last: kept above the rows, which remount with the saved figures. */
interface SavedMark {
  savedId: string | null;
  onSaving: (id: string | null) => void;
}
const idOf = (wager: WagerView) => `${wager.currency}:${wager.key}`;

function WagerRow({ wager, savedId, onSaving }: { wager: WagerView } & SavedMark) {
  const [draft, setDraft] = useState<Draft>({
    status: wager.status,
    provisionalStatus: wager.provisionalStatus,
    minRequirement: String(wager.minRequirement),
    value: String(wager.value),
  });
  const save = useAdminMutation(['catalog'], (d: Draft) => saveWager(wager, d));
  const id = idOf(wager);
  const minError = minRequirementError(draft.minRequirement);
  const valError = valueError(draft.value);
  const label = (what: string) => `${what} of ${wager.name}`;
  const errorId = `wager-${wager.currency}-${wager.key}-error`;
  const invalid = minError ?? valError;
  return (
    <tr role="row">
      <th role="rowheader" scope="row">
        {wager.name}
      </th>
      <td role="cell" data-label="Status">
        <select
          aria-label={label('Status')}
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value === 'active' ? 'active' : 'inactive' })}
        >
          <option value="active">active</option>
          <option value="inactive">inactive</option>
        </select>
      </td>
      <td role="cell" data-label="Provisional">
        <input
          type="checkbox"
          aria-label={label('Provisional')}
          checked={draft.provisionalStatus}
          onChange={(e) => setDraft({ ...draft, provisionalStatus: e.target.checked })}
        />
      </td>
      <td role="cell" data-label="Min requirement">
        <input
          type="number"
          min={0}
          max={MIN_REQUIREMENT_MAX}
          step={1}
          aria-label={label('Min requirement')}
          aria-invalid={minError ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          value={draft.minRequirement}
          onChange={(e) => setDraft({ ...draft, minRequirement: e.target.value })}
        />
      </td>
      <td role="cell" data-label="Value">
        <input
          type="number"
          min={1}
          step={1}
          aria-label={label('Value')}
          aria-invalid={valError ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          value={draft.value}
          onChange={(e) => setDraft({ ...draft, value: e.target.value })}
        />
      </td>
      <td role="cell" data-label="Save">
        <Button
          variant="secondary"
          disabled={invalid !== null}
          busy={save.isPending}
          aria-label={`Save ${wager.name}`}
          onClick={() => {
            onSaving(null);
            save.mutate(draft, { onSuccess: () => onSaving(id) });
          }}
        >
          Save
        </Button>
        {invalid ? (
          <p id={errorId} className="field-error" role="alert">
            {invalid}
          </p>
        ) : null}
        <FormMessage text={save.isError ? errorText(save.error) : null} />
        <FormMessage text={savedId === id ? `${wager.name} saved.` : null} tone="success" />
      </td>
    </tr>
  );
}

function CurrencyWagers({ currency, wagers, ...mark }: { currency: Currency; wagers: WagerView[] } & SavedMark) {
  const title = `${currencyName(currency)} wagers`;
  return (
    <div className="table-wrap admin-card">
      <table role="table" className="data-table admin-table">
        <caption className="table-caption">{title}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {['Wager', 'Status', 'Provisional', 'Min requirement', 'Value', 'Save'].map((h) => (
              <th key={h} role="columnheader" scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {wagers.map((w) => (
            <WagerRow
              key={`${w.key}:${w.status}:${w.provisionalStatus}:${w.minRequirement}:${w.value}`}
              wager={w}
              {...mark}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** SPEC 2 Game wagers per currency: status, provisional, min requirement (0-99999) and value. */
export function WagersSection() {
  const query = useCatalogAdmin();
  const [savedId, setSavedId] = useState<string | null>(null);
  return (
    <SectionFrame title="Game wagers">
      <QueryState query={query} loading="Loading game wagers…" subject="game wagers">
        {(catalog) =>
          CURRENCIES.map((currency) => (
            <CurrencyWagers
              key={currency}
              currency={currency}
              wagers={catalog.wagers.filter((w) => w.currency === currency).sort((a, b) => a.value - b.value)}
              savedId={savedId}
              onSaving={setSavedId}
            />
          ))
        }
      </QueryState>
    </SectionFrame>
  );
}
