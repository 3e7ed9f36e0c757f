import crypto from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { equalStrings } from '../../platform/crypto/equal-strings.ts';

/** SPEC 9: backend HTTP timeout 6 s. */
const HTTP_TIMEOUT_MS = 6_000;
/** Discovery documents change rarely; an hour keeps key rotation announcements fresh enough. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

const Discovery = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
});
type Discovery = z.infer<typeof Discovery>;

const TokenAnswer = z.object({ id_token: z.string().min(1) });

const IdClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().min(3).max(320).optional(),
  // Google sends a boolean; some providers send the string form.
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  nonce: z.string().optional(),
  name: z.string().optional(),
});

export interface OidcIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
}

/** Why a sign-in failed; the message stays in the log, the user sees one generic text. */
export class OidcError extends Error {
  override readonly name = 'OidcError';
  constructor(
    message: string,
    readonly reason: 'provider' | 'unverified-email' = 'provider',
  ) {
    super(message);
  }
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Sign in with Google as a plain OIDC relying party (authorization code + PKCE S256,
 * client_secret_post). It speaks only the documented protocol, so the local emulator in the
 * tests exercises exactly this code with real HTTP and real signatures.
 */
export class GoogleOidc {
  private discovery: Promise<{ doc: Discovery; jwks: JWTVerifyGetKey }> | null = null;
  private discoveredAt = 0;

  constructor(
    private readonly cfg: NonNullable<Config['google']>,
    private readonly redirectUri: string,
    private readonly clock: Clock,
  ) {}

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const { doc } = await this.discover();
    const state = crypto.randomBytes(32).toString('base64url');
    const nonce = crypto.randomBytes(32).toString('base64url');
    const codeVerifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(codeVerifier).digest('base64url');
    const url = new URL(doc.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.cfg.clientId,
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'select_account',
    }).toString();
    return { url: url.toString(), state, nonce, codeVerifier };
  }

  /** Exchanges the code and checks the ID token: signature, issuer, audience, expiry, nonce, verified email. */
  async identify(code: string, codeVerifier: string, nonce: string): Promise<OidcIdentity> {
    const { doc, jwks } = await this.discover();
    const res = await this.http(doc.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        client_id: this.cfg.clientId,
        client_secret: this.cfg.clientSecret,
        code_verifier: codeVerifier,
      }),
    });
    if (!res.ok) throw new OidcError(`token endpoint answered ${res.status}`);
    const token = TokenAnswer.safeParse(await res.json().catch(() => null));
    if (!token.success) throw new OidcError('token answer without id_token');

    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token.data.id_token, jwks, {
        issuer: this.acceptedIssuers(doc.issuer),
        audience: this.cfg.clientId,
        algorithms: ['RS256', 'ES256', 'PS256'],
        currentDate: this.clock.now(),
        clockTolerance: 60,
      }));
    } catch (err) {
      throw new OidcError(`id_token rejected: ${(err as Error).message}`);
    }
    const claims = IdClaims.safeParse(payload);
    if (!claims.success) throw new OidcError('id_token claims malformed');
    const c = claims.data;
    if (!c.nonce || !equalStrings(c.nonce, nonce)) throw new OidcError('id_token nonce mismatch');
    if (!c.email) throw new OidcError('id_token without email');
    const verified = c.email_verified === true || c.email_verified === 'true';
    if (!verified) throw new OidcError('email not verified', 'unverified-email');
    return { sub: c.sub, email: c.email, emailVerified: verified };
  }

  /** Google documents both forms of its issuer in ID tokens. */
  private acceptedIssuers(issuer: string): string[] {
    return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
  }

  private discover(): Promise<{ doc: Discovery; jwks: JWTVerifyGetKey }> {
    const now = Date.now();
    if (!this.discovery || now - this.discoveredAt > DISCOVERY_TTL_MS) {
      this.discoveredAt = now;
      const attempt = this.fetchDiscovery();
      this.discovery = attempt;
      // A failed discovery is retried at the next sign-in rather than cached for an hour.
      attempt.catch(() => {
        if (this.discovery === attempt) this.discovery = null;
      });
    }
    return this.discovery;
  }

  private async fetchDiscovery(): Promise<{ doc: Discovery; jwks: JWTVerifyGetKey }> {
    const issuer = this.cfg.issuer.replace(/\/+$/, '');
    const res = await this.http(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new OidcError(`discovery answered ${res.status}`);
    const doc = Discovery.safeParse(await res.json().catch(() => null));
    if (!doc.success) throw new OidcError('discovery document malformed');
    // OIDC Discovery 4.3: the document must name the issuer it was fetched from.
    if (doc.data.issuer.replace(/\/+$/, '') !== issuer) throw new OidcError('discovery issuer mismatch');
    const jwks = createRemoteJWKSet(new URL(doc.data.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS });
    return { doc: doc.data, jwks };
  }

  private async http(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    } catch (err) {
      throw new OidcError(`request to ${new URL(url).host} failed: ${(err as Error).message}`);
    }
  }
}
