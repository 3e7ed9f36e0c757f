import { lazy, Suspense, useCallback, useState } from 'react';
import { opponentIn, SOCIAL_TEXTS } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';
import { useSession } from '../../api/session.ts';

// The report form (and its checks) loads when opened: not with every game screen (issue 17).
const ReportPlayerDialog = lazy(() =>
  import('./ReportPlayerDialog.tsx').then((m) => ({ default: m.ReportPlayerDialog })),
);

interface Seat {
  uid: string;
  username: string;
}

interface ReportOpponentButtonProps {
  /** The game the report is about: only its players may report, each the other (issue 10). */
  game: { id: string; white: Seat; black: Seat };
  /** The visible label; "Report opponent" (SPEC 2) unless the screen needs to name the player. */
  label?: string;
}

/**
 * SPEC 2 "Report opponent": opens the player report dialog about the viewer's opponent in this
 * game. Shown only to a signed-in player of the game (the server accepts reports only from the
 * target's opponent in the named game), so spectators and visitors never see it.
 */
export function ReportOpponentButton({ game, label = SOCIAL_TEXTS.reportOpponent }: ReportOpponentButtonProps) {
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const opponent = me ? opponentIn({ whiteId: game.white.uid, blackId: game.black.uid }, me.uid) : null;
  if (!me || !opponent) return null;
  const target = opponent === game.white.uid ? game.white : game.black;
  return (
    <>
      <Button variant="ghost" className="report-opponent" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <ReportPlayerDialog reporter={me.uid} target={target} gameId={game.id} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
