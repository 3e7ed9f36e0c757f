import { TEXTS, type PaymentRegion } from '@rush/domain';
import { WALLET_FLAG_ERRORS, type DeviceGps } from '@rush/protocol';
import { AppError, badRequest } from '../../platform/errors.ts';
import { FLAG_TEXTS, type IdentityPort } from './identity/port.ts';

export interface PayLocationRequest {
  uid: string;
  deviceGps?: DeviceGps | undefined;
  /** The client's address (`request.ip`), checked against the device's position. */
  ip: string | null;
  amount: bigint;
  /** The path the player chose: the Canadian one only from Canada, the US one only from elsewhere. */
  region: PaymentRegion;
  purpose: 'deposit' | 'withdrawal';
}

/**
 * The location check of a money movement (SPEC 1 "location services are required to deposit",
 * SPEC 7 "start wallet session {type PAY, DeviceGPS, amountOverride}"; issue 16 "checked at
 * deposit, at withdrawal and at every cash game start"): a wallet session with the device's
 * position and the client's address, whose flag (id-ex, id-blocked, ll-blocked) or message refuses
 * it, and whose region must agree with the path chosen. One place, so deposits and withdrawals
 * cannot drift apart.
 */
export async function requirePayLocation(identity: IdentityPort, req: PayLocationRequest): Promise<void> {
  if (!req.deviceGps) throw new AppError('LOCATION_REQUIRED', TEXTS.locationRequired);
  const session = await identity.startSession({
    uid: req.uid,
    type: 'PAY',
    deviceGps: req.deviceGps,
    ip: req.ip,
    amountOverride: req.amount,
    purpose: req.purpose,
  });
  if (!session.ok) {
    if ('message' in session) throw new AppError('IDENTITY_FAILED', session.message);
    throw new AppError(WALLET_FLAG_ERRORS[session.flag], FLAG_TEXTS[session.flag]);
  }
  const inCanada = session.regionCode?.startsWith('CA-');
  if (inCanada === true && req.region !== 'ca')
    throw badRequest(TEXTS.regionIsCanada, { region: TEXTS.regionIsCanada });
  if (inCanada === false && req.region === 'ca')
    throw badRequest(TEXTS.regionNotCanada, { region: TEXTS.regionNotCanada });
}
