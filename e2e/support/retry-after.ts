import type { APIResponse } from '@playwright/test';

/** At most this many waits for one call: the product's windows are a minute long. */
const TRIES = 3;

/**
 * Sends a request and, when the product answers 429, waits what its Retry-After says and sends
 * it again, as a person told "try again in N s" would: the journeys that sign people up or log
 * them in from one address run under the strict limit users get, never a looser one.
 */
export async function honouringRetryAfter(send: () => Promise<APIResponse>): Promise<APIResponse> {
  let res = await send();
  for (let i = 1; i < TRIES && res.status() === 429; i++) {
    const seconds = Number(res.headers()['retry-after'] ?? '5');
    // Said in the log: each wait costs up to a minute of the suite (the journeys' own people
    // are seeded so that none should happen).
    console.warn(`429 on ${res.url()}: waiting ${seconds} s as Retry-After says`);
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 5) * 1000 + 250));
    res = await send();
  }
  return res;
}
