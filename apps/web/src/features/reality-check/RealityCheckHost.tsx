import { useNavigate, useLocation } from 'react-router';
import { overlayLink } from '../../ui/overlayFlags.ts';
import { RealityCheckDialog, type RealityCheckChoice } from './RealityCheckDialog.tsx';
import { useRealityCheck } from './useRealityCheck.ts';

/**
 * Shows the reality check when it is due and the player is between games (`busy`: a game in
 * progress or a search, which app/ knows). Set a limit and Take a break answer the check and
 * open Account Settings on its Gaming pane, where the limits and the break are.
 */
export function RealityCheckHost({ busy }: { busy: boolean }) {
  const { shown, answer } = useRealityCheck(busy);
  const location = useLocation();
  const navigate = useNavigate();
  if (!shown?.dueAt) return null;
  const dueAt = shown.dueAt;
  const choose = (choice: RealityCheckChoice) => {
    answer(dueAt);
    if (choice === 'continue') return;
    const link = overlayLink(location, 'settings', 'gaming');
    void navigate(link.to, { state: link.state });
  };
  return <RealityCheckDialog state={shown} onChoose={choose} />;
}
