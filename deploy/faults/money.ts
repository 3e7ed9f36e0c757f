import crypto from 'node:crypto';
import { IDEMPOTENCY_HEADER, WALLET_ROUTES } from '@rush/protocol';
import { sleep } from '@rush/load';
import type { SimPlayer } from './sim-player.ts';
import type { Tally } from './tally.ts';

/** New York: in the United States and not a refused state. */
const deviceGps = () => ({ latitude: 40.7128, longitude: -74.006, radius: 10, dateTime: new Date().toISOString() });

/** What the suite was told succeeded, to be found in the ledger at the end. */
export interface MoneyRecord {
  /** Deposit sessions whose checkout the provider confirmed paid. */
  paidSessions: string[];
  /** Per user: the idempotency keys of withdrawals the server acknowledged. */
  withdrawals: Map<string, Set<string>>;
}

/**
 * The wallet's onboarding as the web app does it (phone, code, identity profile); every player a
 * phone of its own, since one person has one account.
 */
export async function onboard(p: SimPlayer): Promise<void> {
  const d = `555${String(crypto.randomInt(10_000_000)).padStart(7, '0')}`;
  const phone = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  const steps: [string, unknown][] = [
    ['/api/wallet/onboarding/create', { phone: `+1 ${phone}`, firstName: 'Fault', lastName: 'Player' }],
    ['/api/wallet/onboarding/verify', { code: '123456' }],
    [
      '/api/wallet/identity/profile',
      {
        salutation: 'Mx.',
        firstName: 'Fault',
        lastName: 'Player',
        dateOfBirth: '04/05/1990',
        phone,
        citizenshipCountryCode: 'US',
        deviceGps: deviceGps(),
      },
    ],
  ];
  for (const [path, body] of steps) {
    const r = await p.http('POST', path, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

/** Deposits of $10 through the sandbox checkout, paid at once, until told to stop. */
export async function runDepositor(p: SimPlayer, tally: Tally, record: MoneyRecord, stopping: () => boolean) {
  while (!stopping()) {
    const started = await p.http('POST', WALLET_ROUTES.deposits, {
      amount: 1_000,
      region: 'us',
      deviceGps: deviceGps(),
    });
    if (started.status !== 200) {
      tally.note(`deposit start answered ${started.status}: ${JSON.stringify(started.body)}`);
      await sleep(1_000);
      continue;
    }
    const { sessionId, url } = started.body as { sessionId: string; url: string };
    const checkout = url.split('/').pop()!;
    const paid = await p.http('POST', `/api/sandbox-pay/checkout/${checkout}/pay`, {});
    // A Pay sent again after its answer was lost finds the checkout paid already: CONFLICT.
    if (paid.status === 200 || paid.status === 409) {
      record.paidSessions.push(sessionId);
      tally.count('deposits');
    } else tally.note(`pay answered ${paid.status}: ${JSON.stringify(paid.body)}`);
    await sleep(1_000 + Math.random() * 1_000);
  }
}

/** Withdrawals of $0.25, each under one idempotency key however often it is sent, until told to stop. */
export async function runWithdrawer(p: SimPlayer, tally: Tally, record: MoneyRecord, stopping: () => boolean) {
  const keys = new Set<string>();
  record.withdrawals.set(p.uid, keys);
  while (!stopping()) {
    const key = crypto.randomUUID();
    const r = await p.http(
      'POST',
      WALLET_ROUTES.withdrawals,
      { amount: 25, region: 'us', deviceGps: deviceGps() },
      { [IDEMPOTENCY_HEADER]: key },
    );
    if (r.status === 200) {
      keys.add(key);
      tally.count('withdrawals');
    } else tally.note(`withdrawal answered ${r.status}: ${JSON.stringify(r.body)}`);
    await sleep(1_000 + Math.random() * 1_000);
  }
}
