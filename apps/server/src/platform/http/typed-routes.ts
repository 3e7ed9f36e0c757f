import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A JSON `null` body, told apart from no body at all (which Fastify also validates as null). */
const JSON_NULL = Object.freeze({ jsonNull: true });

/**
 * Route schemas are the protocol's zod schemas (issue 34). A request part that fails its schema
 * answers what the handlers' hand-written `parse` answered before every route declared its
 * schemas: the ZodError itself goes to the one error handler, which sends VALIDATION with
 * TEXTS.badRequest and the per-field texts.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    // Fastify hands a missing body to the validator as null; a handler's parse of request.body
    // saw undefined (the field texts say which), and a JSON `null` body as null (marked below).
    const value = httpPart !== 'body' ? data : data === null ? undefined : data === JSON_NULL ? null : data;
    const result = schema.safeParse(value);
    return result.success ? { value: result.data } : { error: result.error };
  };

/**
 * Sets the compilers of the zod type provider: request parts validated as above; responses
 * encoded through their schema (a handler whose answer drifts from its protocol schema is a 500
 * with the details in the log, never a silently different answer). Before any route.
 */
export function installRouteSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === null && request.routeOptions.schema?.body) request.body = JSON_NULL;
    done();
  });
}

/** The same instance, its routes typed by their zod schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

export type TypedApp = ReturnType<typeof typed>;

/** The body of a command that carries nothing: none at all, or `{}`; any field is refused. */
export const EmptyBody = z.object({}).strict().optional();

/** The body schema of a handler that parsed `request.body ?? {}`: no body, or JSON null, reads as {}. */
export function bodyOrEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => value ?? {}, schema);
}

/**
 * A route's `preValidation` hook that checks one path parameter by hand (a 404 for an id that
 * names nothing) before the schemas validate the body: the order the handlers had when they
 * parsed by hand.
 */
export function paramFirst(name: string, check: (raw: string) => unknown) {
  return (request: FastifyRequest): Promise<void> =>
    Promise.resolve().then(() => {
      check((request.params as Record<string, string | undefined>)[name] ?? '');
    });
}
