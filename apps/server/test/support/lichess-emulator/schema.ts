/**
 * The small JSON-Schema subset the published Lichess API is written in here (lichess-org/api
 * doc/lichess-api.yaml and doc/specs/: object, string, integer, number, boolean, array, null,
 * anyOf), its builders, and the checks conformance.test.ts runs with it: an answer against a
 * schema, and a form or query string as its declared types read it.
 */

export type Schema =
  | { type: 'object'; required?: readonly string[]; properties?: Record<string, Schema>; values?: Schema; open?: true }
  | { type: 'string'; enum?: readonly string[] }
  | { type: 'integer' | 'number'; minimum?: number; maximum?: number; enum?: readonly number[] }
  | { type: 'boolean' }
  | { type: 'array'; items?: Schema }
  | { type: 'null' }
  | { anyOf: readonly Schema[] };

export const str = (e?: readonly string[]): Schema => (e ? { type: 'string', enum: e } : { type: 'string' });
export const int = (minimum?: number, maximum?: number): Schema => ({ type: 'integer', minimum, maximum });
export const bool: Schema = { type: 'boolean' };
export const num: Schema = { type: 'number' };
/** An object whose inner fields the product does not read: its presence and kind are checked. */
export const anyObject: Schema = { type: 'object', open: true };
export const obj = (properties: Record<string, Schema>, required: readonly string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
});
export const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });

/** What in `value` the schema refuses, as readable lines (empty: it conforms). */
export function violations(schema: Schema, value: unknown, at = '$'): string[] {
  if ('anyOf' in schema)
    return schema.anyOf.some((s) => violations(s, value, at).length === 0) ? [] : [`${at}: none of anyOf fits`];
  switch (schema.type) {
    case 'null':
      return value === null ? [] : [`${at}: not null`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'string':
      if (typeof value !== 'string') return [`${at}: not a string`];
      return schema.enum && !schema.enum.includes(value) ? [`${at}: ${value} not in ${schema.enum.join('|')}`] : [];
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)))
        return [`${at}: not an ${schema.type}`];
      const out: string[] = [];
      if (schema.minimum !== undefined && value < schema.minimum) out.push(`${at}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum) out.push(`${at}: above ${schema.maximum}`);
      if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: ${value} not in ${schema.enum.join('|')}`);
      return out;
    }
    case 'array':
      if (!Array.isArray(value)) return [`${at}: not an array`];
      return schema.items ? value.flatMap((v, i) => violations(schema.items!, v, `${at}[${i}]`)) : [];
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      if (schema.open) return [];
      const v = value as Record<string, unknown>;
      const out = (schema.required ?? []).filter((k) => !(k in v)).map((k) => `${at}.${k}: required, missing`);
      for (const [k, x] of Object.entries(v)) {
        const s = schema.properties?.[k] ?? schema.values;
        if (!s) out.push(`${at}.${k}: not in the published schema`);
        else out.push(...violations(s, x, `${at}.${k}`));
      }
      return out;
    }
  }
}

/** A form or query value as its declared type reads it ("true", "600"). */
export function formViolations(fields: Record<string, Schema>, values: URLSearchParams, at: string): string[] {
  const out: string[] = [];
  for (const [k, raw] of values) {
    const s = fields[k];
    if (!s) {
      out.push(`${at}.${k}: not a published parameter`);
      continue;
    }
    const typed =
      'type' in s && (s.type === 'integer' || s.type === 'number')
        ? Number(raw)
        : 'type' in s && s.type === 'boolean'
          ? raw === 'true'
            ? true
            : raw === 'false'
              ? false
              : raw
          : raw;
    out.push(...violations(s, typed, `${at}.${k}`));
  }
  return out;
}
