/** Where each journey folder's config is: a changed spec runs under its own config. */
const JOURNEY_CONFIGS: [folder: string, config: string][] = [
  ['e2e/tests/', 'e2e/playwright.config.ts'],
  ['e2e/cluster/', 'e2e/playwright.cluster.config.ts'],
];

/** The changed journey files (paths from the project root), grouped by the config that runs them. */
export function changedJourneys(files: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of files) {
    if (!file.endsWith('.spec.ts')) continue;
    const entry = JOURNEY_CONFIGS.find(([folder]) => file.startsWith(folder));
    if (!entry) continue;
    // Playwright filters by a regular expression over the path, relative to its config's folder.
    out.set(entry[1], [...(out.get(entry[1]) ?? []), file.slice('e2e/'.length)]);
  }
  return out;
}
