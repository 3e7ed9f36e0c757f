import type { Db } from '../../../../platform/db/database.ts';
import { sharedSecret } from '../secret.store.ts';

export const SANDBOX_SECRET_KEY = 'sandbox_webhook_secret';

/**
 * The signing secret shared by the sandbox provider (which signs) and our webhook endpoint
 * (which verifies), read once per instance. With a real provider it is the secret the
 * provider's dashboard shows; here it is made at first start and kept in the database.
 */
export class SandboxSecret {
  private value: Promise<string> | null = null;
  constructor(private readonly db: Db) {}

  get(): Promise<string> {
    this.value ??= sharedSecret(this.db, SANDBOX_SECRET_KEY).catch((e: unknown) => {
      this.value = null; // a failed first read is retried by the next caller
      throw e;
    });
    return this.value;
  }
}
