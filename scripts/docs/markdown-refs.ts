/**
 * What the docs test checks in a Markdown file: its relative links, the repository paths it names
 * in inline code, and the anchors its headings make. Pure functions of the text, so the test can
 * feed them small samples as well as the real files.
 */

/** The text outside fenced code blocks (a fence's lines are examples, not references). */
export function withoutFences(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

/** Targets of `[text](target)` links that stay inside the repository (no scheme, not a bare #anchor). */
export function relativeLinks(markdown: string): string[] {
  const prose = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const m of prose.matchAll(/\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    targets.push(target);
  }
  return targets;
}

/** The top folders a path in inline code must start with to be checked (others are shorthand). */
const ROOTS = ['apps/', 'packages/', 'e2e/', 'bench/', 'deploy/', 'scripts/', 'tools/', 'docs/', '.ci/'];

/**
 * Repository paths named in inline code, such as `apps/server/test/wallet/ledger.test.ts`: a
 * known top folder, then a file with an extension or a folder ending in `/`. Patterns and
 * placeholders (`<x>`, `*`, `{a,b}`, `$VAR`) are left out: they name no single file.
 */
export function codePaths(markdown: string): string[] {
  const paths: string[] = [];
  for (const m of withoutFences(markdown).matchAll(/`([^`\n]+)`/g)) {
    const text = m[1] ?? '';
    if (/[\s<>*{}$]/.test(text) || !ROOTS.some((r) => text.startsWith(r))) continue;
    if (/\.[a-z0-9]+$/i.test(text) || text.endsWith('/')) paths.push(text);
  }
  return paths;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file's headings make. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(headingAnchor(m[1] ?? ''));
  return anchors;
}
