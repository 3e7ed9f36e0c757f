import crypto from 'node:crypto';
import { TEXTS, validateEmail } from '@rush/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { FacebookError, type FacebookGraph, type FacebookIdentity } from './facebook-graph.ts';
import type { OAuthStateStore } from './oauth.store.ts';
import { OAUTH_STATE_TTL_MS, ProviderAccounts, SignInRefused, STATE_SHAPE } from './provider-accounts.ts';
import type { AccountService, SignedIn } from './service.ts';
import type { ClientMeta, Sessions } from './sessions.ts';
import type { AccountStore } from './store.ts';

export interface FacebookDeps {
  config: Config;
  clock: Clock;
  graph: FacebookGraph;
  states: OAuthStateStore;
  accounts: AccountStore;
  sessions: Sessions;
  accountService: AccountService;
  /** The country of a client address (GeoLite2), null when unknown (loopback, private). */
  ipCountry: (ip: string) => Promise<string | null>;
}

/** The callback's query as Facebook sends it (all optional: anyone can call the URL). */
export interface FacebookCallback {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_reason?: string | undefined;
}

/**
 * Sign in with Facebook (SPEC 7 AUTH registerWithFacebook, issue 20): the same path as Google's
 * (find by Facebook id, else by e-mail and link, else create; a new account gives its date of
 * birth first), without an address nothing is made.
 */
export class FacebookSignIn {
  private readonly providerAccounts: ProviderAccounts;

  constructor(private readonly d: FacebookDeps) {
    this.providerAccounts = new ProviderAccounts(d, 'facebookId', TEXTS.facebookSignInFailed);
  }

  /** Where to send the browser, and the state the browser must bring back (kept in a cookie too). */
  async start(): Promise<{ url: string; state: string }> {
    const state = crypto.randomBytes(32).toString('base64url');
    // Facebook's documented web flow has no nonce and no PKCE: the state is the whole binding.
    await this.d.states.insert({
      state,
      provider: 'facebook',
      nonce: null,
      codeVerifier: null,
      createdAt: this.d.clock.now(),
    });
    return { url: this.d.graph.dialogUrl(state), state };
  }

  async finish(
    query: FacebookCallback,
    browserState: string | undefined,
    meta: ClientMeta,
    previousToken: string | undefined,
  ): Promise<SignedIn> {
    const failed = (detail: string) => new SignInRefused(TEXTS.facebookSignInFailed, detail);
    if (!query.state || !STATE_SHAPE.test(query.state)) throw failed('callback without a well-formed state');
    // Spent whatever follows, a cancel included: each attempt's state is good once.
    const stored = await this.d.states.take(query.state, 'facebook');
    if (!stored) throw failed('unknown or used state');
    if (this.d.clock.now().getTime() - stored.createdAt.getTime() > OAUTH_STATE_TTL_MS) throw failed('state expired');
    // The state must come back to the browser that started the attempt, or an attacker could
    // sign a victim into the attacker's account with a callback link (login CSRF).
    if (browserState !== query.state) throw failed('state cookie mismatch');
    // The person cancelled (error=access_denied, error_reason=user_denied) or Facebook refused.
    if (query.error) throw failed(`provider error ${query.error} (${query.error_reason ?? 'no reason'})`);
    if (!query.code) throw failed('callback without code');

    let identity: FacebookIdentity;
    try {
      identity = await this.d.graph.identify(query.code);
    } catch (err) {
      if (err instanceof FacebookError) throw failed(err.message);
      throw err;
    }
    // A phone-only account, or the email permission declined: no address, no account.
    if (identity.email === null) throw new SignInRefused(TEXTS.facebookEmailMissing, 'no email from Facebook');
    if (validateEmail(identity.email)) throw failed('provider email not usable');

    const user = await this.providerAccounts.findOrCreate({ id: identity.id, email: identity.email }, meta.ip);
    return this.d.accountService.signIn(user, meta, previousToken);
  }
}
