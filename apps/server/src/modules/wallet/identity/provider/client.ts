import { TEXTS } from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';
import type {
  IdentityPort,
  PhotoIdRequest,
  PhotoIdResult,
  ProfileRequest,
  ProfileResult,
  WalletSessionFlag,
  WalletSessionRequest,
  WalletSessionResult,
} from '../port.ts';

/**
 * The HTTP client of the identity/location verification provider (IDENTITY=provider), behind the
 * identity port. The SPEC names the calls (SPEC 7: start wallet session {type PAY, DeviceGPS,
 * amountOverride} returning a flag or a message; submitProfileR with the identity profile;
 * uploadWalletPhotoID {file}) and the flags (id-ex, id-blocked, ll-blocked), not the provider's
 * wire, so this is the shape we chose, after GIDX-style identity/location APIs (PascalCase
 * fields, a list of reason codes per answer). Every call: `Authorization: Bearer
 * {IDENTITY_API_KEY}`, JSON unless said, a 6 s timeout covering the whole exchange (SPEC 9), and
 * no retry: none of these calls is idempotent at the provider (each registers, scores or stores
 * something), so a lost answer is reported as unavailable and the user submits again.
 *
 *   POST {IDENTITY_URL}/v1/sessions
 *     {MerchantCustomerID, Type: "PAY", DeviceGPS: {Latitude, Longitude, Radius, Altitude, Speed,
 *      DateTime}, DeviceIpAddress, AmountOverride?: cents}
 *     -> 200 {ReasonCodes: string[], Region?: "US-NY" (ISO 3166-2), Message?: string}
 *   POST {IDENTITY_URL}/v1/customers
 *     {MerchantCustomerID, Salutation, FirstName, LastName, DateOfBirth: "YYYY-MM-DD",
 *      EmailAddress, CitizenshipCountryCode, PhoneNumber: ten digits, DeviceGPS, DeviceIpAddress}
 *     -> 200 {CustomerID, ReasonCodes: string[], Message?: string}
 *   POST {IDENTITY_URL}/v1/customers/{CustomerID}/documents?type=photo-id
 *     body: the re-encoded image, Content-Type image/png or image/jpeg
 *     -> 200 {ReasonCodes: string[], Message?: string}
 *
 * Reason codes, first match wins: ID-BLOCK -> id-blocked, ID-EX -> id-ex, LL-BLOCK -> ll-blocked
 * (the SPEC 8 texts), ID-FAIL -> refused ("We were unable to verify your identity based on the
 * information provided."), ID-DOC-REQ -> a photo ID is needed, ID-VERIFIED -> verified; for a
 * session LL-OK -> allowed. An answer with none of these: 'Unable to process' (or its Message).
 * A 4xx (our request refused) is 'Unable to process'; a timeout, network error or 5xx throws
 * IdentityUnavailable for profiles and photos (the service answers 503 and nothing is decided)
 * and is 'Unable to process' for a wallet session (the deposit is refused, fail closed).
 */
export const IDENTITY_TIMEOUT_MS = 6_000;

export interface IdentityClientOptions {
  /** The whole exchange; SPEC 9's 6 s by default (tests inject less). */
  timeoutMs?: number;
}

export class IdentityUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityUnavailable';
  }
}

const FLAG_CODES: [string, WalletSessionFlag][] = [
  ['ID-BLOCK', 'id-blocked'],
  ['ID-EX', 'id-ex'],
  ['LL-BLOCK', 'll-blocked'],
];

interface Answer {
  codes: string[];
  message: string | null;
  body: Record<string, unknown>;
}

const gpsWire = (g: DeviceGps) => ({
  Latitude: g.latitude,
  Longitude: g.longitude,
  Radius: g.radius,
  Altitude: g.altitude ?? null,
  Speed: g.speed ?? null,
  DateTime: g.dateTime,
});

export class ProviderIdentity implements IdentityPort {
  private readonly timeoutMs: number;

  constructor(
    private readonly settings: { url: string; apiKey: string },
    options: IdentityClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? IDENTITY_TIMEOUT_MS;
  }

  async startSession(request: WalletSessionRequest): Promise<WalletSessionResult> {
    const unable = { ok: false as const, message: TEXTS.walletUnableToProcess };
    let answer: Answer | null;
    try {
      answer = await this.post('/v1/sessions', {
        MerchantCustomerID: request.uid,
        Type: request.type,
        DeviceGPS: gpsWire(request.deviceGps),
        DeviceIpAddress: request.ip,
        ...(request.amountOverride !== undefined ? { AmountOverride: Number(request.amountOverride) } : {}),
      });
    } catch {
      return unable; // fail closed: no word from the provider is no permission
    }
    if (!answer) return unable;
    const flag = flagOf(answer.codes);
    if (flag) return { ok: false, flag };
    if (!answer.codes.includes('LL-OK')) return { ok: false, message: answer.message ?? TEXTS.walletUnableToProcess };
    const region = answer.body.Region;
    return {
      ok: true,
      regionCode: typeof region === 'string' && /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(region) ? region : null,
    };
  }

