import type { Me } from '@rush/protocol';

/**
 * Who may see a route (SPEC 2 redirects, SPEC 6 roles):
 * - public: everyone (landing, static pages, /404, /500)
 * - guest: the auth panel; signed-in users go to / (except a password-reset link)
 * - user: signed-in users; visitors go to /login
 * - admin: admins; visitors go to /login, other users to /
 */
export type Access = 'public' | 'guest' | 'user' | 'admin';

export interface RouteHandle {
  access: Access;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'access' in value;
}

/** Where to send this viewer instead, or null to show the route. */
export function redirectFor(
  access: Access,
  me: Me | null,
  location: { pathname: string; search: string },
): string | null {
  switch (access) {
    case 'public':
      return null;
    case 'guest': {
      if (!me) return null;
      const resetLink = location.pathname === '/forgot-password' && new URLSearchParams(location.search).has('token');
      return resetLink ? null : '/';
    }
    case 'user':
      return me ? null : '/login';
    case 'admin':
      if (!me) return '/login';
      return me.role === 'admin' ? null : '/';
  }
}
