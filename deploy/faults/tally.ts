/** The suite's counts and what went wrong: one summary line at the end, the violations in full. */
export class Tally {
  readonly counts = new Map<string, number>();
  readonly violations: string[] = [];
  readonly notes: string[] = [];

  count(name: string, by = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + by);
  }

  get(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  violation(text: string): void {
    this.violations.push(text);
    console.error(`VIOLATION: ${text}`);
  }

  /** Something worth reading that is not a failure (a refused seek, a slow recovery). */
  note(text: string): void {
    if (this.notes.length < 50) this.notes.push(text);
  }
}
