import { rankByPoints, type Ranked } from '@rush/domain';
import type { ParticipantView } from '@rush/protocol';
import { Table, type Column } from '../../../ui/Table.tsx';

const SUMMARY: Column<ParticipantView>[] = [
  { key: 'completed', header: 'Completed', cell: (p) => p.puzzlesCompleted },
  { key: 'streak', header: 'Streak', cell: (p) => p.currentStreak },
  { key: 'strikes', header: 'Strikes', cell: (p) => p.strikes },
  { key: 'skips', header: 'Skips', cell: (p) => p.skips },
  { key: 'points', header: 'Points', cell: (p) => p.points },
];

/** SPEC 2 live summary: the user's own run. */
export function SummaryTable({ me }: { me: ParticipantView }) {
  return <Table caption="Your summary" showCaption columns={SUMMARY} rows={[me]} rowKey={(p) => p.uid} empty="" />;
}

const SCORES: Column<Ranked<ParticipantView>>[] = [
  { key: 'place', header: 'Place', cell: (r) => r.label },
  {
    key: 'player',
    header: 'Player',
    cell: (r) => (r.item.left ? `${r.item.username} (left)` : r.item.username),
  },
  { key: 'completed', header: 'Completed', cell: (r) => r.item.puzzlesCompleted },
  { key: 'points', header: 'Points', cell: (r) => r.item.points },
];

/** SPEC 2 score table: every participant by points (ties share a place). */
export function ScoreTable({ participants }: { participants: readonly ParticipantView[] }) {
  const ranked = rankByPoints(participants, (p) => p.points);
  return (
    <Table
      caption="Scores"
      showCaption
      columns={SCORES}
      rows={ranked}
      rowKey={(r) => r.item.uid}
      empty="No players."
      className="score-table"
    />
  );
}
