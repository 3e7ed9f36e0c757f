import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  TEXTS,
  classifyIdentifier,
  validateConfirm,
  validateEmail,
  validatePassword,
  validateRegistration,
  type DateOfBirth,
} from '@rush/domain';
import type { z } from 'zod';
import type { ForgotPasswordRequest, LoginRequest, Me, RegisterRequest, ResetPasswordRequest } from '@rush/protocol';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import type { Captcha } from './captcha.ts';
import type { UserEventPublisher } from './events.ts';
import { resetPasswordMail, verificationMail } from './mail-templates.ts';
import { buildMe } from './me.ts';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.ts';
import type { PresenceService } from './presence.ts';
import type { ClientMeta, Sessions } from './sessions.ts';
import type { AccountStore, UserRecord } from './store.ts';
import { conflictError, fieldErrors } from './field-errors.ts';
import { loginKeys, type LoginThrottle } from './throttle.ts';
import { randomToken, sha256 } from './tokens.ts';

const HOUR = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * HOUR;
/** Reset links expire after an hour and work once. */
export const RESET_TOKEN_TTL_MS = HOUR;
/** At most one verification or reset mail per account per minute: nobody gets mail-bombed through us. */
export const MAIL_SPACING_MS = 60_000;

export interface SignedIn {
  /** The new session cookie token. */
  token: string;
  me: Me;
}

export interface AccountDeps {
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  accounts: AccountStore;
  sessions: Sessions;
  throttle: LoginThrottle;
  captcha: Captcha;
  presence: PresenceService;
  events: UserEventPublisher;
}

const isoDate = (d: DateOfBirth) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** Sign-up, sign-in, sign-out, e-mail verification and password recovery (SPEC 2, 4, 5, 8). */
export class AccountService {
  constructor(private readonly d: AccountDeps) {}

  /** SPEC 6 admin role: ADMIN_EMAILS, checked at registration and at every login. */
  roleFor(email: string): 'admin' | 'user' {
    return this.d.config.adminEmails.has(email.trim().toLowerCase()) ? 'admin' : 'user';
  }

  async register(input: RegisterRequest, meta: ClientMeta, previousToken: string | undefined): Promise<SignedIn> {
    const now = this.d.clock.now();
    const username = input.username.trim();
    const email = input.email.trim();
    const rules = validateRegistration({ ...input, username, email }, now);
    if (Object.keys(rules).length > 0) throw fieldErrors(rules);
    // After the form rules (a typo must not burn the single-use captcha token), before any
    // lookup (a bot must not probe which names and addresses exist).
    await this.d.captcha.check(input.captchaToken, meta.ip);
    // Friendly early answers; the unique indexes below stay the real guard against races.
    const taken: Record<string, string> = {};
    if (await this.d.accounts.usernameTaken(username)) taken.username = TEXTS.usernameExists;
    if (await this.d.accounts.emailTaken(email)) taken.email = TEXTS.emailTaken;
    if (Object.keys(taken).length > 0) throw fieldErrors(taken);

    const passwordHash = await hashPassword(input.password);
    const created = await this.d.accounts.insertUser({
      id: crypto.randomUUID(),
      username,
      email,
      emailVerified: false,
      passwordHash,
      dateOfBirth: input.dob ? isoDate(input.dob) : null,
      role: this.roleFor(email),
      googleSub: null,
      createdAt: now,
    });
    if (typeof created === 'string') throw conflictError(created);

    const session = await this.d.sessions.start(created.id, meta, previousToken);
    await this.issueVerification(created);
    return { token: session.token, me: await buildMe(this.d.accounts, created, session.publicId) };
  }

  async login(input: LoginRequest, meta: ClientMeta, previousToken: string | undefined): Promise<SignedIn> {
    const id = classifyIdentifier(input.identifier);
    if (!id) throw new AppError('VALIDATION', TEXTS.identifierRequired, { identifier: TEXTS.identifierRequired });
    const user =
      id.kind === 'email'
        ? await this.d.accounts.findByEmail(id.value)
        : await this.d.accounts.findByUsername(id.value);
    const keys = loginKeys(user?.id ?? `?${id.value.toLowerCase()}`, meta.ip);
    if (await this.d.throttle.isLocked([keys.accountIp, keys.account, keys.ip])) {
      throw new AppError('TOO_MANY_ATTEMPTS', TEXTS.tooManyAttempts);
    }
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await dummyVerify(input.password);
    if (!ok || !user) {
      await this.d.throttle.loginFailed(keys);
      throw new AppError('INVALID_CREDENTIALS', TEXTS.invalidCredentials);
    }
    // Only a caller who knows the password learns that the account is disabled. A closed
    // (self-excluded) account still signs in: its pages show the permanent overlay (SPEC 2) and
    // every change but logout is refused (request-auth.ts).
    if (user.loginDisabled) throw new AppError('ACCOUNT_DISABLED', TEXTS.loginDisabled(this.d.config.supportEmail));
    await this.d.throttle.loginSucceeded(keys);
    return this.signIn(await this.promoteIfListed(user), meta, previousToken);
  }

  /** Starts the single session of `user` (also the last step of Google sign-in). */
  async signIn(user: UserRecord, meta: ClientMeta, previousToken: string | undefined): Promise<SignedIn> {
    const session = await this.d.sessions.start(user.id, meta, previousToken);
    return { token: session.token, me: await buildMe(this.d.accounts, user, session.publicId) };
  }

