import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): ~30 ms per hash
 * here, which makes offline guessing expensive while a login stays quick and the test suite,
 * which hashes a few hundred times, stays fast. Parameters are stored in each hash, so raising
 * them later only affects new hashes.
 */
// `Algorithm` is an ambient const enum, which verbatimModuleSyntax cannot read as a value: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

/** False on a mismatch and on a malformed stored hash (never throws for a user's mistake). */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when there is no hash to check against (unknown
 * account, Google-only account), so the answer time does not tell which accounts exist.
 */
export async function dummyVerify(password: string): Promise<false> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}
