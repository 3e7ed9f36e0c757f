import type { FastifyBaseLogger } from 'fastify';
import { cashPlaceVerdict, TEXTS, type IpPlace } from '@rush/domain';
import type { Clock } from '../../../platform/clock.ts';
import { devicePlaceAt, type RegionIndex } from './geo.ts';
import type {
  IdentityPort,
  PhotoIdRequest,
  PhotoIdResult,
  ProfileRequest,
  ProfileResult,
  WalletSessionRequest,
  WalletSessionResult,
} from './port.ts';

/** A fix older (or further in the future, a skewed clock) than this cannot say where the device is now. */
export const GPS_MAX_AGE_MS = 15 * 60_000;
/** A fix less precise than this cannot tell one state from the next. */
export const GPS_MAX_ACCURACY_M = 50_000;

export interface BuiltinIdentityDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  regions: () => Promise<RegionIndex>;
  /** Where the client's address is (platform/geo/ip-place.ts); rejects when the IP database cannot be read. */
  ipPlace: (ip: string | null) => Promise<IpPlace>;
  /**
   * Whether the account may use money: `banned` (by an admin) never, `closed` (self-excluded) only
   * to take its own balance out (issue 33); null when the account is unknown.
   */
  accountStanding: (uid: string) => Promise<'ok' | 'banned' | 'closed' | null>;
}

/**
 * The built-in identity and location adapter: our own rules, no outside call. Cash is offered
 * only in the US and Canada outside the refused states (SPEC 1), where the device's position and
 * the client's IP agree (the domain's `cashPlaceVerdict`); a banned or closed account is
 * id-blocked. Its session never answers id-ex: one account per person is the identity service's
 * keyed hash (identity.service.ts), for every adapter. Any failure of its own (no region data, no IP database) fails closed with 'Unable to
 * process'.
 *
 * Identity (issue 16) by our own rules, offline: one person one account and the age of majority
 * are the service's (for every adapter); a profile is verified when its phone is the phone the
 * wallet's SMS code reached (same last four digits), and otherwise needs a photo ID, which is
 * accepted once it decodes as a png or jpeg (re-encoded by the service, not kept). This is the
 * documented, deterministic trigger of the photo ID step; nothing is ever refused here.
 */
export class BuiltinIdentity implements IdentityPort {
  constructor(private readonly d: BuiltinIdentityDeps) {}

  async startSession(request: WalletSessionRequest): Promise<WalletSessionResult> {
    const unable = { ok: false as const, message: TEXTS.walletUnableToProcess };
    const standing = await this.d.accountStanding(request.uid);
    if (standing === null) return unable;
    if (standing === 'banned' || (standing === 'closed' && request.purpose !== 'withdrawal'))
      return { ok: false, flag: 'id-blocked' };

    const gps = request.deviceGps;
    const fixAt = Date.parse(gps.dateTime);
    if (Number.isNaN(fixAt) || Math.abs(this.d.clock.now().getTime() - fixAt) > GPS_MAX_AGE_MS) return unable;
    if (gps.radius > GPS_MAX_ACCURACY_M) return unable;

    let regions: RegionIndex;
    try {
      regions = await this.d.regions();
    } catch (err) {
      this.d.log.error({ err }, 'region boundaries unavailable: location checks fail closed');
      return unable;
    }
    let ip: IpPlace;
    try {
      ip = await this.d.ipPlace(request.ip);
    } catch (err) {
      this.d.log.error({ err }, 'IP location database unavailable: cash location checks fail closed');
      return unable;
    }
    const device = devicePlaceAt(regions, gps.latitude, gps.longitude, gps.radius);
    switch (cashPlaceVerdict(ip, device)) {
      case 'allowed':
        return { ok: true, regionCode: device.region };
      case 'review':
        // Refused until a person has looked: its own text, so the player knows it is not final.
        return { ok: false, message: TEXTS.locationReview };
      default:
        return { ok: false, flag: 'll-blocked' };
    }
  }

  submitProfile(request: ProfileRequest): Promise<ProfileResult> {
    const samePhone = request.walletPhoneLast4 !== null && request.phoneNumber.endsWith(request.walletPhoneLast4);
    return Promise.resolve(
      samePhone ? { outcome: 'verified', providerRef: null } : { outcome: 'photo', providerRef: null },
    );
  }

  uploadPhotoId(_request: PhotoIdRequest): Promise<PhotoIdResult> {
    return Promise.resolve({ outcome: 'verified' });
  }
}
