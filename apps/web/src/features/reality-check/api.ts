import { REALITY_CHECK_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The HTTP calls of the reality check (issue 37), one per route of REALITY_CHECK_ROUTES. */
export const REALITY_CHECK_KEY = ['reality-check'] as const;

/** The state now; asking also tells the server this player is still here (the session goes on). */
export const fetchRealityCheck = () =>
  request('GET', REALITY_CHECK_ROUTES.state, { schema: (s) => s.RealityCheckState });

/** Answers the check that fell due at `dueAt`; answering it again (another tab) changes nothing. */
export const acknowledgeRealityCheck = (dueAt: string) =>
  request('POST', REALITY_CHECK_ROUTES.acknowledge, { json: { dueAt }, schema: (s) => s.RealityCheckState });
