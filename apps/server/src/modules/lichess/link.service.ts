import type { FastifyBaseLogger } from 'fastify';
import { PLAY_TEXTS } from '@rush/domain';
import type { LichessLinkCallbackRequest, LichessLinkStatusResponse, LinkChessResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { SQLSTATE, sqlErrorOf } from '../../platform/db/sql-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { LichessSettings } from '../../platform/config/lichess.ts';
import { ProfileStore, type LinkRewardPort, type ProfileNotifier, type RatingsPort } from '../play/index.ts';
import type { LichessAccount } from './api-types.ts';
import type { LichessClient } from './client.ts';
import { LichessOAuthError, LichessTokenRevokedError } from './errors.ts';
import { LichessLinkStore } from './link.store.ts';
import { authorizationUrl, LICHESS_SCOPES, newPkceRequest, readCallback } from './oauth.ts';
import { TokenDecryptError, type TokenCipher } from './token-crypto.ts';

/** How long a started authorisation waits for its callback. */
export const LINK_REQUEST_TTL_MS = 10 * 60_000;

/**
 * Linking a Lichess account (issue 15, SPEC 1): OAuth 2 with PKCE. `start` keeps the verifier
 * and the state on our side (encrypted, bound to the user, 10 minutes) and answers Lichess's
 * authorization URL; `callback` takes that request once, checks the state, exchanges the code
 * with the verifier, reads /api/account and stores the link for life: one Lichess account per
 * user and one user per Lichess account (the keys refuse a second one in either direction, also
 * under races), the token encrypted at rest, the chess username = the Lichess username. The same
 * account authorised again (after a revoked token) only renews the token and the ratings. The
 * 500 RC reward goes through the same idempotent port as the built-in link: paid once ever.
 */
export class LichessLinkService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: LichessSettings,
    private readonly client: LichessClient,
    private readonly cipher: TokenCipher,
    private readonly ratings: RatingsPort,
    private readonly reward: LinkRewardPort,
    private readonly profile: ProfileNotifier,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(uid: string): Promise<{ url: string }> {
    const store = new LichessLinkStore(this.db);
    const linked = await store.account(uid);
    // Linked with a working token: nothing to authorise (SPEC 1). A revoked one: the same account again.
    if (linked && !(await this.tokenRevoked(uid, linked.tokenEnc, linked.tokenRevokedAt))) {
      throw new AppError('CONFLICT', PLAY_TEXTS.alreadyLinked);
    }
    const pkce = newPkceRequest();
    const now = this.clock.now();
    await store.putRequest({
      state: pkce.state,
      userId: uid,
      verifierEnc: this.cipher.encrypt(pkce.verifier, verifierContext(uid)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LINK_REQUEST_TTL_MS),
    });
    return {
      url: authorizationUrl({
        baseUrl: this.settings.url,
        clientId: this.settings.clientId,
        redirectUri: this.settings.redirectUri,
        challenge: pkce.challenge,
        state: pkce.state,
        username: linked?.username,
      }),
    };
  }

  async callback(uid: string, input: LichessLinkCallbackRequest): Promise<LinkChessResponse> {
    const request = await new LichessLinkStore(this.db).takeRequest(input.state);
    if (!request || request.userId !== uid || request.expiresAt.getTime() < this.clock.now().getTime()) {
      throw new AppError('BAD_REQUEST', PLAY_TEXTS.lichessStateMismatch);
    }
    const answer = readCallback(request.state, input);
    if (!answer.ok) {
      throw new AppError(
        'BAD_REQUEST',
        answer.reason === 'denied' ? PLAY_TEXTS.lichessDenied : PLAY_TEXTS.lichessRefused,
      );
    }
    const verifier = this.cipher.decrypt(request.verifierEnc, verifierContext(uid));
    let token: string;
    try {
      ({ accessToken: token } = await this.client.exchangeCode({
        clientId: this.settings.clientId,
        redirectUri: this.settings.redirectUri,
        code: answer.code,
        verifier,
      }));
    } catch (e) {
      if (e instanceof LichessOAuthError) {
        this.log.warn({ uid, oauthError: e.oauthError, description: e.description }, 'lichess code exchange refused');
        throw new AppError('BAD_REQUEST', PLAY_TEXTS.lichessRefused);
      }
      throw e instanceof AppError ? e : new AppError('UNAVAILABLE', PLAY_TEXTS.lichessUnavailable);
    }
    // Lichess unreachable (or limiting us) right after the exchange is a clear 503, never a 500.
    const account = await this.client.account(token).catch(async (e: unknown) => {
      await this.revokeQuietly(token);
      throw e instanceof AppError ? e : new AppError('UNAVAILABLE', PLAY_TEXTS.lichessUnavailable);
    });
    if (account.closed) {
      await this.revokeQuietly(token);
      throw new AppError('FORBIDDEN', PLAY_TEXTS.lichessClosed);
    }
    try {
      await this.store(uid, account, token);
    } catch (e) {
      // A token we will not keep is given back to Lichess.
      await this.revokeQuietly(token);
      throw e;
    }
    // Paid on every success: a retry heals a reward lost to a crash after the link committed.
    const rewardGranted = await this.reward.grantLinkReward(uid);
    await this.profile
      .notifyChanged(uid)
      .catch((err: unknown) => this.log.warn({ err, uid }, 'profile change not announced'));
    return { ...(await this.ratings.of(uid)), rewardGranted };
  }

  private async store(uid: string, account: LichessAccount, token: string): Promise<void> {
    const lichessId = account.id.toLowerCase();
    const tokenEnc = this.cipher.encrypt(token, uid);
    try {
      await this.db.transaction(async (tx) => {
        const links = new LichessLinkStore(tx);
        const profiles = new ProfileStore(tx);
        const now = this.clock.now();
        const mine = await links.accountForUpdate(uid);
        if (mine) {
          if (mine.lichessId !== lichessId) throw new AppError('CONFLICT', PLAY_TEXTS.lichessOtherAccount);
          await links.renewAccount(uid, account, tokenEnc, now);
          return;
        }
        const owner = await links.accountByLichessId(lichessId);
        if (owner) throw new AppError('CONFLICT', PLAY_TEXTS.lichessTaken);
        await links.insertAccount(uid, account, tokenEnc, now);
        const existing = await profiles.profile(uid);
        if (!existing) await profiles.createProfile(uid, account.username, now, 'lichess');
        else await profiles.moveBuiltinProfileToLichess(uid, account.username);
        await profiles.setChessUsername(uid, account.username);
      });
    } catch (e) {
      const sql = sqlErrorOf(e);
      if (sql?.code === SQLSTATE.uniqueViolation) {
        // Lost a race: the same Lichess account for somebody else, or another one for this user.
        throw new AppError(
          'CONFLICT',
          sql.constraint === 'lichess_accounts_lichess_id_key'
            ? PLAY_TEXTS.lichessTaken
            : PLAY_TEXTS.lichessOtherAccount,
        );
      }
      throw e;
    }
  }

  /**
   * The link as it stands: the token is tried on /api/account (the ratings are refreshed from the
   * answer); a refused token asks for the same account again. When Lichess cannot be reached the
   * stored state is answered.
   */
  async status(uid: string): Promise<LichessLinkStatusResponse> {
    const linked = await new LichessLinkStore(this.db).account(uid);
    if (!linked) return { linked: false, username: null, needsReauthorisation: false, refreshedAt: null };
    let needsReauthorisation = linked.tokenRevokedAt !== null;
    if (!needsReauthorisation) {
      needsReauthorisation = await this.tokenRevoked(uid, linked.tokenEnc, null).catch((err: unknown) => {
        this.log.warn({ err, uid }, 'lichess account not refreshed');
        return false;
      });
    }
    const now = await new LichessLinkStore(this.db).account(uid);
    return {
      linked: true,
      username: now?.username ?? linked.username,
      needsReauthorisation,
      refreshedAt: (now ?? linked).refreshedAt.toISOString(),
    };
  }

  /**
   * Reads the linked account's ratings from Lichess again (before a game is sought or a challenge
   * made or accepted). Never fails: without an answer the stored ratings stand.
   */
  async refresh(uid: string): Promise<void> {
    const linked = await new LichessLinkStore(this.db).account(uid);
    if (!linked || linked.tokenRevokedAt) return;
    await this.tokenRevoked(uid, linked.tokenEnc, null).catch((err: unknown) =>
      this.log.warn({ err, uid }, 'lichess ratings not refreshed'),
    );
  }

  /**
   * Whether the stored token no longer works: asks Lichess once, refreshing the ratings from the
   * answer, or marks the row revoked when Lichess refuses the token. A token without a scope we
   * now ask (`challenge:write`, for bulk pairing: issue 31) counts as revoked too, so the player
   * is asked to authorise the same account again, which grants it.
   */
  private async tokenRevoked(uid: string, tokenEnc: string, revokedAt: Date | null): Promise<boolean> {
    if (revokedAt) return true;
    const store = new LichessLinkStore(this.db);
    try {
      const token = this.cipher.decrypt(tokenEnc, uid);
      const account = await this.client.account(token);
      await store.refreshAccount(uid, account, this.clock.now());
      const granted = (await this.client.testTokens([token])).get(token);
      if (granted && !LICHESS_SCOPES.every((s) => granted.scopes.includes(s))) {
        await store.markRevoked(uid, this.clock.now());
        return true;
      }
      return false;
    } catch (e) {
      if (!(e instanceof LichessTokenRevokedError) && !(e instanceof TokenDecryptError)) throw e;
      await store.markRevoked(uid, this.clock.now());
      return true;
    }
  }

  private async revokeQuietly(token: string): Promise<void> {
    await this.client.revokeToken(token).catch((err: unknown) => this.log.warn({ err }, 'lichess token not revoked'));
  }
}

/** The verifier is bound to its user like tokens, under its own context. */
const verifierContext = (uid: string) => `pkce:${uid}`;
