import type { FastifyBaseLogger } from 'fastify';
import { TEXTS, validateEmail } from '@rush/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { OidcError, type GoogleOidc, type OidcIdentity } from './google-oidc.ts';
import type { OAuthStateStore } from './oauth.store.ts';
import { OAUTH_STATE_TTL_MS, ProviderAccounts, SignInRefused, STATE_SHAPE } from './provider-accounts.ts';
import type { AccountService, SignedIn } from './service.ts';
import type { ClientMeta, Sessions } from './sessions.ts';
import type { AccountStore } from './store.ts';

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
  private readonly providerAccounts: ProviderAccounts;

  constructor(private readonly d: GoogleDeps) {
    this.providerAccounts = new ProviderAccounts(d, 'googleSub', TEXTS.googleSignInFailed);
  }

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

    const user = await this.providerAccounts.findOrCreate({ id: identity.sub, email: identity.email }, meta.ip);
    return this.d.accountService.signIn(user, meta, previousToken);
  }
}
