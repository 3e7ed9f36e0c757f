import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@rush/protocol';
import { SESSION_KEY, setMe } from '../../../api/session.ts';

/** A change to the account that answers with the updated user (or not: then the session is refetched). */
export function useMeUpdate<Input>(call: (input: Input) => Promise<Me | null>, onError?: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (me) => {
      if (me) setMe(client, me);
      else void client.invalidateQueries({ queryKey: SESSION_KEY });
    },
    onError,
  });
}
