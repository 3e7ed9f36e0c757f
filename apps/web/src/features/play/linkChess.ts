import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatAmount, RC_REWARDS } from '@rush/domain';
import { linkChessAccount } from '../../api/play.ts';
import { SESSION_KEY } from '../accounts/session.ts';

/** SPEC 9: linking the chess account is rewarded ("500 RC"; the server credits it). */
export const LINK_REWARD = formatAmount(RC_REWARDS.linkAccount, 'wbx', { trimCents: true });
export const LINK_REWARD_TEXT = `Your chess account is linked. ${LINK_REWARD} have been added to your balance.`; // ours
export const LINKED_TEXT = 'Your chess account is linked.'; // ours

/**
 * Links the user's chess account (once per person, never changed). Afterwards the session is
 * read again, so the linked name and the RC balance with the reward show at once.
 */
export function useLinkChessAccount(onLinked?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: linkChessAccount,
    // Before the session is read again (which may unmount the caller).
    onSuccess: () => onLinked?.(),
    onSettled: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
}
