import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { fetchActivePuzzle, PUZZLE_KEYS } from './api.ts';

/**
 * SPEC 2: an active puzzle game forces its mode route. The puzzle pages ask the server for the
 * user's active solo run or battle when they open, and go to its route when it is another one.
 * Only an answer fetched for this visit counts (a cached one may be of a game since ended); a
 * failed lookup leaves the user where they are.
 */
export function useActivePuzzleRedirect(enabled = true): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: PUZZLE_KEYS.active,
    queryFn: fetchActivePuzzle,
    enabled,
    staleTime: 0,
    retry: false,
  });
  const route = enabled && query.isFetchedAfterMount ? (query.data?.active?.route ?? null) : null;
  useEffect(() => {
    if (!route) return;
    const target = new URL(route, 'http://route.invalid').pathname;
    if (target !== pathname) void navigate(route, { replace: true });
  }, [route, pathname, navigate]);
}
