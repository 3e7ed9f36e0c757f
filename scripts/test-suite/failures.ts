/**
 * The lines of a stage's output that name a failed test, kept so `npm test` can repeat them after
 * its table: a CI log shows only its tail, and a failure 10,000 lines up is otherwise lost.
 */

// Colour and cursor codes of the test runners' reporters.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/** vitest: `FAIL  server a.test.ts > s > t` and `× t`; Playwright: `✘  3 [desktop] › a.spec.ts …`. */
const FAILURE = /^(FAIL\s|×\s|✘\s)/;

export function failureLine(raw: string): string | null {
  const line = raw.replace(ANSI, '').trim();
  return FAILURE.test(line) ? line : null;
}

/** Collects failure lines from a stream of output chunks (lines may be split across chunks). */
export class FailureDigest {
  private partial = '';
  readonly lines: string[] = [];

  constructor(private readonly max = 40) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const part of parts) this.take(part);
  }

  end(): void {
    this.take(this.partial);
    this.partial = '';
  }

  private take(raw: string): void {
    const line = failureLine(raw);
    if (line !== null && this.lines.length < this.max && !this.lines.includes(line)) this.lines.push(line);
  }
}
