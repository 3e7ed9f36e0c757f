import crypto from 'node:crypto';
import { allowedCountryForRushCoins, DEFAULT_NAME_BOUND, TEXTS, randomDefaultUsername } from '@rush/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Sessions } from './sessions.ts';
import type { AccountStore, UserRecord } from './store.ts';

/** An attempt in flight is good for 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** States are 32 random bytes in base64url; anything else is not worth a query. */
export const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Random names collide rarely (1 in DEFAULT_NAME_BOUND per existing Player name); a few tries always suffice in practice. */
const USERNAME_ATTEMPTS = 25;

/** A refused provider sign-in; `text` is what the login page shows, `detail` goes to the log. */
export class SignInRefused extends Error {
  override readonly name = 'SignInRefused';
  constructor(
    readonly text: string,
    readonly detail?: string,
  ) {
    super(detail ?? text);
  }
}

/** The user column holding a provider's id for the person (one unique index each). */
export type ProviderColumn = 'googleSub' | 'facebookId';

/** Who the provider says signed in: its stable id for the person and a mailbox it vouches for. */
export interface ProviderIdentity {
  id: string;
  email: string;
}

export interface ProviderAccountsDeps {
  config: Config;
  clock: Clock;
  accounts: AccountStore;
  sessions: Sessions;
  /** The country of a client address (GeoLite2), null when unknown (loopback, private). */
  ipCountry: (ip: string) => Promise<string | null>;
}

/**
 * The account side of every sign-in provider (SPEC 2, Google; issue 20, Facebook): find the
 * account by the provider's id, else by e-mail (and link it), else create one with a default
 * name and no date of birth, which the person then gives before anything else (SPEC 5).
 */
export class ProviderAccounts {
  constructor(
    private readonly d: ProviderAccountsDeps,
    private readonly column: ProviderColumn,
    /** The provider's generic failure text (e.g. "Google sign-in failed, please try again"). */
    private readonly failedText: string,
  ) {}

  async findOrCreate(identity: ProviderIdentity, ip: string): Promise<UserRecord> {
    const byProvider = await this.findByProviderId(identity.id);
    if (byProvider) return this.refuseIfBarred(byProvider);
    const byEmail = await this.d.accounts.findByEmail(identity.email);
    if (byEmail) return this.refuseIfBarred(await this.link(byEmail, identity));
    // SPEC 1: sign-up is offered only in the US and Canada, whichever way the account is made
    // (the same rule as the register route); existing accounts still sign in from anywhere.
    if (!allowedCountryForRushCoins(await this.d.ipCountry(ip)))
      throw new SignInRefused(TEXTS.notOfferedHere, 'sign-up from outside the US and Canada');
    return this.refuseIfBarred(await this.create(identity));
  }

  /** SPEC 8: the same refusal as a password login, shown on the login page (closed accounts sign in to their overlay). */
  private refuseIfBarred(user: UserRecord): UserRecord {
    if (user.loginDisabled) throw new SignInRefused(TEXTS.loginDisabled(this.d.config.supportEmail));
    return user;
  }

  private findByProviderId(id: string): Promise<UserRecord | null> {
    return this.column === 'googleSub' ? this.d.accounts.findByGoogleSub(id) : this.d.accounts.findByFacebookId(id);
  }

  /**
   * Links the provider to the account registered with the same address. The provider vouches
   * for the mailbox, so the address counts as verified. If it was not verified before, whoever
   * set the account's password never proved the mailbox (possibly someone squatting the address
   * before its owner arrived), so that password, its sessions, and every way back in the squatter
   * arranged (a recovery address of theirs, reset or recovery links already mailed) are dropped:
   * the account is now the owner's, and with a listed address it may be an admin's.
   */
  private async link(user: UserRecord, identity: ProviderIdentity): Promise<UserRecord> {
    // A barred account is refused before anything about it changes.
    this.refuseIfBarred(user);
    const linkedId = user[this.column];
    if (linkedId && linkedId !== identity.id) {
      throw new SignInRefused(this.failedText, `email already linked to another ${this.column}`);
    }
    const squatted = !user.emailVerified;
    const now = this.d.clock.now();
    const linked = await this.d.accounts.transaction(async (s) => {
      if (squatted) {
        await s.invalidateEmailTokens(user.id, 'reset', now);
        await s.invalidateEmailTokens(user.id, 'recovery', now);
      }
      return s.update(user.id, {
        [this.column]: identity.id,
        emailVerified: true,
        ...(squatted ? { passwordHash: null, recoveryEmail: null } : {}),
      });
    });
    if (!linked) throw new SignInRefused(this.failedText, 'account vanished while linking');
    if (squatted) await this.d.sessions.endAll(user.id);
    return linked;
  }

  private async create(identity: ProviderIdentity): Promise<UserRecord> {
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt++) {
      const created = await this.d.accounts.insertUser({
        id: crypto.randomUUID(),
        username: randomDefaultUsername(() => crypto.randomInt(0, DEFAULT_NAME_BOUND) / DEFAULT_NAME_BOUND),
        email: identity.email,
        emailVerified: true,
        passwordHash: null,
        // SPEC 5: a provider tells us no date of birth; the person gives it before anything else.
        dateOfBirth: null,
        googleSub: this.column === 'googleSub' ? identity.id : null,
        facebookId: this.column === 'facebookId' ? identity.id : null,
        createdAt: this.d.clock.now(),
      });
      if (typeof created !== 'string') return created;
      if (created === 'username') continue;
      // A concurrent sign-in or registration made the account first: use it.
      if (created === this.column) {
        const existing = await this.findByProviderId(identity.id);
        if (existing) return existing;
      } else if (created === 'email') {
        const existing = await this.d.accounts.findByEmail(identity.email);
        if (existing) return this.link(existing, identity);
      }
    }
    throw new SignInRefused(this.failedText, 'no free default username');
  }
}
