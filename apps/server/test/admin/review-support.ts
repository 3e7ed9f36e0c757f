import crypto from 'node:crypto';
import { paymentSessions } from '../../src/modules/wallet/schema.ts';
import { coolOffs } from '../../src/modules/wallet/responsible-gaming.schema.ts';
import type { TestServer } from '../support/server.ts';

/** A US deposit the provider confirmed at `at` (the review reads the wallet's record of it). */
export async function addDeposit(server: TestServer, uid: string, amount: bigint, at: Date): Promise<string> {
  const id = crypto.randomUUID();
  await server.ctx.db.insert(paymentSessions).values({
    id,
    uid,
    amount,
    fee: 0n,
    region: 'us',
    status: 'completed',
    createdAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
    completedAt: at,
  });
  return id;
}

/** A break as the cool-off rows record one. */
export async function addCoolOff(server: TestServer, uid: string, startedAt: Date, until: Date): Promise<void> {
  await server.ctx.db.insert(coolOffs).values({ uid, startedAt, until, createdAt: startedAt });
}