  async submitProfile(request: ProfileRequest): Promise<ProfileResult> {
    const answer = await this.post('/v1/customers', {
      MerchantCustomerID: request.uid,
      Salutation: request.salutation,
      FirstName: request.firstName,
      LastName: request.lastName,
      DateOfBirth: request.dateOfBirth,
      EmailAddress: request.emailAddress,
      CitizenshipCountryCode: request.citizenshipCountryCode,
      PhoneNumber: request.phoneNumber,
      DeviceGPS: gpsWire(request.deviceGps),
      DeviceIpAddress: request.ip,
    });
    if (!answer) return { outcome: 'failed', message: TEXTS.walletUnableToProcess };
    const customerId = answer.body.CustomerID;
    const ref = typeof customerId === 'string' && customerId.length > 0 && customerId.length <= 200 ? customerId : null;
    const verdict = verdictOf(answer);
    if (verdict.outcome === 'photo' && !ref) return { outcome: 'failed', message: TEXTS.walletUnableToProcess };
    if (verdict.outcome === 'verified' || verdict.outcome === 'photo') return { ...verdict, providerRef: ref };
    return verdict;
  }

  async uploadPhotoId(request: PhotoIdRequest): Promise<PhotoIdResult> {
    if (!request.providerRef) return { outcome: 'failed', message: TEXTS.walletUnableToProcess };
    const answer = await this.send(
      `/v1/customers/${encodeURIComponent(request.providerRef)}/documents?type=photo-id`,
      request.image.type,
      request.image.bytes,
    );
    if (!answer) return { outcome: 'failed', message: TEXTS.walletUnableToProcess };
    const verdict = verdictOf(answer);
    // A second request for a document after one was sent is not a verdict we can act on.
    if (verdict.outcome === 'photo') return { outcome: 'failed', message: TEXTS.walletUnableToProcess };
    return verdict;
  }

  private post(path: string, body: unknown): Promise<Answer | null> {
    return this.send(path, 'application/json', JSON.stringify(body));
  }

  /** One attempt. Null when the provider refused our request (4xx); throws IdentityUnavailable when no answer came. */
  private async send(path: string, contentType: string, body: string | Buffer): Promise<Answer | null> {
    let status: number;
    let text: string;
    try {
      const res = await fetch(this.settings.url + path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.settings.apiKey}`,
          accept: 'application/json',
          'content-type': contentType,
        },
        // A plain Uint8Array (the same bytes): the DOM's BodyInit, which e2e compiles this under, takes no Buffer.
        body: typeof body === 'string' ? body : new Uint8Array(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      throw new IdentityUnavailable(`identity provider POST ${path.split('?')[0]} failed`, { cause: e });
    }
    if (status >= 500 || status === 429) throw new IdentityUnavailable(`identity provider answered ${status}`);
    if (status >= 400) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new IdentityUnavailable('identity provider answered no JSON');
    }
    if (!parsed || typeof parsed !== 'object') throw new IdentityUnavailable('identity provider answered no object');
    const b = parsed as Record<string, unknown>;
    const codes = Array.isArray(b.ReasonCodes) ? b.ReasonCodes.filter((c): c is string => typeof c === 'string') : [];
    const message =
      typeof b.Message === 'string' && b.Message.trim() !== '' && b.Message.length <= 500 ? b.Message : null;
    return { codes, message, body: b };
  }
}

const flagOf = (codes: string[]): WalletSessionFlag | null => FLAG_CODES.find(([c]) => codes.includes(c))?.[1] ?? null;

function verdictOf(
  answer: Answer,
):
  | { outcome: 'verified' }
  | { outcome: 'photo' }
  | { outcome: 'refused' }
  | { outcome: 'flag'; flag: WalletSessionFlag }
  | { outcome: 'failed'; message: string } {
  const flag = flagOf(answer.codes);
  if (flag) return { outcome: 'flag', flag };
  if (answer.codes.includes('ID-FAIL')) return { outcome: 'refused' };
  if (answer.codes.includes('ID-DOC-REQ')) return { outcome: 'photo' };
  if (answer.codes.includes('ID-VERIFIED')) return { outcome: 'verified' };
  return { outcome: 'failed', message: answer.message ?? TEXTS.walletUnableToProcess };
}
