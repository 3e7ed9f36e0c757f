import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  TEXTS,
  dateOfBirthIso,
  needsDateOfBirth,
  validateConfirm,
  validateDateOfBirth,
  validateEmail,
  validatePassword,
  validateUsernameChange,
} from '@rush/domain';
import type {
  ChangeColorRequest,
  ChangePasswordRequest,
  ChangeSettingsRequest,
  ChangeUsernameRequest,
  DateOfBirthRequest,
  Me,
  RecoveryEmailRequest,
} from '@rush/protocol';
import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { Mail, Mailer } from '../../platform/mail/mailer.ts';
import { normaliseAvatar } from './avatar.ts';
import type { UserEventPublisher } from './events.ts';
import { recoveryEmailChangeNotice, recoveryEmailVerificationMail } from './mail-templates.ts';
import type { MeSource } from './balances.ts';
import { buildMe } from './me.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RequestAuth } from './request-auth.ts';
import type { Sessions } from './sessions.ts';
import { conflictError, fieldErrors } from './field-errors.ts';
import type { AccountStore, UserRecord } from './store.ts';
import type { LoginThrottle } from './throttle.ts';
import { randomToken, sha256 } from './tokens.ts';

/** A recovery-address link works for a day, like the sign-up link. */
export const RECOVERY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export interface SettingsDeps {
  accounts: AccountStore;
  me: MeSource;
  throttle: LoginThrottle;
  events: UserEventPublisher;
  config: Pick<Config, 'appUrl' | 'productName' | 'supportEmail'>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessions: Pick<Sessions, 'currentPublicId'>;
}

/** The Account Settings modal (SPEC 2: General and Security panes). Every change answers the new `Me`. */
export class SettingsService {
  constructor(private readonly d: SettingsDeps) {}

  async changeUsername(auth: RequestAuth, input: z.infer<typeof ChangeUsernameRequest>): Promise<Me> {
    const username = input.username.trim();
    const invalid = validateUsernameChange(username);
    if (invalid) throw fieldErrors({ username: invalid });
    if (username === auth.user.username) return buildMe(this.d.me, auth.user, auth.session.publicId);
    const updated = await this.d.accounts.setUsername(auth.user.id, username);
    if (typeof updated === 'string') throw conflictError(updated);
    return this.changed(auth, updated);
  }

  /**
   * SPEC 5: the date of birth of an account a sign-in provider made, given once, 18 or older.
   * Until it is given the account may only look and sign out (request-auth.ts).
   */
  async setDateOfBirth(auth: RequestAuth, input: z.infer<typeof DateOfBirthRequest>): Promise<Me> {
    if (!needsDateOfBirth(auth.user)) throw new AppError('CONFLICT', TEXTS.dobAlreadySet);
    const invalid = validateDateOfBirth(input.dob, this.d.clock.now());
    if (invalid) throw fieldErrors({ dob: invalid });
    const updated = await this.d.accounts.setDateOfBirthOnce(auth.user.id, dateOfBirthIso(input.dob));
    // Two submissions at once: the first set it, the second finds it set.
    if (!updated) throw new AppError('CONFLICT', TEXTS.dobAlreadySet);
    // The sockets the account already has may act now (issue 35: they keep its standing).
    await this.d.events.standingChanged(auth.user.id);
    return this.changed(auth, updated);
  }

  async changeColor(auth: RequestAuth, input: z.infer<typeof ChangeColorRequest>): Promise<Me> {
    return this.changed(auth, await this.d.accounts.update(auth.user.id, { usernameColor: input.color }));
  }

  async changeSettings(auth: RequestAuth, input: z.infer<typeof ChangeSettingsRequest>): Promise<Me> {
    // Only the known flags, whatever else the object carried (the schema is strict anyway).
    const patch: Partial<UserRecord['settings']> = {};
    if (input.showDollar !== undefined) patch.showDollar = input.showDollar;
    if (input.showWbx !== undefined) patch.showWbx = input.showWbx;
    if (input.hideLichessUsername !== undefined) patch.hideLichessUsername = input.hideLichessUsername;
    if (input.soundMuted !== undefined) patch.soundMuted = input.soundMuted;
    if (input.realityCheckMinutes !== undefined) patch.realityCheckMinutes = input.realityCheckMinutes;
    if (Object.keys(patch).length === 0) return buildMe(this.d.me, auth.user, auth.session.publicId);
    return this.changed(auth, await this.d.accounts.mergeSettings(auth.user.id, patch));
  }

