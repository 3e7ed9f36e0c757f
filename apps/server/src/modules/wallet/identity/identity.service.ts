import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  checkIdentityProfile,
  IDENTITY_TEXTS,
  identityKeyText,
  isUnderLocalMajority,
  MATCH_TEXTS,
  ONBOARDING_TEXTS,
  TEXTS,
  type AttemptPolicy,
} from '@rush/domain';
import type { IdentityProfileRequest, IdentityView } from '@rush/protocol';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import { reencodeImage } from '../../../platform/uploads/images.ts';
import { reserveAttempt, ThrottleStore } from '../../accounts/index.ts';
import { sharedSecret } from '../payments/secret.store.ts';
import { IdentityStore, type IdentityRow } from './identity.store.ts';
import { FLAG_TEXTS, type IdentityPort, type WalletSessionFlag } from './port.ts';

/** A `processing` or `uploading` row older than this was left by a request that died: it may be tried again. */
export const IDENTITY_STALE_MS = 60_000;

/**
 * Each profile submission may cost a provider check, each photo an image decode and a provider
 * upload: five back to back (a typo, a blurred photo), then a wait from a minute doubling to an
 * hour. Counted before the work; a day without attempts starts over.
 */
export const IDENTITY_ATTEMPT_POLICY: AttemptPolicy = {
  freeAttempts: 5,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
};
const ATTEMPTS_FORGET_MS = 24 * 60 * 60_000;
export const identityAttemptKey = (what: 'profile' | 'photo', uid: string) => `identity:${what}:${uid}`;

/** The database row of the generated key when IDENTITY_HASH_KEY is unset. */
export const IDENTITY_HASH_KEY_SETTING = 'identity_hash_key';

/**
 * Where the region is unknown (a provider that does not say), the strictest majority in the
 * US and Canada applies (Mississippi's 21): cannot prove the player is of age where they are.
 */
const STRICTEST_REGION = 'US-MS';

export interface IdentityServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  port: IdentityPort;
  /** IDENTITY_HASH_KEY, or null for the key kept in the database. */
  hashKey: Buffer | null;
  /** The SMS-verified wallet (the onboarding's gate) and the last four digits of its phone. */
  wallet: { requireVerified(uid: string): Promise<void>; phoneLast4(uid: string): Promise<string | null> };
}

const flagCode = (flag: WalletSessionFlag) =>
  flag === 'll-blocked' ? 'LOCATION_BLOCKED' : flag === 'id-ex' ? 'IDENTITY_EXISTS' : 'IDENTITY_BLOCKED';

/**
 * SPEC 4 "Wallet onboarding: profile form, processing, photo ID upload if not verified", after
 * the SMS-verified wallet, for every identity adapter: the location (the port's wallet session),
 * the local age of majority (under it: RushCoins only), one person one account (a keyed hash of
 * the normalised name, date of birth and phone under a unique index: a second account of the
 * same person is id-ex), then the adapter's verdict (verified, photo ID needed, refused). The
 * provider is called at most once per submission, never retried: the row goes `processing`
 * first, so a double click waits for the first answer instead of asking twice.
 */
