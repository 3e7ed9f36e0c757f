import type { FastifyInstance } from 'fastify';
import { roleOf } from '@rush/domain';
import { ACCOUNT_ROUTES, TOPICS, type Me } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import type { SocketAuthenticator } from '../../platform/realtime/types.ts';
import { authRoutes } from './auth.routes.ts';
import type { MeReads, MeSource } from './balances.ts';
import { Captcha } from './captcha.ts';
import { UserEventPublisher } from './events.ts';
import { FacebookGraph } from './facebook-graph.ts';
import { FacebookSignIn } from './facebook.service.ts';
import { GoogleOidc } from './google-oidc.ts';
import { GoogleSignIn } from './google.service.ts';
import { OAuthStateStore } from './oauth.store.ts';
import { PresenceStore } from './presence.store.ts';
import { PresenceService } from './presence.ts';
import { signInProviderRoutes } from './provider.routes.ts';
import { installRequestAuth } from './request-auth.ts';
import { AccountService } from './service.ts';
import { Sessions } from './sessions.ts';
import { SessionStore } from './sessions.store.ts';
import { settingsRoutes } from './settings.routes.ts';
import { SettingsService } from './settings.service.ts';
import { standingRules } from './command-guard.ts';
import { socketAuthenticator } from './socket-auth.ts';
import { AccountStore } from './store.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { SWEEP_EVERY_MS, Sweeper } from './sweeper.ts';
import { LoginThrottle } from './throttle.ts';
import { ThrottleStore } from './throttle.store.ts';
import { ipLocator } from '../../platform/geo/ip-place.ts';

/** What other capabilities may ask of accounts (the wallet's self-exclusion shows the new profile). */
export interface ProfileLink {
  me(userId: string, sessionPublicId: string): Promise<Me | null>;
  /** Publishes `profile.changed` with the user's current `Me` to their open pages. */
  notifyChanged(userId: string): Promise<void>;
  /** Closes the user's sockets on every instance (4005) after a close or a ban. */
  accountRestricted(userId: string): Promise<void>;
  /** Right after a committed ban, unban or closure: every instance re-reads the standing its sockets keep. */
  standingChanged(userId: string): Promise<void>;
}

export interface AccountsModule {
  authenticateSocket: SocketAuthenticator;
  profile: ProfileLink;
  /** The role rule for a user who is not making a request (a socket subscribing to the admin topic). */
  isAdmin(userId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The accounts capability (ARCHITECTURE): auth, profile, settings, sessions, presence. Wires
 * stores -> services -> routes, resolves the session of every API request for all modules,
 * owns the `user` and `presence` topics and the connection listener for presence.
 */
export async function registerAccounts(app: FastifyInstance, ctx: AppContext, reads: MeReads): Promise<AccountsModule> {
  const { config, clock, log, hub } = ctx;
  const stores = {
    accounts: new AccountStore(ctx.db, config.adminEmails),
    sessions: new SessionStore(ctx.db),
    throttle: new ThrottleStore(ctx.db),
    states: new OAuthStateStore(ctx.db),
    presence: new PresenceStore(ctx.db),
  };
  const me: MeSource = {
    ...reads,
    adminEmails: config.adminEmails,
    readPendingRecoveryEmail: (uid) => stores.accounts.readPendingRecoveryEmail(uid),
  };
  const events = new UserEventPublisher(hub, log);
  const sessions = new Sessions(stores.sessions, clock, events);
  const throttle = new LoginThrottle(stores.throttle, clock, config.captcha !== null);
  const presence = new PresenceService(stores.presence, clock, hub, log);
  const accounts = new AccountService({
    config,
    clock,
    mailer: ctx.mailer,
    log,
    accounts: stores.accounts,
    me,
    sessions,
    throttle,
    captcha: new Captcha(config.captcha, log),
    presence,
    events,
  });
  const settings = new SettingsService({
    accounts: stores.accounts,
    me,
    throttle,
    events,
    config,
    clock,
    mailer: ctx.mailer,
    log,
    sessions,
  });
  const locator = ipLocator(ctx.config.geoipDir);
  const ipCountry = (ip: string) => locator.countryOrNull(ip, ctx.log);
  const google = config.google
    ? new GoogleSignIn({
        config,
        clock,
        log,
        oidc: new GoogleOidc(config.google, `${config.appUrl}${ACCOUNT_ROUTES.googleCallback}`, clock),
        states: stores.states,
        accounts: stores.accounts,
        sessions,
        accountService: accounts,
        ipCountry,
      })
    : null;
  const facebook = config.facebook
    ? new FacebookSignIn({
        config,
        clock,
        graph: new FacebookGraph(config.facebook, `${config.appUrl}${ACCOUNT_ROUTES.facebookCallback}`),
        states: stores.states,
        accounts: stores.accounts,
        sessions,
        accountService: accounts,
        ipCountry,
      })
    : null;

  // The hook goes on the root instance before any route, so every module's routes see request.auth.
  installRequestAuth(app, sessions, config);
  authRoutes(app, { config, accounts, presence, ipCountry });
  await settingsRoutes(app, settings);
  signInProviderRoutes(app, config, log, { google, facebook });

  // `user:{uid}` carries session and profile events: only its own user may follow it.
  hub.registerTopic('user', {
    authorize: (conn, topic) => conn.userId !== null && topic === TOPICS.user(conn.userId),
  });
  // SPEC 2 landing "players online": anyone, signed in or not.
  hub.registerTopic('presence', { authorize: () => true, snapshot: () => presence.snapshot() });
  hub.addListener(presence);
  await presence.start();
  // Every socket command, whatever its module, first checks the account's standing: kept with
  // the socket, re-read when a standing event passes (issue 35).
  hub.guardCommands(standingRules(stores.accounts, config.supportEmail));

  const sweeper = new Sweeper(stores, clock);
  const housekeeping = new JobRunner(
    [{ name: 'accounts-sweep', everyMs: SWEEP_EVERY_MS, run: () => sweeper.sweep() }],
    log,
  );
  housekeeping.start();

  return {
    authenticateSocket: socketAuthenticator(sessions),
    async isAdmin(userId) {
      const user = await stores.accounts.findById(userId);
      return user !== null && roleOf(user, config.adminEmails) === 'admin';
    },
    profile: {
      async me(userId, sessionPublicId) {
        const user = await stores.accounts.findById(userId);
        return user ? accounts.me(user, sessionPublicId) : null;
      },
      async notifyChanged(userId) {
        const user = await stores.accounts.findById(userId);
        if (user) await accounts.notifyProfile(user);
      },
      accountRestricted: (userId) => events.accountRestricted(userId),
      standingChanged: (userId) => events.standingChanged(userId),
    },
    async close() {
      await housekeeping.stop();
      await presence.stop();
    },
  };
}
