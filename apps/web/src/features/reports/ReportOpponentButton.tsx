import { useCallback, useState } from 'react';
import { SOCIAL_TEXTS } from '@rush/domain';
import { Button } from '../../ui/Button.tsx';
import { useSession } from '../accounts/session.ts';
import { ReportPlayerDialog } from './ReportPlayerDialog.tsx';

interface ReportOpponentButtonProps {
  target: { uid: string | null | undefined; username: string };
  /** The visible label; "Report opponent" (SPEC 2) unless the screen needs to name the player. */
  label?: string;
}

/**
 * SPEC 2 "Report opponent" from the game and spectator screens: opens the player report dialog.
 * Only for signed-in users (SPEC 6: report is a player's right) and never about oneself.
 */
export function ReportOpponentButton({ target, label = SOCIAL_TEXTS.reportOpponent }: ReportOpponentButtonProps) {
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!me || me.uid === target.uid) return null;
  return (
    <>
      <Button variant="ghost" className="report-opponent" onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open ? <ReportPlayerDialog reporter={me.uid} target={target} onClose={close} /> : null}
    </>
  );
}
