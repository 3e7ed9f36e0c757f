import { ACCOUNT_ROUTES, MATCH_ROUTES } from '@rush/protocol';
import { request } from '../../api/http.ts';

/** The landing's numbers and lists (MATCH_ROUTES.landing, public). */
export const fetchLanding = () => request('GET', MATCH_ROUTES.landing, { schema: (s) => s.LandingResponse });

/** The current online count (the `presence` topic keeps it live afterwards). */
export const fetchPresence = () => request('GET', ACCOUNT_ROUTES.presence, { schema: (s) => s.PresenceCount });
