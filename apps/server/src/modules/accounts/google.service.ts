import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  allowedCountryForRushCoins,
  DEFAULT_NAME_BOUND,
  TEXTS,
  randomDefaultUsername,
  validateEmail,
} from '@rush/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { OidcError, type GoogleOidc, type OidcIdentity } from './google-oidc.ts';
import type { OAuthStateStore } from './oauth.store.ts';
import type { AccountService, SignedIn } from './service.ts';
import type { ClientMeta, Sessions } from './sessions.ts';
import type { AccountStore, UserRecord } from './store.ts';

/** An attempt in flight is good for 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** Random names collide rarely (1 in 100000 per existing Player name); a few tries always suffice in practice. */
const USERNAME_ATTEMPTS = 25;

/** States are 32 random bytes in base64url; anything else is not worth a query. */
const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A refused Google sign-in; `text` is what the login page shows. */
export class SignInRefused extends Error {
  override readonly name = 'SignInRefused';
  constructor(
    readonly text: string,
    readonly detail?: string,
  ) {
    super(detail ?? text);
  }
}

export interface GoogleDeps {
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  oidc: GoogleOidc;
  states: OAuthStateStore;
  accounts: AccountStore;
  sessions: Sessions;
  accountService: AccountService;
  /** The country of a client address (GeoLite2), null when unknown (loopback, private). */
  ipCountry: (ip: string) => Promise<string | null>;
}

/** Sign in with Google (SPEC 2): find the account by Google id, else by e-mail (and link it), else create one. */
export class GoogleSignIn {
  constructor(private readonly d: GoogleDeps) {}

  /** Where to send the browser, and the state the browser must bring back (kept in a cookie too). */
  async start(): Promise<{ url: string; state: string }> {
    const req = await this.d.oidc.authorizationRequest();
    await this.d.states.insert({
      state: req.state,
      provider: 'google',
      nonce: req.nonce,
      codeVerifier: req.codeVerifier,
      createdAt: this.d.clock.now(),
    });
    return { url: req.url, state: req.state };
  }

  async finish(
    query: { code?: string; state?: string; error?: string },
    browserState: string | undefined,
    meta: ClientMeta,
    previousToken: string | undefined,
  ): Promise<SignedIn> {
    const failed = (detail: string) => new SignInRefused(TEXTS.googleSignInFailed, detail);
    if (query.error) throw failed(`provider error ${query.error}`);
    if (!query.code || !query.state) throw failed('callback without code or state');
    if (!STATE_SHAPE.test(query.state)) throw failed('malformed state');
    const stored = await this.d.states.take(query.state, 'google');
    if (!stored?.nonce || !stored.codeVerifier) throw failed('unknown or used state');
    if (this.d.clock.now().getTime() - stored.createdAt.getTime() > OAUTH_STATE_TTL_MS) throw failed('state expired');
    // The state must come back to the browser that started the attempt, or an attacker could
    // sign a victim into the attacker's account with a callback link (login CSRF).
    if (browserState !== query.state) throw failed('state cookie mismatch');

    let identity: OidcIdentity;
    try {
      identity = await this.d.oidc.identify(query.code, stored.codeVerifier, stored.nonce);
    } catch (err) {
      if (err instanceof OidcError) {
        throw new SignInRefused(
          err.reason === 'unverified-email' ? TEXTS.googleEmailUnverified : TEXTS.googleSignInFailed,
          err.message,
        );
      }
      throw err;
    }
    if (validateEmail(identity.email)) throw failed('provider email not usable');

    const user = await this.findOrCreate(identity, meta.ip);
    this.refuseIfBarred(user);
    return this.d.accountService.signIn(user, meta, previousToken);
  }

  /** SPEC 8: the same refusal as a password login, shown on the login page (closed accounts sign in to their overlay). */
  private refuseIfBarred(user: UserRecord): void {
    if (user.loginDisabled) throw new SignInRefused(TEXTS.loginDisabled(this.d.config.supportEmail));
  }

  private async findOrCreate(identity: OidcIdentity, ip: string): Promise<UserRecord> {
    const bySub = await this.d.accounts.findByGoogleSub(identity.sub);
    if (bySub) return bySub;
    const byEmail = await this.d.accounts.findByEmail(identity.email);
    if (byEmail) return this.link(byEmail, identity);
    // SPEC 1: sign-up is offered only in the US and Canada, whichever way the account is made
    // (the same rule as the register route); existing accounts still sign in from anywhere.
    if (!allowedCountryForRushCoins(await this.d.ipCountry(ip)))
      throw new SignInRefused(TEXTS.notOfferedHere, 'sign-up from outside the US and Canada');
    return this.create(identity);
  }

  /**
   * Links Google to the account registered with the same address. Google vouches for the
   * mailbox, so the address counts as verified. If it was not verified before, whoever set the
   * account's password never proved the mailbox (possibly someone squatting the address before
   * its owner arrived), so that password, its sessions, and every way back in the squatter
   * arranged (a recovery address of theirs, reset or recovery links already mailed) are dropped:
   * the account is now the owner's, and with a listed address it may be an admin's.
   */
  private async link(user: UserRecord, identity: OidcIdentity): Promise<UserRecord> {
    // A barred account is refused before anything about it changes.
    this.refuseIfBarred(user);
    if (user.googleSub && user.googleSub !== identity.sub) {
      throw new SignInRefused(TEXTS.googleSignInFailed, 'email already linked to another Google account');
    }
    const squatted = !user.emailVerified;
    const now = this.d.clock.now();
    const linked = await this.d.accounts.transaction(async (s) => {
      if (squatted) {
        await s.invalidateEmailTokens(user.id, 'reset', now);
        await s.invalidateEmailTokens(user.id, 'recovery', now);
      }
      return s.update(user.id, {
        googleSub: identity.sub,
        emailVerified: true,
        ...(squatted ? { passwordHash: null, recoveryEmail: null } : {}),
      });
    });
    if (!linked) throw new SignInRefused(TEXTS.googleSignInFailed, 'account vanished while linking');
    if (squatted) await this.d.sessions.endAll(user.id);
    return linked;
  }

  private async create(identity: OidcIdentity): Promise<UserRecord> {
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const created = await this.d.accounts.insertUser({
        id: crypto.randomUUID(),
        username: randomDefaultUsername(() => crypto.randomInt(0, DEFAULT_NAME_BOUND) / DEFAULT_NAME_BOUND),
        email: identity.email,
        emailVerified: true,
        passwordHash: null,
        dateOfBirth: null,
        googleSub: identity.sub,
        createdAt: this.d.clock.now(),
      });
      if (typeof created !== 'string') return created;
      if (created === 'username') continue;
      // A concurrent sign-in or registration made the account first: use it.
      const existing =
        created === 'googleSub'
          ? await this.d.accounts.findByGoogleSub(identity.sub)
          : await this.d.accounts.findByEmail(identity.email);
      if (existing) return created === 'email' ? this.link(existing, identity) : existing;
    }
    throw new SignInRefused(TEXTS.googleSignInFailed, 'no free default username');
  }
}
