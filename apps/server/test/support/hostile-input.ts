import fc from 'fast-check';
import type { z } from 'zod';
import type { TestClient } from './http-client.ts';

/**
 * Hostile request bodies for the bad-input tests: fast-check generators of bodies that are wrong
 * for a route, the check that a generated body is not in fact valid, and the sender.
 */

export type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; bytes: Uint8Array | string; type: string | null };

export const json = (value: unknown): Body => ({ kind: 'json', value });
export const raw = (bytes: Uint8Array | string, type: string | null = 'application/json'): Body => ({
  kind: 'raw',
  bytes,
  type,
});

/** A short description of a body, for failure messages. */
export const describeBody = (b: Body) => {
  const s =
    b.kind === 'json'
      ? (JSON.stringify(b.value) ?? 'undefined')
      : typeof b.bytes === 'string'
        ? b.bytes
        : `<${b.bytes.length} bytes>`;
  return `${b.kind}:${b.kind === 'raw' ? b.type : ''}:${s.length > 120 ? `${s.slice(0, 120)}...(${s.length})` : s}`;
};

export interface HostileBodyOptions {
  /** Values that break one field of a valid body. */
  value: fc.Arbitrary<unknown>;
  /** Raw JSON texts that attempt prototype pollution. */
  protoPayloads: readonly string[];
  /** Content types (null: none) under which text that is not JSON is sent. */
  contentTypes: readonly (string | null)[];
  /** Also objects nested deep under one of the fields. */
  deepObjects?: boolean;
  /** Also strings with control characters (NUL cannot even be stored by PostgreSQL) in one of the fields. */
  controlChars?: boolean;
}

/** Bodies that are wrong for a route whose fields are `keys` and a valid example is `base`. */
export function hostileBody(
  options: HostileBodyOptions,
  keys: string[],
  base: Record<string, unknown> = {},
): fc.Arbitrary<Body> {
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    // A valid body with one field broken: gets past the parser to the rules and the database.
    fc.tuple(key, options.value).map(([k, v]) => json({ ...base, [k]: v })),
    fc.tuple(key, options.value).map(([k, v]) => json({ ...base, [k]: v })),
    // Any JSON value at all.
    fc.jsonValue({ maxDepth: 4 }).map(json),
    // The right field names with values of any type, plus stray keys.
    fc.dictionary(fc.oneof(key, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }).map(json),
    // Huge strings (beyond the schema's bound, and beyond the 64 KB body limit up to 1 MB).
    fc.tuple(key, fc.integer({ min: 200, max: 1_048_576 })).map(([k, n]) => json({ [k]: 'A'.repeat(n) })),
    // Deep nesting, as arrays (and as objects).
    fc.integer({ min: 50, max: 40_000 }).map((d) => raw('['.repeat(d) + ']'.repeat(d))),
    ...(options.deepObjects
      ? [
          fc
            .tuple(key, fc.integer({ min: 50, max: 12_000 }))
            .map(([k, d]) => raw(`{"${k}":${'{"a":'.repeat(d)}1${'}'.repeat(d + 1)}`)),
        ]
      : []),
    // Prototype pollution attempts.
    fc.constantFrom(...options.protoPayloads).map((s) => raw(s)),
    // Invalid UTF-8 inside a JSON string.
    fc
      .tuple(key, fc.uint8Array({ minLength: 1, maxLength: 64 }))
      .map(([k, b]) =>
        raw(
          Buffer.concat([Buffer.from(`{"${k}":"`), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from(b), Buffer.from('"}')]),
        ),
      ),
    // Control characters.
    ...(options.controlChars
      ? [fc.tuple(key, fc.string({ maxLength: 20 })).map(([k, s]) => json({ [k]: `a\u0000${s}\u0001` }))]
      : []),
    // Wrong or missing content types.
    fc
      .tuple(fc.constantFrom(...options.contentTypes), fc.string({ maxLength: 200 }))
      .map(([type, s]) => raw(s.length > 0 ? s : 'x', type)),
    // Text that is not JSON, sent as JSON.
    fc.string({ minLength: 1, maxLength: 300 }).map((s) => raw(s)),
  );
}

/**
 * True when the body would pass the route's schema and `accept` takes the parsed data (then it is
 * not bad input for that route).
 */
export function validFor(
  schema: z.ZodType | undefined,
  body: Body,
  accept: (data: unknown) => boolean = () => true,
): boolean {
  if (!schema) return false;
  let value: unknown;
  if (body.kind === 'json') value = body.value;
  else if (typeof body.bytes === 'string' && body.type?.startsWith('application/json')) {
    try {
      value = JSON.parse(body.bytes);
    } catch {
      return false;
    }
  } else return false;
  const parsed = schema.safeParse(value);
  return parsed.success && accept(parsed.data);
}

/** Sends the body as it is (JSON with its content type; raw bytes with theirs, or none). */
export function send(
  client: TestClient,
  method: string,
  path: string,
  body: Body,
  headers: Record<string, string> = {},
) {
  if (body.kind === 'json') {
    return client.request(method, path, undefined, {
      raw: body.value === undefined ? 'null' : JSON.stringify(body.value),
      headers: { 'content-type': 'application/json', ...headers },
    });
  }
  const h: Record<string, string> = body.type === null ? { ...headers } : { 'content-type': body.type, ...headers };
  return client.request(method, path, undefined, {
    raw: typeof body.bytes === 'string' ? body.bytes : Buffer.from(body.bytes),
    headers: h,
  });
}
