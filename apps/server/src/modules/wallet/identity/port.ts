import { WALLET_FLAG_TEXTS, type WalletSessionFlag } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';

/**
 * The identity and location port (ARCHITECTURE principle 7), shaped after SPEC 7 "start wallet
 * session {type default PAY, DeviceGPS, amountOverride}" returning a flag or a message. The
 * built-in adapter applies our own location and account rules; the verification provider's
 * HTTP client (provider/client.ts, IDENTITY=provider) asks the provider. The identity profile and
 * photo ID (SPEC 7 submitProfileR, uploadWalletPhotoID) go through the same port; one account per
 * person (id-ex) is the identity service's keyed hash for both.
 */
export interface IdentityPort {
  startSession(request: WalletSessionRequest): Promise<WalletSessionResult>;
  /**
   * SPEC 7 submitProfileR: the identity profile after the SMS-verified wallet. The service has
   * already checked the location (startSession), the age of majority and one person one account.
   */
  submitProfile(request: ProfileRequest): Promise<ProfileResult>;
  /** SPEC 7 uploadWalletPhotoID: the photo ID, re-encoded by us (never the sender's bytes). */
  uploadPhotoId(request: PhotoIdRequest): Promise<PhotoIdResult>;
}

/** SPEC 3 Identity profile. */
export interface ProfileRequest {
  uid: string;
  salutation: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  emailAddress: string;
  citizenshipCountryCode: string;
  /** Ten digits. */
  phoneNumber: string;
  deviceGps: DeviceGps;
  ip: string | null;
  /** The last four digits of the phone the wallet's SMS code went to (the built-in photo ID trigger). */
  walletPhoneLast4: string | null;
}

/**
 * The identity verdict: verified, a photo ID is needed (with the provider's reference for the
 * upload), refused, a flag, or a failure with its text (nothing decided: the user may try again).
 */
export type ProfileResult =
  | { outcome: 'verified'; providerRef: string | null }
  | { outcome: 'photo'; providerRef: string | null }
  | { outcome: 'refused' }
  | { outcome: 'flag'; flag: WalletSessionFlag }
  | { outcome: 'failed'; message: string };

export interface PhotoIdRequest {
  uid: string;
  providerRef: string | null;
  image: { type: 'image/png' | 'image/jpeg'; bytes: Buffer };
}

export type PhotoIdResult =
  | { outcome: 'verified' }
  | { outcome: 'refused' }
  | { outcome: 'flag'; flag: WalletSessionFlag }
  | { outcome: 'failed'; message: string };

export interface WalletSessionRequest {
  uid: string;
  type: 'PAY';
  deviceGps: DeviceGps;
  /**
   * The client's address as Fastify derives it (`request.ip`: the socket's peer, or the
   * X-Forwarded-For client when TRUST_PROXY is on); null when there is no request.
   */
  ip: string | null;
  /** The amount about to be paid, in cents (providers check it against their own limits). */
  amountOverride?: bigint;
  /** Ours, not sent to any provider: a withdrawal is the one money path a closed account keeps. */
  purpose?: 'deposit' | 'withdrawal';
}

export type { WalletSessionFlag };

/** Allowed (with the ISO 3166-2 region the device is in, when known), flagged, or failed. */
export type WalletSessionResult =
  { ok: true; regionCode: string | null } | { ok: false; flag: WalletSessionFlag } | { ok: false; message: string };

/** SPEC 8: the text of each flag; any other failure shows 'Unable to process'. */
export const FLAG_TEXTS = WALLET_FLAG_TEXTS;
