/**
 * The samples of a Prometheus text exposition (what prom-client serves on /metrics): sample name,
 * with its labels as written (`name{a="b"}`), to value. Comments, blank lines and timestamps are
 * skipped; `NaN`, `+Inf` and `-Inf` read as numbers.
 */
export function parsePrometheus(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    // The name (and labels, whose values may hold spaces) ends at the last '}' or the first space.
    const close = line.lastIndexOf('}');
    const nameEnd = close >= 0 ? close + 1 : line.indexOf(' ');
    if (nameEnd <= 0) continue;
    const value = Number(line.slice(nameEnd).trim().split(/\s+/)[0]);
    if (!Number.isNaN(value) || /^\s*NaN\b/.test(line.slice(nameEnd))) out.set(line.slice(0, nameEnd), value);
  }
  return out;
}

/** One unlabelled sample's value; throws when the exposition lacks it (a renamed metric must not read as 0). */
export function sampleValue(samples: Map<string, number>, name: string): number {
  const value = samples.get(name);
  if (value === undefined) throw new Error(`metric ${name} not in the exposition`);
  return value;
}

/** GETs a /metrics address and parses it. */
export async function scrape(url: string): Promise<Map<string, number>> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return parsePrometheus(await res.text());
}
