import { WALLET_FLAG_TEXTS, type WalletSessionFlag } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';

/**
 * The identity and location port (ARCHITECTURE principle 7), shaped after SPEC 7 "start wallet
 * session {type default PAY, DeviceGPS, amountOverride}" returning a flag or a message. The
 * built-in adapter applies our own location and account rules; the verification provider's
 * HTTP client (a later issue) adds identity checks (id-ex: one account per person).
 */
export interface IdentityPort {
  startSession(request: WalletSessionRequest): Promise<WalletSessionResult>;
}

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
}

export type { WalletSessionFlag };

/** Allowed (with the ISO 3166-2 region the device is in, when known), flagged, or failed. */
export type WalletSessionResult =
  { ok: true; regionCode: string | null } | { ok: false; flag: WalletSessionFlag } | { ok: false; message: string };

/** SPEC 8: the text of each flag; any other failure shows 'Unable to process'. */
export const FLAG_TEXTS = WALLET_FLAG_TEXTS;
