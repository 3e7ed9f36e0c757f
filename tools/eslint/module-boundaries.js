import path from 'node:path';

/**
 * ESLint rule: the server's layers (ARCHITECTURE.md).
 *
 * - `platform/` depends on nothing above it: no module, no composition root (`app.ts`,
 *   `main.ts`, `schema.ts`); only `config.ts`, the parsed settings every layer reads, is allowed.
 *   `config.ts` is held to the same rule (it imports platform only: the settings parsers live in
 *   `platform/config/`), so platform never reaches a module through `Config`.
 * - Anything outside a module (another module, the composition root) imports it only through
 *   its entry file (`index.ts`, the public surface), which exports the tables others' stores
 *   may join. Its `schema.ts` is no entry: only another `schema.ts` may import it, for the
 *   foreign keys a table declaration names (drizzle-kit loads the schema files on their own).
 *
 * Tests may reach inside (they are not linted by this rule). The decision is the pure
 * `boundaryViolation`, tested on its own; the rule only finds import specifiers.
 */
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const ENTRY_FILE = 'index.ts';
const SCHEMA_FILE = 'schema.ts';
const PLATFORM_MAY_IMPORT = new Set(['config.ts']);

/** Where a server source file sits: its layer, and for a module its name and path inside it. */
export function placeOf(file) {
  const at = file.indexOf(SERVER_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + SERVER_SRC.length).split(path.sep);
  if (parts[0] === 'platform') return { layer: 'platform' };
  if (parts[0] === 'modules' && parts.length > 2)
    return { layer: 'module', module: parts[1], rest: parts.slice(2).join('/') };
  if (parts[0] === 'modules') return { layer: 'modules-root', rest: parts.slice(1).join('/') };
  return { layer: 'root', rest: parts.join('/') };
}

/** The message when `from` may not import `to` (absolute paths), or null when it may. */
export function boundaryViolation(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (!a || !b) return null;
  const platformLike = a.layer === 'platform' || (a.layer === 'root' && PLATFORM_MAY_IMPORT.has(a.rest));
  if (platformLike) {
    if (b.layer === 'platform') return null;
    if (b.layer === 'root' && PLATFORM_MAY_IMPORT.has(b.rest)) return null;
    return 'platform/ (and config.ts) depend on nothing above them: pass what they need in from the composition root (app.ts)';
  }
  const sameModule = a.layer === 'module' && a.module === b.module;
  if (b.layer !== 'module' || sameModule || b.rest === ENTRY_FILE) return null;
  const foreignKey = a.layer === 'module' && a.rest === SCHEMA_FILE && b.rest === SCHEMA_FILE;
  if (foreignKey) return null;
  return `a module imports another only through its entry file: import from '${b.module}/index.ts' (tables included)`;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "server layers: platform imports no module; modules import each other's entry files only" },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!placeOf(file)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const message = boundaryViolation(file, path.resolve(path.dirname(file), spec));
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
