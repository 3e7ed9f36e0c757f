import { ACCOUNT_ROUTES, BOT_ROUTES, MATCH_ROUTES, PUZZLE_ROUTES, WALLET_ROUTES } from '@rush/protocol';

/**
 * Route classes of the API rate limit. `strict`: credentials and money writes (guessing
 * passwords, card testing, hammering stakes); `write`: every other change, and the GETs that
 * write; `read`: every other GET.
 * Anything outside /api/ (the web app's files, the HTML shell, /healthz, /ws, the payment
 * provider's pages and webhook) is not limited: one page load fetches dozens of files, and
 * limiting them is what made shared addresses see blank pages.
 */
export type RateClass = 'strict' | 'write' | 'read';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every change under these prefixes is strict, so a new auth, wallet or admin route is strict
 * without anyone remembering to list it.
 */
const STRICT_PREFIXES = ['/api/auth/', '/api/wallet/', '/api/admin/'] as const;

/** Strict changes elsewhere: the password, closing the account, and every call that stakes money. */
const STRICT_ROUTES = new Set(
  [
    ACCOUNT_ROUTES.password,
    WALLET_ROUTES.closeAccount,
    MATCH_ROUTES.seek,
    BOT_ROUTES.start,
    MATCH_ROUTES.accept,
    MATCH_ROUTES.join,
    MATCH_ROUTES.rematch,
    MATCH_ROUTES.challenges,
    MATCH_ROUTES.acceptChallenge(':'),
    PUZZLE_ROUTES.lobbies,
    PUZZLE_ROUTES.join(':'),
    PUZZLE_ROUTES.joinByCode,
  ].map(normalizePattern),
);

/**
 * GETs that write: a provider sign-in's start (an OAuth state) and callback (a code exchanged, an
 * account made or signed in), and the e-mail verification link. They count as writes, so a
 * script cannot drive the provider or guess links at the read rate. Not strict: a household or
 * an office behind one address signs in through them.
 */
const WRITING_READS = new Set(
  [
    ACCOUNT_ROUTES.googleStart,
    ACCOUNT_ROUTES.googleCallback,
    ACCOUNT_ROUTES.facebookStart,
    ACCOUNT_ROUTES.facebookCallback,
    ACCOUNT_ROUTES.verifyEmail,
  ].map(normalizePattern),
);

/** Parameter names differ between the protocol's builders and the routes: compare without them. */
function normalizePattern(pattern: string): string {
  return pattern.replace(/\/:[^/]+/g, '/:');
}

/**
 * The class of a request from its method and the matched route's pattern (e.g.
 * `/api/admin/users/:uid/deposit`, never the raw URL, so parameters and query strings cannot
 * move a request into another class); null when it is not limited. A new route gets `read` or
 * `write` by its method unless it sits under a strict prefix.
 */
export function rateClassOf(method: string, routePattern: string | undefined): RateClass | null {
  if (routePattern === undefined || !routePattern.startsWith('/api/')) return null;
  if (SAFE_METHODS.has(method.toUpperCase()))
    return WRITING_READS.has(normalizePattern(routePattern)) ? 'write' : 'read';
  if (STRICT_PREFIXES.some((p) => routePattern.startsWith(p))) return 'strict';
  if (STRICT_ROUTES.has(normalizePattern(routePattern))) return 'strict';
  return 'write';
}
