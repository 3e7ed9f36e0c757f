import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatAmount, RC_REWARDS } from '@rush/domain';
import type { LinkChessResponse } from '@rush/protocol';
import { fetchLichessLinkStatus, linkChessAccount, startLichessLink } from './api.ts';
import { SESSION_KEY, useAppConfig } from '../../api/session.ts';

/** SPEC 9: linking the chess account is rewarded ("500 RC"; the server credits it). */
export const LINK_REWARD = formatAmount(RC_REWARDS.linkAccount, 'wbx', { trimCents: true });
export const LINK_REWARD_TEXT = `Your chess account is linked. ${LINK_REWARD} have been added to your balance.`; // ours
export const LINKED_TEXT = 'Your chess account is linked.'; // ours
export const LICHESS_LINK_HINT = 'You will authorise RushChess on Lichess, then come back here.'; // ours

/** What /start shows once after a link (router state, so a reload does not repeat it). */
export interface LinkedNotice {
  linkedNotice: string;
}

/** The success text of a link answer (the reward is named only when it was paid now). */
export const linkedText = (answer: Pick<LinkChessResponse, 'rewardGranted'>) =>
  answer.rewardGranted ? LINK_REWARD_TEXT : LINKED_TEXT;

/** Where the browser goes to authorise on Lichess: a seam, since jsdom does not navigate. */
export const browserNavigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Links the user's chess account (once per person, never changed) and lands on /start with the
 * link message, like the Lichess flow (issue 15: both end where the user plays). Afterwards the
 * session is read again, so the linked name and the RC balance with the reward show at once.
 */
export function useLinkChessAccount(onLinked?: () => void) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: linkChessAccount,
    // Before the session is read again (which may unmount the caller).
    onSuccess: (answer) => {
      onLinked?.();
      const notice: LinkedNotice = { linkedNotice: linkedText(answer) };
      void navigate('/start', { state: notice });
    },
    onSettled: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}

/** CHESS_PLATFORM=lichess: asks the server for an authorisation and sends the browser to Lichess. */
export function useStartLichessLink() {
  return useMutation({
    mutationFn: startLichessLink,
    onSuccess: ({ url }) => browserNavigation.leaveTo(url),
  });
}

/**
 * The link control of either platform (the server says which in the app config): built-in links
 * here and now; Lichess goes through its authorisation page and comes back on /callbacklichess.
 */
export function useChessLink(onLinked?: () => void) {
  const { chessPlatform } = useAppConfig();
  const builtin = useLinkChessAccount(onLinked);
  const lichess = useStartLichessLink();
  const active = chessPlatform === 'lichess' ? lichess : builtin;
  return {
    platform: chessPlatform,
    start: () => (chessPlatform === 'lichess' ? lichess.mutate() : builtin.mutate()),
    // Lichess: still busy while the browser leaves for the authorisation page.
    isPending: active.isPending || (chessPlatform === 'lichess' && lichess.isSuccess),
    error: active.isError ? active.error : null,
    /** The built-in link's answer once linked (Lichess links finish on /callbacklichess). */
    linked: builtin.data ?? null,
  };
}

/**
 * On Lichess, a linked user's link as it stands (the server tries the token): when Lichess
 * refused it, the same account must authorise again.
 */
export function useLichessLinkStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['play', 'lichess-link'],
    queryFn: fetchLichessLinkStatus,
    enabled,
    staleTime: 60_000,
  });
}
