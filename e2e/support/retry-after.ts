import type { APIResponse } from '@playwright/test';

/** At most this many waits for one call: the product's windows are a minute long. */
const TRIES = 3;

/**
 * Sends a request and, when the product answers 429, waits what its Retry-After says and sends
 * it again, as a person told "try again in N s" would. The browser tests sign up dozens of
 * people from one address within minutes, more than the strict limit lets one address do in a
 * minute; they wait for it instead of the test stack running with a looser limit than users get.
 */
export async function honouringRetryAfter(send: () => Promise<APIResponse>): Promise<APIResponse> {
  let res = await send();
  for (let i = 1; i < TRIES && res.status() === 429; i++) {
    const seconds = Number(res.headers()['retry-after'] ?? '5');
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 5) * 1000 + 250));
    res = await send();
  }
  return res;
}
