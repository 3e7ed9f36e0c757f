import { tinLast4, validateTaxDetails, type TaxDetails, type TaxDetailsInput } from '@rush/domain';
import type { TaxInfoView } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import { SecretCipher } from '../../platform/crypto/secret-cipher.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { sharedSecret } from './payments/secret.store.ts';
import { TaxStore } from './tax.store.ts';

/** The wallet_settings key of the sandbox's own tax key (only when TAX_INFO_KEY is unset in sandbox mode). */
export const SANDBOX_TAX_KEY = 'sandbox_tax_info_key';
const PURPOSE = 'tax-details';

/**
 * SPEC 9 "Tax information needed above $600 for US withdrawals" (issue 16). The details are
 * checked by the domain's `validateTaxDetails` and stored as one AES-256-GCM ciphertext (the
 * platform's SecretCipher, purpose `tax-details`, bound to the user id); the TIN's last four
 * digits are the only part ever answered. The key is TAX_INFO_KEY; in sandbox mode without it, a
 * key made at first start and kept in the database (test money, test details: the server warns).
 */
export class TaxService {
  private cipher: Promise<SecretCipher> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly key: Buffer | null,
  ) {}

  async view(uid: string): Promise<TaxInfoView> {
    const row = await new TaxStore(this.db).find(uid);
    return { saved: row !== null, tinLast4: row?.tinLast4 ?? null };
  }

  async save(uid: string, input: TaxDetailsInput): Promise<TaxInfoView> {
    const decision = validateTaxDetails(input);
    if (!decision.ok) {
      const fields = decision.errors as Record<string, string>;
      throw badRequest(Object.values(fields)[0], fields);
    }
    const details: TaxDetails = decision.value;
    const cipher = await this.cipherOnce();
    const last4 = tinLast4(details.tin);
    await new TaxStore(this.db).save(uid, cipher.encrypt(JSON.stringify(details), uid), last4, this.clock.now());
    return { saved: true, tinLast4: last4 };
  }

  /** The stored details in clear, for the operator's tax reporting (never sent to a browser). */
  async details(uid: string): Promise<TaxDetails | null> {
    const row = await new TaxStore(this.db).find(uid);
    if (!row) return null;
    return JSON.parse((await this.cipherOnce()).decrypt(row.details, uid)) as TaxDetails;
  }

  private cipherOnce(): Promise<SecretCipher> {
    this.cipher ??= (async () => {
      const key = this.key ?? Buffer.from(await sharedSecret(this.db, SANDBOX_TAX_KEY), 'base64url');
      return new SecretCipher(key, PURPOSE);
    })().catch((e: unknown) => {
      this.cipher = null; // a database hiccup is not remembered: the next call tries again
      throw e;
    });
    return this.cipher;
  }
}
