import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../api.ts';
import { Button } from '../../../ui/Button.tsx';
import { setMe } from '../../../api/session.ts';

/** Longest wait for the new page to be on screen before the user is forgotten anyway. */
const COMMIT_TIMEOUT_MS = 5_000;

/**
 * Navigates, and resolves once the new location is on screen (or this component is gone with
 * the page it was on). The router commits its state in a transition while a session change
 * renders at once: forgetting the user before / is shown would re-render the page being left,
 * and a signed-in-only page would send the visitor to /login instead of /.
 */
function useNavigateAndWait(): (to: string) => Promise<void> {
  const navigate = useNavigate();
  const { key } = useLocation();
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    pending.current?.();
    pending.current = null;
  }, [key]);

  useEffect(() => {
    const ref = pending;
    return () => ref.current?.();
  }, []);

  return async (to) => {
    const shown = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, COMMIT_TIMEOUT_MS);
      pending.current = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await navigate(to, { replace: true });
    await shown;
  };
}

/** Logout: end the session on the server, go to /, forget the user here. */
export function LogoutButton({ className }: { className?: string }) {
  const client = useQueryClient();
  const navigateAndWait = useNavigateAndWait();
  const mutation = useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await navigateAndWait('/');
      setMe(client, null);
      client.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'app-config',
      });
    },
  });
  return (
    <Button variant="danger" className={className} busy={mutation.isPending} onClick={() => mutation.mutate()}>
      Logout
    </Button>
  );
}