  /**
   * Issue 10: a session alone must not redirect password resets. The new address needs the
   * current password, is only pending until the link mailed to it is opened (forgot-password
   * never mails a pending address), and the account's own address is told at once.
   */
  async setRecoveryEmail(auth: RequestAuth, input: z.infer<typeof RecoveryEmailRequest>): Promise<Me> {
    const email = input.email.trim();
    const invalid = validateEmail(email);
    await this.checkCurrentPassword(auth, input.currentPassword, invalid ? { email: invalid } : {});
    if (invalid) throw fieldErrors({ email: invalid });
    const userId = auth.user.id;
    const now = this.d.clock.now();
    if (auth.user.recoveryEmail?.toLowerCase() === email.toLowerCase()) {
      // Already the verified address: nothing to prove, and an older pending change is withdrawn.
      await this.d.accounts.invalidateEmailTokens(userId, 'recovery', now);
      return this.changed(auth, auth.user);
    }
    const token = randomToken();
    await this.d.accounts.transaction(async (s) => {
      await s.invalidateEmailTokens(userId, 'recovery', now);
      await s.insertEmailToken({
        tokenHash: sha256(token),
        userId,
        kind: 'recovery',
        email,
        expiresAt: new Date(now.getTime() + RECOVERY_TOKEN_TTL_MS),
        createdAt: now,
      });
    });
    this.send(recoveryEmailVerificationMail(email, token, this.d.config));
    this.send(recoveryEmailChangeNotice(auth.user.email, email, this.d.config));
    return this.changed(auth, auth.user);
  }

  /** The link mailed to a new recovery address: from now on forgot-password may mail it. */
  async verifyRecoveryEmail(token: string): Promise<boolean> {
    const now = this.d.clock.now();
    const updated = await this.d.accounts.transaction(async (s) => {
      const used = await s.consumeEmailToken(sha256(token), 'recovery', now);
      if (!used) return null;
      return s.update(used.userId, { recoveryEmail: used.email });
    });
    if (!updated) return false;
    // The link may be opened anywhere: the account's own open pages learn of it.
    const sessionId = await this.d.sessions.currentPublicId(updated.id);
    if (sessionId) await this.d.events.profileChanged(await buildMe(this.d.me, updated, sessionId));
    return true;
  }

  /**
   * SPEC 2 Security pane. The current password must be right (growing delays after 5 wrong
   * tries, so a borrowed session cannot guess it); an account without a password (Google only)
   * sets one through forgot-password, which proves the mailbox. Outstanding reset links and a
   * pending recovery change die with the old password.
   */
  async changePassword(auth: RequestAuth, input: z.infer<typeof ChangePasswordRequest>): Promise<string> {
    const errors: Record<string, string> = {};
    const pw = validatePassword(input.newPassword);
    if (pw) errors.newPassword = pw;
    const confirm = validateConfirm(input.newPassword, input.confirmPassword);
    if (confirm) errors.confirmPassword = confirm;
    await this.checkCurrentPassword(auth, input.currentPassword, errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const passwordHash = await hashPassword(input.newPassword);
    const now = this.d.clock.now();
    await this.d.accounts.transaction(async (s) => {
      await s.update(auth.user.id, { passwordHash });
      await s.invalidateEmailTokens(auth.user.id, 'reset', now);
      await s.invalidateEmailTokens(auth.user.id, 'recovery', now);
    });
    // The pending recovery change is gone: the pages show it.
    await this.changed(auth, await this.d.accounts.findById(auth.user.id));
    return TEXTS.passwordChanged;
  }

  /**
   * Every current-password check: the attempt is counted before the hash is verified (parallel
   * guesses cannot slip through), a wrong one answers under its field along with `otherErrors`,
   * a right one clears the counter.
   */
  private async checkCurrentPassword(auth: RequestAuth, password: string, otherErrors: Record<string, string>) {
    await this.d.throttle.reserveCurrentPassword(auth.user.id);
    const stored = auth.user.passwordHash;
    const ok = stored !== null && (await verifyPassword(stored, password));
    if (!ok) throw fieldErrors({ currentPassword: TEXTS.currentPasswordWrong, ...otherErrors });
    await this.d.throttle.currentPasswordSucceeded(auth.user.id);
  }

  /** Mail leaves in the background: an SMTP hiccup must not fail the change. */
  private send(mail: Mail): void {
    this.d.mailer.send(mail).catch((err: unknown) => this.d.log.error({ err, subject: mail.subject }, 'mail not sent'));
  }

  /** SPEC 5: anything but a real png/jpeg is ignored silently: the answer is the unchanged `Me`. */
  async setAvatar(auth: RequestAuth, file: Buffer): Promise<Me> {
    const image = await normaliseAvatar(file);
    if (!image) return buildMe(this.d.me, auth.user, auth.session.publicId);
    return this.changed(auth, await this.d.accounts.setAvatar(auth.user.id, image));
  }

  readAvatar(userId: string): Promise<{ image: Buffer; version: number } | null> {
    return this.d.accounts.readAvatar(userId);
  }

  private async changed(auth: RequestAuth, updated: UserRecord | null): Promise<Me> {
    // The row vanished under a live request: the account is gone, so is the session.
    if (!updated) throw unauthenticated();
    const me = await buildMe(this.d.me, updated, auth.session.publicId);
    await this.d.events.profileChanged(me);
    return me;
  }
}
