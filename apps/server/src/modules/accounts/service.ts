import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAIL_SPACING_MS,
  TEXTS,
  classifyIdentifier,
  mailWaitMs,
  validateConfirm,
  validateEmail,
  validatePassword,
  validateRegistration,
  dateOfBirthIso,
} from '@rush/domain';
import type { z } from 'zod';
import type { ForgotPasswordRequest, LoginRequest, Me, RegisterRequest, ResetPasswordRequest } from '@rush/protocol';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import type { Captcha } from './captcha.ts';
import type { UserEventPublisher } from './events.ts';
import { registrationAttemptMail, resetPasswordMail, verificationMail } from './mail-templates.ts';
import type { MeSource } from './balances.ts';
import { buildMe } from './me.ts';
import { dummyVerify, hashPassword, verifyPassword } from './passwords.ts';
import type { PresenceService } from './presence.ts';
import type { ClientMeta, Sessions } from './sessions.ts';
import type { AccountStore, UserRecord } from './store.ts';
import { conflictError, fieldErrors } from './field-errors.ts';
import { loginKeys, verificationMailRefused, type LoginThrottle } from './throttle.ts';
import { randomToken, sha256 } from './tokens.ts';

const HOUR = 60 * 60 * 1000;
/** Issue 36: the verification link signs its owner in, so it lives as briefly as a reset link. */
export const VERIFY_TOKEN_TTL_MS = HOUR;
/** Reset links expire after an hour and work once. */
export const RESET_TOKEN_TTL_MS = HOUR;
/** At most one "someone tried to sign up with your address" mail per account per hour. */
export const REGISTRATION_NOTICE_SPACING_MS = HOUR;

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
  /** What `Me` is built from. */
  me: MeSource;
  sessions: Sessions;
  throttle: LoginThrottle;
  captcha: Captcha;
  presence: PresenceService;
  events: UserEventPublisher;
}

/** Sign-up, sign-in, sign-out, e-mail verification and password recovery (SPEC 2, 4, 5, 8). */
export class AccountService {
  constructor(private readonly d: AccountDeps) {}

  /**
   * Issue 10: the answer (TEXTS.registrationCheckEmail, no session) is the same whether the
   * address is new or already has an account, so registration tells nobody which addresses are
   * customers. A new account is made unverified and mailed its link, which signs it in; the
   * owner of a taken address is mailed instead and nothing is made. Usernames are public, so a
   * taken one still gets SPEC 8's "Username exists".
   */
  async register(input: RegisterRequest, meta: ClientMeta): Promise<void> {
    const now = this.d.clock.now();
    const username = input.username.trim();
    const email = input.email.trim();
    const rules = validateRegistration({ ...input, username, email }, now);
    if (Object.keys(rules).length > 0) throw fieldErrors(rules);
    // After the form rules (a typo must not burn the single-use captcha token), before any
    // lookup (a bot must not probe which names and addresses exist).
    await this.d.captcha.check(input.captchaToken, meta.ip);
    // A friendly early answer; the unique indexes below stay the real guard against races.
    if (await this.d.accounts.usernameTaken(username)) {
      const pending = await this.pendingSignUp(username, input.password, meta);
      if (!pending) throw fieldErrors({ username: TEXTS.usernameExists });
      return this.resendOrCorrect(pending, email);
    }
    // Hashed on both paths, so the answer time does not tell a taken address either.
    const passwordHash = await hashPassword(input.password);
    const owner = await this.d.accounts.findByEmail(email);
    if (owner) return this.tellOwnerOfRegistration(owner);
    const created = await this.d.accounts.insertUser({
      id: crypto.randomUUID(),
      username,
      email,
      emailVerified: false,
      passwordHash,
      dateOfBirth: input.dob ? dateOfBirthIso(input.dob) : null,
      googleSub: null,
      createdAt: now,
    });
    if (created === 'email') {
      // A concurrent registration of the same address won: answer as for any taken address.
      const winner = await this.d.accounts.findByEmail(email);
      if (winner) await this.tellOwnerOfRegistration(winner);
      return;
    }
    if (typeof created === 'string') throw conflictError(created);
    await this.issueVerification(created);
  }

  /**
   * Issue 36: the sign-up panel's Resend and "Change it" send the form again. The same username
   * with its password, on an account whose address was never verified, is the same person: not
   * a taken username. Only a caller who knows the password gets past "Username exists".
   */
  private async pendingSignUp(username: string, password: string, meta: ClientMeta): Promise<UserRecord | null> {
    const user = await this.d.accounts.findByUsername(username);
    if (!user || user.emailVerified || !user.passwordHash) return null;
    // A password guess like a login's, so it counts against the same keys before the hash is
    // checked: sign-up must not be a way around the login throttle.
    const keys = loginKeys(user.id, meta.ip);
    await this.d.throttle.reserveLogin(keys);
    if (!(await verifyPassword(user.passwordHash, password))) return null;
    await this.d.throttle.loginSucceeded(keys);
    return user;
  }

  /**
   * The same address: a new link (at most one a minute, silently). Another address: the account
   * moves to it and the old links die, unless it belongs to someone else, whose owner is told as
   * for any taken address. The answer is the same in every case.
   */
  private async resendOrCorrect(user: UserRecord, email: string): Promise<void> {
    if (user.email.toLowerCase() === email.toLowerCase()) return this.issueVerification(user);
    const owner = await this.d.accounts.findByEmail(email);
    if (owner) return this.tellOwnerOfRegistration(owner);
    const moved = await this.d.accounts.setUnverifiedEmail(user.id, email);
    if (typeof moved === 'string' || !moved) return; // lost a race for the address: as if taken
    await this.d.accounts.invalidateEmailTokens(user.id, 'verify', this.d.clock.now());
    await this.mailVerification(moved);
  }

