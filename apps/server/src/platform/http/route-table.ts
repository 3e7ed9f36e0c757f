import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The route's pattern, e.g. `/api/admin/users/:uid/deposit`. */
  url: string;
}

/**
 * Every route the server registers, in order: what the suites that must cover every route
 * (hostile input, admin access) enumerate, so a route added later is covered without anyone
 * remembering to add it. Must be installed before any route is registered.
 */
export function collectRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method), url: route.url });
  });
  return routes;
}
