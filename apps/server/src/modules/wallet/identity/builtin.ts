import type { FastifyBaseLogger } from 'fastify';
import { TEXTS } from '@rush/domain';
import type { Clock } from '../../../platform/clock.ts';
import { cashVerdictAt, type RegionShape } from './geo.ts';
import type { IdentityPort, WalletSessionRequest, WalletSessionResult } from './port.ts';

/** A fix older (or further in the future, a skewed clock) than this cannot say where the device is now. */
export const GPS_MAX_AGE_MS = 15 * 60_000;
/** A fix less precise than this cannot tell one state from the next. */
export const GPS_MAX_ACCURACY_M = 50_000;

export interface BuiltinIdentityDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  shapes: () => Promise<RegionShape[]>;
  /** Whether the account may use money at all (banned by an admin, or closed). */
  accountBlocked: (uid: string) => Promise<boolean | null>;
}

/**
 * The built-in identity and location adapter: our own rules, no outside call. Cash is offered
 * only in the US and Canada outside the refused states (SPEC 1); a banned or closed account is
 * id-blocked. It never answers id-ex: one account per person needs the provider's identity
 * records. Any failure of its own (no region data) fails closed with 'Unable to process'.
 */
export class BuiltinIdentity implements IdentityPort {
  constructor(private readonly d: BuiltinIdentityDeps) {}

  async startSession(request: WalletSessionRequest): Promise<WalletSessionResult> {
    const unable = { ok: false as const, message: TEXTS.walletUnableToProcess };
    const blocked = await this.d.accountBlocked(request.uid);
    if (blocked === null) return unable;
    if (blocked) return { ok: false, flag: 'id-blocked' };

    const gps = request.deviceGps;
    const fixAt = Date.parse(gps.dateTime);
    if (Number.isNaN(fixAt) || Math.abs(this.d.clock.now().getTime() - fixAt) > GPS_MAX_AGE_MS) return unable;
    if (gps.radius > GPS_MAX_ACCURACY_M) return unable;

    let shapes: RegionShape[];
    try {
      shapes = await this.d.shapes();
    } catch (err) {
      this.d.log.error({ err }, 'region boundaries unavailable: location checks fail closed');
      return unable;
    }
    const { verdict, code } = cashVerdictAt(shapes, gps.latitude, gps.longitude, gps.radius);
    return verdict === 'allowed' ? { ok: true, regionCode: code } : { ok: false, flag: 'll-blocked' };
  }
}
