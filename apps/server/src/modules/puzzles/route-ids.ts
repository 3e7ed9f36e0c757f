import { LobbyIdParam } from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { paramFirst } from '../../platform/http/typed-routes.ts';

/** Attempt, run and lobby ids are public ids; anything else is simply not found. */
export const idOf = (raw: string): string => {
  const parsed = LobbyIdParam.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/** The path of a route with `:id`: checked by `knownIdFirst` (404), not by the schema (400). */
export const IdParams = z.object({ id: z.string() });

/** A route's `preValidation` hook after signedInFirst: an id that names nothing is a 404 first. */
export const knownIdFirst = paramFirst('id', idOf);
