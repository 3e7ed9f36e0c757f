import type { PayoutAtProvider, PayoutOutcome } from '../port.ts';
import { idempotencyKey, parse } from './answers.ts';
import { DotsRefused, DotsUnavailable, type DotsHttp } from './http.ts';
import { centsFromWire, centsToWire } from './money.ts';
import { DOTS_PATHS, DotsUser, FAILED_TRANSFER, Transfer, TransferList } from './wire.ts';

/** Pages of "List all Transfers" read per look-up (100 each, newest first as Dots lists them). */
const MAX_PAGES = 5;
/** A payout Dots made without our metadata is matched only if created after our request (minus clock skew). */
const SKEW_MS = 60_000;

/**
 * A payout as Dots' own records show it (docs/design/dots.md, "Payouts"): the transfer Dots
 * made for it, found by its id when the create call answered, else among the user's transfers
 * by our `metadata.reference` (Dots is expected to keep the metadata we send, which it does not
 * promise), else as the one untagged payout of that amount made since our request. None found:
 * `unknown`, and the caller may send it again under the same idempotency key, which Dots
 * publishes it rejects as a duplicate: a resend never pays twice.
 */
export async function readPayout(http: DotsHttp, dotsUserId: string, p: PayoutAtProvider): Promise<PayoutOutcome> {
  const listed = await transfersOf(http, dotsUserId);
  const known = p.providerRef?.startsWith('idempotency:') ? null : p.providerRef;
  const t =
    (known ? listed.find((x) => x.id === known) : undefined) ??
    listed.find((x) => x.type === 'payout' && referenceOf(x) === p.reference) ??
    untaggedMatch(listed, p);
  if (!t) return { state: 'unknown' };
  if (t.status === 'completed') return { state: 'completed', providerRef: t.id };
  if (!FAILED_TRANSFER.has(t.status)) return { state: 'pending', providerRef: t.id };
  return { state: 'failed', providerRef: t.id, refundable: await moneyIsBack(http, dotsUserId, p, listed) };
}

function untaggedMatch(listed: Transfer[], p: PayoutAtProvider): Transfer | undefined {
  const since = p.requestedAt.getTime() - SKEW_MS;
  const candidates = listed.filter(
    (x) =>
      x.type === 'payout' &&
      referenceOf(x) === null &&
      cents(x.amount) === p.payout &&
      (!x.created || Date.parse(x.created) >= since),
  );
  // Two such payouts could be two withdrawals of the same amount: then neither is claimed.
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * Where the money of a failed payout went. Dots' `fund: true` moved it from the app to the
 * user's Dots wallet before paying out, and "the funds are returned if the payout does not
 * succeed", without saying where to. If the user's Dots wallet holds it, it is taken back to the
 * app with a transfer of ours (key and metadata per withdrawal, so once), and the refund waits
 * for that transfer to complete; if it does not, Dots returned it to the app. Refunding while the
 * money sat in the user's Dots wallet would pay them twice.
 */
async function moneyIsBack(http: DotsHttp, dotsUserId: string, p: PayoutAtProvider, listed: Transfer[]) {
  const prior = listed.find((x) => x.metadata?.reclaims === p.reference);
  if (prior) return prior.status === 'completed';
  const user = parse(DotsUser, (await http.get(DOTS_PATHS.user(dotsUserId))).body, 'user');
  const inWallet = cents(user.wallet.withdrawable_amount ?? user.wallet.amount) ?? 0n;
  if (inWallet < p.payout) return true;
  try {
    const res = await http.post(
      DOTS_PATHS.transfers,
      {
        // Positive: from the user to the app ("Negative amount transfers money from the app to the user").
        amount: centsToWire(p.payout),
        user_id: dotsUserId,
        idempotency_key: idempotencyKey('reclaim', p.reference),
        metadata: { reclaims: p.reference },
      },
      true,
    );
    return parse(Transfer, res.body, 'transfer').status === 'completed';
  } catch (e) {
    // Ambiguous or refused: not back yet as far as we know; the sweep asks again (finding it by metadata).
    if (e instanceof DotsRefused || e instanceof DotsUnavailable) return false;
    throw e;
  }
}

async function transfersOf(http: DotsHttp, dotsUserId: string): Promise<Transfer[]> {
  const all: Transfer[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams({ user_id: dotsUserId, limit: '100', ...(after ? { starting_after: after } : {}) });
    const list = parse(TransferList, (await http.get(`${DOTS_PATHS.transfers}?${q.toString()}`)).body, 'transfers');
    all.push(...list.data);
    if (!list.has_more || list.data.length === 0) break;
    after = list.data.at(-1)!.id;
  }
  return all;
}

const referenceOf = (t: Transfer) => (typeof t.metadata?.reference === 'string' ? t.metadata.reference : null);

function cents(v: unknown): bigint | null {
  try {
    return centsFromWire(v);
  } catch {
    return null;
  }
}