  /** At most one such mail per account per hour: nobody gets mail-bombed through sign-up. */
  private async tellOwnerOfRegistration(owner: UserRecord): Promise<void> {
    if (!(await this.d.throttle.allowOnce(`regmail:${owner.id}`, REGISTRATION_NOTICE_SPACING_MS))) return;
    this.send(registrationAttemptMail(owner.email, this.product()));
  }

  async login(input: LoginRequest, meta: ClientMeta, previousToken: string | undefined): Promise<SignedIn> {
    const id = classifyIdentifier(input.identifier);
    if (!id) throw new AppError('VALIDATION', TEXTS.identifierRequired, { identifier: TEXTS.identifierRequired });
    const user =
      id.kind === 'email'
        ? await this.d.accounts.findByEmail(id.value)
        : await this.d.accounts.findByUsername(id.value);
    const keys = loginKeys(user?.id ?? `?${id.value.toLowerCase()}`, meta.ip);
    // Counted before the hash is checked (issue 10): parallel guesses each take a number, and
    // those past the allowance are refused without being evaluated.
    const { captchaNeeded } = await this.d.throttle.reserveLogin(keys);
    if (captchaNeeded) await this.d.captcha.check(input.captchaToken, meta.ip);
    const ok = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await dummyVerify(input.password);
    if (!ok || !user) throw new AppError('INVALID_CREDENTIALS', TEXTS.invalidCredentials);
    // Only a caller who knows the password learns that the account is disabled. A closed
    // (self-excluded) account still signs in: its pages show the permanent overlay (SPEC 2) and
    // every change but logout is refused (request-auth.ts).
    if (user.loginDisabled) throw new AppError('ACCOUNT_DISABLED', TEXTS.loginDisabled(this.d.config.supportEmail));
    await this.d.throttle.loginSucceeded(keys);
    return this.signIn(user, meta, previousToken);
  }

  /** Starts the single session of `user` (also the last step of Google sign-in). */
  async signIn(user: UserRecord, meta: ClientMeta, previousToken: string | undefined): Promise<SignedIn> {
    const session = await this.d.sessions.start(user.id, meta, previousToken);
    return { token: session.token, me: await buildMe(this.d.me, user, session.publicId) };
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const ended = await this.d.sessions.end(token);
    if (ended) await this.d.presence.userSignedOut(ended.userId);
  }

  /**
   * The account whose address the link verified (the one it was sent to, still the account's), or
   * null. Issue 36: verifying kills the account's other verification links, so no link left in
   * the mailbox verifies or signs in afterwards.
   */
  async verifyEmail(token: string): Promise<UserRecord | null> {
    const now = this.d.clock.now();
    const used = await this.d.accounts.consumeEmailToken(sha256(token), 'verify', now);
    if (!used) return null;
    const user = await this.d.accounts.findById(used.userId);
    if (!user || user.email.toLowerCase() !== used.email.toLowerCase()) return null;
    await this.d.accounts.invalidateEmailTokens(user.id, 'verify', now);
    if (user.emailVerified) return user;
    const updated = await this.d.accounts.update(user.id, { emailVerified: true });
    if (updated) await this.notifyProfile(updated);
    return updated;
  }

  /**
   * Issue 36: the verification link proves the mailbox, so it finishes a sign-up by signing in
   * wherever it is opened (registration itself signs nobody in: issue 10). A session like
   * login's: the single-session rule ends any other, and an account login refuses
   * (`loginDisabled`: banned) is not signed in; a closed one is, as login does.
   */
  async signInFromLink(
    user: UserRecord,
    meta: ClientMeta,
    previousToken: string | undefined,
  ): Promise<SignedIn | null> {
    if (user.loginDisabled) return null;
    return this.signIn(user, meta, previousToken);
  }

  /**
   * Issue 19: a mail is sent, or the answer is the wait (429 naming it, Retry-After): a resend
   * never claims a mail it did not send. The sign-up mail counts as the last one sent.
   */
  async resendVerification(user: UserRecord): Promise<void> {
    if (user.emailVerified) return;
    const now = this.d.clock.now();
    const last = await this.d.accounts.recentEmailToken(user.id, 'verify', new Date(now.getTime() - MAIL_SPACING_MS));
    const wait = mailWaitMs(last?.createdAt ?? null, now);
    if (wait > 0) throw verificationMailRefused(wait);
    await this.d.throttle.reserveVerificationMail(user.id);
    await this.mailVerification(user);
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
      // A recovery change someone else started dies with the password it was made under.
      await s.invalidateEmailTokens(user.id, 'recovery', now);
      return user.id;
    });
    if (!userId) throw invalidLink();
    await this.d.sessions.endAll(userId);
    await this.d.presence.userSignedOut(userId);
    // The owner proved control of the mailbox: the account lock from others' guesses lifts.
    await this.d.throttle.clearAccount(userId);
  }

  async me(user: UserRecord, sessionPublicId: string): Promise<Me> {
    return buildMe(this.d.me, user, sessionPublicId);
  }

  /** Publishes the new `Me` to the user's open pages (their one session, if any). */
  async notifyProfile(user: UserRecord): Promise<void> {
    const sessionId = await this.d.sessions.currentPublicId(user.id);
    if (sessionId) await this.d.events.profileChanged(await buildMe(this.d.me, user, sessionId));
  }

  private async issueVerification(user: UserRecord): Promise<void> {
    const now = this.d.clock.now();
    if (await this.d.accounts.recentEmailToken(user.id, 'verify', new Date(now.getTime() - MAIL_SPACING_MS))) return;
    await this.mailVerification(user);
  }

  private async mailVerification(user: UserRecord): Promise<void> {
    const now = this.d.clock.now();
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
