import type { FastifyRequest } from 'fastify';
import { LobbyIdParam } from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';

/** Attempt, run and lobby ids are public ids; anything else is simply not found. */
export const idOf = (raw: string): string => {
  const parsed = LobbyIdParam.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/** The path of a route with `:id`: checked by `knownIdFirst` (404), not by the schema (400). */
export const IdParams = z.object({ id: z.string() });

/**
 * A route's `preValidation` hook after signedInFirst: an id that names nothing is a 404 before the
 * body is validated, the order the handlers had when they parsed by hand.
 */
export function knownIdFirst(request: FastifyRequest): Promise<void> {
  try {
    idOf((request.params as { id: string }).id);
    return Promise.resolve();
  } catch (e) {
    return Promise.reject(e as Error);
  }
}

/** An empty body (or none). */
export const Empty = z.object({}).strict().optional();