  /** The env list may have gained this address since the account was made. */
  async promoteIfListed(user: UserRecord): Promise<UserRecord> {
    if (user.role === 'admin' || this.roleFor(user.email) !== 'admin') return user;
    return (await this.d.accounts.update(user.id, { role: 'admin' })) ?? user;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const ended = await this.d.sessions.end(token);
    if (ended) await this.d.presence.userSignedOut(ended.userId);
  }

  /** True when the link verified the address it was sent to (and that is still the account's). */
  async verifyEmail(token: string): Promise<boolean> {
    const now = this.d.clock.now();
    const used = await this.d.accounts.consumeEmailToken(sha256(token), 'verify', now);
    if (!used) return false;
    const user = await this.d.accounts.findById(used.userId);
    if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) return false;
    if (!user.emailVerified) {
      const updated = await this.d.accounts.update(user.id, { emailVerified: true });
      if (updated) await this.notifyProfile(updated);
    }
    return true;
  }

  async resendVerification(user: UserRecord): Promise<void> {
    if (user.emailVerified) return;
    await this.issueVerification(user);
  }

  /**
   * SPEC 2: the same answer whether or not the address has an account (no enumeration); the
   * mail goes to the address typed, which is the account's login or recovery email.
   */
  async forgotPassword(input: z.infer<typeof ForgotPasswordRequest>, meta: ClientMeta): Promise<void> {
    const email = input.email.trim();
    const invalid = validateEmail(email);
    if (invalid) throw fieldErrors({ email: invalid });
    await this.d.captcha.check(input.captchaToken, meta.ip);
    const user = await this.d.accounts.findByEmailOrRecoveryEmail(email);
    if (!user || user.closed || user.loginDisabled) return;
    const now = this.d.clock.now();
    if (await this.d.accounts.recentEmailToken(user.id, 'reset', new Date(now.getTime() - MAIL_SPACING_MS))) return;
    const token = randomToken();
    await this.d.accounts.insertEmailToken({
      tokenHash: sha256(token),
      userId: user.id,
      kind: 'reset',
      email,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    this.send(resetPasswordMail(email, token, this.product()));
  }

  /** Sets a new password from a mailed link; every session of the account ends. */
  async resetPassword(input: z.infer<typeof ResetPasswordRequest>): Promise<void> {
    const tokenHash = sha256(input.token);
    const invalidLink = () => new AppError('VALIDATION', TEXTS.resetLinkInvalid, { token: TEXTS.resetLinkInvalid });
    // Peek first, so a password the rules refuse does not burn the link.
    if (!(await this.d.accounts.findLiveEmailToken(tokenHash, 'reset', this.d.clock.now()))) throw invalidLink();
    const errors: Record<string, string> = {};
    const pw = validatePassword(input.password);
    if (pw) errors.password = pw;
    const confirm = validateConfirm(input.password, input.confirmPassword);
    if (confirm) errors.confirmPassword = confirm;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    const passwordHash = await hashPassword(input.password);
    const userId = await this.d.accounts.transaction(async (s) => {
      const now = this.d.clock.now();
      const used = await s.consumeEmailToken(tokenHash, 'reset', now);
      if (!used) return null; // a concurrent use of the same link won
      const user = await s.findById(used.userId);
      if (!user) return null;
      // The link reached the account's own address: that proves the address too.
      const provesEmail = user.email.toLowerCase() === used.email.toLowerCase();
      await s.update(user.id, provesEmail ? { passwordHash, emailVerified: true } : { passwordHash });
      await s.invalidateEmailTokens(user.id, 'reset', now);
      return user.id;
    });
    if (!userId) throw invalidLink();
    await this.d.sessions.endAll(userId);
    await this.d.presence.userSignedOut(userId);
    // The owner proved control of the mailbox: the account lock from others' guesses lifts.
    await this.d.throttle.clearAccount(userId);
  }

  async me(user: UserRecord, sessionPublicId: string): Promise<Me> {
    return buildMe(this.d.accounts, user, sessionPublicId);
  }

  /** Publishes the new `Me` to the user's open pages (their one session, if any). */
  async notifyProfile(user: UserRecord): Promise<void> {
    const sessionId = await this.d.sessions.currentPublicId(user.id);
    if (sessionId) await this.d.events.profileChanged(await buildMe(this.d.accounts, user, sessionId));
  }

  private async issueVerification(user: UserRecord): Promise<void> {
    const now = this.d.clock.now();
    if (await this.d.accounts.recentEmailToken(user.id, 'verify', new Date(now.getTime() - MAIL_SPACING_MS))) return;
    const token = randomToken();
    await this.d.accounts.insertEmailToken({
      tokenHash: sha256(token),
      userId: user.id,
      kind: 'verify',
      email: user.email,
      expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
      createdAt: now,
    });
    this.send(verificationMail(user.email, token, this.product()));
  }

  private product() {
    const { appUrl, productName, supportEmail } = this.d.config;
    return { appUrl, productName, supportEmail };
  }

  /**
   * Mail leaves in the background: an SMTP hiccup must not fail a registration, and the answer
   * time of forgot-password must not depend on whether a mail was sent.
   */
  private send(mail: Mail): void {
    this.d.mailer.send(mail).catch((err: unknown) => this.d.log.error({ err, subject: mail.subject }, 'mail not sent'));
  }
}
