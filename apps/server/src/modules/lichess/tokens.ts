import { PLAY_TEXTS } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { LichessTokenRevokedError } from './errors.ts';
import { LichessLinkStore } from './link.store.ts';
import { TokenDecryptError, type TokenCipher } from './token-crypto.ts';

export interface LinkedPlayer {
  uid: string;
  /** Lichess's user id (the username in lower case) and the username as linked. */
  lichessId: string;
  username: string;
  token: string;
}

/**
 * The linked Lichess account behind a user, with its token decrypted for one call. A user
 * without a link, or whose token Lichess refused, cannot act on Lichess: the refusal says what
 * to do (link, or authorise the same account again).
 */
export class LichessTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cipher: TokenCipher,
  ) {}

  async of(uid: string): Promise<LinkedPlayer> {
    const row = await new LichessLinkStore(this.db).account(uid);
    if (!row) throw new AppError('FORBIDDEN', PLAY_TEXTS.notLinked);
    if (row.tokenRevokedAt) throw new LichessTokenRevokedError();
    try {
      return { uid, lichessId: row.lichessId, username: row.username, token: this.cipher.decrypt(row.tokenEnc, uid) };
    } catch (e) {
      if (e instanceof TokenDecryptError) throw new LichessTokenRevokedError();
      throw e;
    }
  }

  /** Runs `call` with the user's token; a 401 marks the link revoked (the user re-authorises). */
  async with<T>(uid: string, call: (p: LinkedPlayer) => Promise<T>): Promise<T> {
    const player = await this.of(uid);
    try {
      return await call(player);
    } catch (e) {
      if (e instanceof LichessTokenRevokedError) await new LichessLinkStore(this.db).markRevoked(uid, this.clock.now());
      throw e;
    }
  }
}
