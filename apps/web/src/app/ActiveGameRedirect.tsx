import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Me } from '@rush/protocol';
import { isActive, useMatchmaking } from '../features/matchmaking/queries.ts';
import { fetchActivePuzzle, PUZZLE_KEYS } from '../features/puzzles/api.ts';
import { activeGameTarget } from './activeGame.ts';

/**
 * Pages no game moves: the operator's console (not a player's page) and the embeddable casual
 * view (it lives inside another page).
 */
const exempt = (pathname: string, search: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/') || new URLSearchParams(search).has('embedded');

/**
 * SPEC 2: a game in progress forces its route from every page (issue 20). The matchmaking record
 * is live (the user topic); the active puzzle game is asked on every page the user opens, and
 * only that page's answer counts (a remembered one may be of a game since ended). A failed
 * lookup leaves the user where they are.
 */
export function ActiveGameRedirect({ me }: { me: Me }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const matchmaking = useMatchmaking(me);
  const [answer, setAnswer] = useState<{ path: string; route: string | null } | null>(null);
  const skip = exempt(pathname, search);

  useEffect(() => {
    if (skip) return;
    let live = true;
    client.fetchQuery({ queryKey: PUZZLE_KEYS.active, queryFn: fetchActivePuzzle, staleTime: 0 }).then(
      (res) => {
        if (live) setAnswer({ path: pathname, route: res.active?.route ?? null });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [client, pathname, skip]);

  const puzzleRoute = answer?.path === pathname ? answer.route : null;
  const target = skip ? null : activeGameTarget(pathname, isActive(matchmaking.data), puzzleRoute);
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
  return null;
}
