/**
 * The server tests' one poller: resolves once `check` holds, for effects that arrive after an
 * answer (socket listeners, a job on another instance). The bound is generous for a loaded CI
 * machine; a check that holds returns at once, so a passing test never waits it out.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met in time`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