export class IdentityService {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly d: IdentityServiceDeps) {}

  async view(uid: string): Promise<IdentityView> {
    return this.viewOf(await new IdentityStore(this.d.db).find(uid));
  }

  private staleBefore(): Date {
    return new Date(this.d.clock.now().getTime() - IDENTITY_STALE_MS);
  }

  private viewOf(row: IdentityRow | null): IdentityView {
    const none = { flag: null, message: null };
    if (!row) return { step: 'profile', ...none };
    const stale = row.updatedAt < this.staleBefore();
    switch (row.status) {
      case 'open':
        return { step: 'profile', ...none };
      case 'processing':
        return { step: stale ? 'profile' : 'processing', ...none };
      case 'photo':
      case 'uploading':
        return { step: 'photo', ...none };
      case 'verified':
        return { step: 'verified', ...none };
      case 'refused':
        return { step: 'refused', flag: null, message: ONBOARDING_TEXTS.photoNeeded };
      case 'minor':
        return { step: 'minor', flag: null, message: MATCH_TEXTS.underMajority };
      case 'duplicate':
        return { step: 'flagged', flag: 'id-ex', message: FLAG_TEXTS['id-ex'] };
    }
  }

  /** The one-person-one-account key: HMAC-SHA256 of the normalised identity, hex. */
  async identityHash(input: Parameters<typeof identityKeyText>[0]): Promise<string> {
    this.key ??= (
      this.d.hashKey
        ? Promise.resolve(this.d.hashKey)
        : sharedSecret(this.d.db, IDENTITY_HASH_KEY_SETTING).then((v) => Buffer.from(v, 'base64url'))
    ).catch((e: unknown) => {
      this.key = null; // a failed first read is retried by the next caller
      throw e;
    });
    return crypto
      .createHmac('sha256', await this.key)
      .update(identityKeyText(input))
      .digest('hex');
  }

  async submitProfile(user: { id: string; email: string }, body: IdentityProfileRequest, ip: string | null) {
    const uid = user.id;
    await this.d.wallet.requireVerified(uid);
    const store = new IdentityStore(this.d.db);
    const current = await store.find(uid);
    const view = this.viewOf(current);
    if (view.step !== 'profile' && view.step !== 'minor') return view;

    const checked = checkIdentityProfile(body);
    if (!checked.ok) throw new AppError('VALIDATION', Object.values(checked.errors)[0]!, checked.errors);
    const { input } = checked;
    if (!body.deviceGps) throw new AppError('LOCATION_REQUIRED', TEXTS.locationRequired);
    await this.reserve('profile', uid);

    const session = await this.d.port.startSession({ uid, type: 'PAY', deviceGps: body.deviceGps, ip });
    if (!session.ok) {
      if ('message' in session) throw new AppError('IDENTITY_FAILED', session.message);
      return this.flagged(uid, session.flag);
    }

    const now = this.d.clock.now();
    const minor = isUnderLocalMajority(input.dateOfBirth, session.regionCode ?? STRICTEST_REGION, now);
    const hash = await this.identityHash(input);
    const claim = await store.claim(uid, hash, minor ? 'minor' : 'processing', now, this.staleBefore());
    if (claim === 'duplicate') {
      await store.markDuplicate(uid, now);
      return this.view(uid);
    }
    if (claim === 'busy' || minor) return this.view(uid);

    const reopen = () => store.advance(uid, 'processing', 'open', this.d.clock.now());
    let result;
    try {
      result = await this.d.port.submitProfile({
        uid,
        salutation: input.salutation,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        emailAddress: user.email,
        citizenshipCountryCode: input.citizenshipCountryCode,
        phoneNumber: input.phoneNumber,
        deviceGps: body.deviceGps,
        ip,
        walletPhoneLast4: await this.d.wallet.phoneLast4(uid),
      });
    } catch (err) {
      this.d.log.warn({ err, uid }, 'identity provider unavailable: the profile may be submitted again');
      await reopen();
      throw new AppError('UNAVAILABLE', TEXTS.walletUnableToProcess);
    }
    const at = this.d.clock.now();
    switch (result.outcome) {
      case 'verified':
      case 'photo':
        await store.advance(uid, 'processing', result.outcome, at, result.providerRef);
        break;
      case 'refused':
        await store.advance(uid, 'processing', 'refused', at);
        break;
      case 'flag':
        await reopen();
        return this.flagged(uid, result.flag);
      case 'failed':
        await reopen();
        throw new AppError('IDENTITY_FAILED', result.message);
    }
    return this.view(uid);
  }

  /** Counts one attempt before the work it guards, or refuses with the wait (429). */
  private reserve(what: 'profile' | 'photo', uid: string): Promise<void> {
    const throttle = new ThrottleStore(this.d.db);
    return reserveAttempt(
      throttle,
      identityAttemptKey(what, uid),
      IDENTITY_ATTEMPT_POLICY,
      this.d.clock.now(),
      ATTEMPTS_FORGET_MS,
    );
  }

  /** id-ex is kept (another account of this person); id-blocked and ll-blocked are answered, nothing kept. */
  private async flagged(uid: string, flag: WalletSessionFlag): Promise<IdentityView> {
    if (flag !== 'id-ex') throw new AppError(flagCode(flag), FLAG_TEXTS[flag]);
    await new IdentityStore(this.d.db).markDuplicate(uid, this.d.clock.now());
    return this.view(uid);
  }

  /**
   * The photo ID: decoded and re-encoded (png stays png, jpeg stays jpeg; metadata dropped) or
   * refused, then handed to the adapter once. Nothing of it is kept here.
   */
  async uploadPhoto(uid: string, bytes: Buffer): Promise<IdentityView> {
    await this.d.wallet.requireVerified(uid);
    const store = new IdentityStore(this.d.db);
    const before = this.viewOf(await store.find(uid));
    if (before.step === 'verified') return before;
    if (before.step !== 'photo') throw new AppError('CONFLICT', IDENTITY_TEXTS.notPhotoStep);
    await this.reserve('photo', uid);
    const image = await reencodeImage(bytes, { accept: ['image/png', 'image/jpeg'], to: 'same' });
    if (!image || image.type === 'image/webp') throw new AppError('UNSUPPORTED_MEDIA', IDENTITY_TEXTS.photoType);
    const row = await store.startUpload(uid, this.d.clock.now(), this.staleBefore());
    if (!row) return this.view(uid); // another upload of this user is under way
    const back = () => store.advance(uid, 'uploading', 'photo', this.d.clock.now());
    let result;
    try {
      result = await this.d.port.uploadPhotoId({
        uid,
        providerRef: row.providerRef,
        image: { type: image.type, bytes: image.bytes },
      });
    } catch (err) {
      this.d.log.warn({ err, uid }, 'identity provider unavailable: the photo ID may be sent again');
      await back();
      throw new AppError('UNAVAILABLE', TEXTS.walletUnableToProcess);
    }
    const at = this.d.clock.now();
    switch (result.outcome) {
      case 'verified':
      case 'refused':
        await store.advance(uid, 'uploading', result.outcome, at);
        break;
      case 'flag':
        await back();
        return this.flagged(uid, result.flag);
      case 'failed':
        await back();
        throw new AppError('IDENTITY_FAILED', result.message);
    }
    return this.view(uid);
  }

  /** Deposits and withdrawals need a verified identity (after the SMS-verified wallet). */
  async requireVerified(uid: string): Promise<void> {
    const row = await new IdentityStore(this.d.db).find(uid);
    if (row?.status === 'verified') return;
    const view = this.viewOf(row);
    if (view.step === 'flagged') throw new AppError('IDENTITY_EXISTS', view.message!);
    throw new AppError('FORBIDDEN', view.message ?? IDENTITY_TEXTS.notVerified);
  }
}
