import { rankByPoints, type Ranked } from '@rush/domain';
import type { LobbyResultView } from '@rush/protocol';
import { Button } from '../../../ui/Button.tsx';
import { Amount } from '../../../ui/Amount.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';

const COLUMNS: Column<Ranked<LobbyResultView>>[] = [
  { key: 'place', header: 'Place', cell: (r) => r.label },
  { key: 'player', header: 'Player', cell: (r) => r.item.username },
  { key: 'points', header: 'Points', cell: (r) => r.item.points },
  { key: 'reward', header: 'Reward', cell: (r) => <Amount minor={r.item.reward} currency={r.item.currency} /> },
];

/**
 * SPEC 2/4 result popup: ordered by points, ties share a place (1st, 1st, 3rd), each with the
 * reward in its currency; Done returns to the lobby list.
 */
export function BattleResults({ results, onDone }: { results: readonly LobbyResultView[]; onDone: () => void }) {
  const ranked = rankByPoints(results, (r) => r.points);
  return (
    <Dialog title="Battle results" onClose={onDone} className="dialog-wide">
      <Table caption="Results" columns={COLUMNS} rows={ranked} rowKey={(r) => r.item.uid} empty="No results." />
      <div className="confirm-actions">
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
