import fs from 'node:fs';
import path from 'node:path';

/**
 * ESLint rule: no import cycles between our own modules.
 *
 * eslint-plugin-import-x needs native resolver bindings for every platform in the lockfile,
 * which this project's registry cannot supply, so `npm ci` would fail; this rule needs nothing.
 * It follows relative imports (our files import with explicit .ts/.tsx extensions) and the
 * `@rush/*` workspace packages (their `src/index.ts`), type-only imports excluded (they vanish
 * at run time), and reports an import of the current file that leads back to it.
 */
const IMPORT_RE = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const graphCache = new Map();

function findRoot(start) {
  let dir = start;
  while (dir !== path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'packages'))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

function resolve(spec, fromFile, root) {
  if (spec.startsWith('@rush/')) {
    const name = spec.slice('@rush/'.length);
    for (const base of ['packages', 'apps']) {
      const candidate = path.join(root, base, name, 'src', 'index.ts');
      if (fs.existsSync(candidate)) return candidate;
    }
    return null;
  }
  if (!spec.startsWith('.')) return null;
  const target = path.resolve(path.dirname(fromFile), spec);
  for (const c of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

function edges(file, root) {
  const cached = graphCache.get(file);
  if (cached && cached.mtime === fs.statSync(file).mtimeMs) return cached.deps;
  const text = fs.readFileSync(file, 'utf8');
  const deps = [];
  for (const m of text.matchAll(IMPORT_RE)) {
    if (m[1]) continue; // `import type` / `export type`: erased, cannot cycle at run time
    const target = resolve(m[2], file, root);
    if (target) deps.push(target);
  }
  graphCache.set(file, { mtime: fs.statSync(file).mtimeMs, deps });
  return deps;
}

/** A path from `start` back to `goal`, or null. */
function pathBack(start, goal, root, maxDepth) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (trail.length > maxDepth) continue;
    for (const next of edges(file, root)) {
      if (next === goal) return trail;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push([next, [...trail, next]]);
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Ban import cycles between project modules' },
    schema: [{ type: 'object', properties: { maxDepth: { type: 'integer' } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const root = findRoot(path.dirname(file));
    if (!root) return {};
    const maxDepth = context.options[0]?.maxDepth ?? 50;
    const check = (node) => {
      if (!node.source || node.importKind === 'type' || node.exportKind === 'type') return;
      const target = resolve(String(node.source.value), file, root);
      if (!target || target === file) return;
      const trail = pathBack(target, file, root, maxDepth);
      if (trail) {
        const rel = (f) => path.relative(root, f);
        context.report({ node, message: `Import cycle: ${[file, ...trail, file].map(rel).join(' -> ')}` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
