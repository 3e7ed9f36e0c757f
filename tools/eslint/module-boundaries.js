import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 *
 * The web (apps/web/src) keeps the same shape, see `webBoundaryViolation` below.
 */
const SERVER_SRC = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}`;
const ENTRY_FILE = 'index.ts';
const SCHEMA_FILE = 'schema.ts';
/** A module's table declarations: `schema.ts`, or a `<topic>.schema.ts` beside it (one file per topic). */
const isSchemaFile = (rest) => rest === SCHEMA_FILE || (!rest.includes('/') && rest.endsWith(`.${SCHEMA_FILE}`));
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
  if (webPlaceOf(from)) return webBoundaryViolation(from, to);
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
  const foreignKey = a.layer === 'module' && isSchemaFile(a.rest) && b.rest === SCHEMA_FILE;
  if (foreignKey) return null;
  return `a module imports another only through its entry file: import from '${b.module}/index.ts' (tables included)`;
}

/*
 * The web's layers (ARCHITECTURE.md): api/ (the shared client: fetch wrapper, realtime, schema
 * loader, the session) below ui/ (primitives, the board) below features/<x>/ below app/ (router,
 * layout, providers: the composition root, which may load a feature's page file on demand).
 *
 * - api/ imports no ui/, feature or app/; ui/ imports no feature or app/; a feature imports no app/.
 * - A feature imports another only through its entry file, `index.ts` (its public surface); its
 *   tests and test helpers (`testing.ts(x)`) may also use another feature's `testing.ts(x)`, and
 *   any test may build the app's providers (app/).
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;
const WEB_ENTRY = 'index.ts';
const WEB_TEST_SUPPORT = /^testing\.tsx?$/;
const WEB_TEST_FILE = /(\.test\.tsx?|(^|\/)testing\.tsx?)$/;
const WEB_BELOW = { api: ['ui', 'feature', 'app'], ui: ['feature', 'app'], feature: ['app'] };

/** Where a web source file sits: its layer, and for a feature its name and path inside it. */
export function webPlaceOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at < 0) return null;
  const parts = file.slice(at + WEB_SRC.length).split(path.sep);
  if (parts[0] === 'features' && parts.length > 2)
    return { layer: 'feature', feature: parts[1], rest: parts.slice(2).join('/') };
  if (['api', 'ui', 'app'].includes(parts[0])) return { layer: parts[0], rest: parts.slice(1).join('/') };
  return { layer: 'root', rest: parts.join('/') };
}

/** The message when web file `from` may not import `to` (absolute paths), or null when it may. */
export function webBoundaryViolation(from, to) {
  const a = webPlaceOf(from);
  const b = webPlaceOf(to);
  if (!a || !b) return null;
  const test = WEB_TEST_FILE.test(from.split(path.sep).join('/'));
  if (WEB_BELOW[a.layer]?.includes(b.layer) && !(test && b.layer === 'app')) {
    const what = b.layer === 'feature' ? `a feature (${b.feature})` : `${b.layer}/`;
    return `${a.layer === 'feature' ? 'a feature' : `${a.layer}/`} imports nothing above it: not ${what} (api/ < ui/ < features/ < app/)`;
  }
  if (a.layer !== 'feature' || b.layer !== 'feature' || a.feature === b.feature) return null;
  if (b.rest === WEB_ENTRY || (test && WEB_TEST_SUPPORT.test(b.rest))) return null;
  return `a feature imports another only through its entry file: import from '${b.feature}/index.ts'`;
}

/*
 * The tools around the server (issue 34): the benchmarks (bench/), deploy/ (`npm run cluster`,
 * the fault suite) and what they share, @rush/load (packages/load: the local cluster, seeded
 * players, the move line).
 *
 * - bench/ and deploy/ import neither each other nor anything of e2e/; what both need lives in
 *   packages/load, which imports none of bench/, deploy/ or e2e/.
 * - All three reach a server module through its entry file only (`index.ts`), like the modules.
 */
const TOOLS = new Set(['bench', 'deploy', 'packages/load']);
const TOOL_MAY_NOT = {
  bench: ['deploy', 'e2e'],
  deploy: ['bench', 'e2e'],
  'packages/load': ['bench', 'deploy', 'e2e'],
};
const WORKSPACE_OF_PACKAGE = { bench: 'bench', deploy: 'deploy', load: 'packages/load', e2e: 'e2e' };

/** The workspace a file (absolute) sits in, relative to the repository `root`: `bench`, `packages/load`, ... */
export function workspaceOf(file, root) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === '..' || rel.length < 2) return null;
  return rel[0] === 'packages' || rel[0] === 'apps' ? `${rel[0]}/${rel[1]}` : rel[0];
}

/** The message when tool file `from` may not import `to` (absolute paths under `root`), or null. */
export function toolBoundaryViolation(from, to, root) {
  const a = workspaceOf(from, root);
  if (!TOOLS.has(a)) return null;
  const b = workspaceOf(to, root);
  if (TOOL_MAY_NOT[a].includes(b))
    return `${a}/ imports nothing of ${b}/: what bench/ and deploy/ share lives in packages/load (@rush/load)`;
  const server = placeOf(to);
  if (server?.layer === 'module' && server.rest !== ENTRY_FILE)
    return `${a}/ reaches a server module through its entry file only: import from '${server.module}/index.ts'`;
  return null;
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where an import specifier points: a relative path, or a workspace package (`@rush/x`), else null. */
function targetOf(file, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  const pkg = /^@rush\/([^/]+)/.exec(spec)?.[1];
  const dir = pkg && WORKSPACE_OF_PACKAGE[pkg];
  return dir ? path.join(REPO_ROOT, dir, 'index.ts') : null;
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        "server layers: platform imports no module; modules import each other's entry files only (web: features alike; bench and deploy import neither each other nor a module's inside)",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const tool = TOOLS.has(workspaceOf(file, REPO_ROOT));
    if (!tool && !placeOf(file) && !webPlaceOf(file)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = tool ? targetOf(file, spec) : spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null;
      if (!target) return;
      const message = tool ? toolBoundaryViolation(file, target, REPO_ROOT) : boundaryViolation(file, target);
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
