import type { z } from 'zod';
import { TEXTS, validateConfirm, validateEmail, validatePassword, validateUsernameChange } from '@rush/domain';
import type {
  ChangeColorRequest,
  ChangePasswordRequest,
  ChangeSettingsRequest,
  ChangeUsernameRequest,
  Me,
  RecoveryEmailRequest,
} from '@rush/protocol';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import { normaliseAvatar } from './avatar.ts';
import type { UserEventPublisher } from './events.ts';
import { buildMe } from './me.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RequestAuth } from './request-auth.ts';
import { conflictError, fieldErrors } from './field-errors.ts';
import type { AccountStore, UserRecord } from './store.ts';
import { CURRENT_PASSWORD_RULE, type LoginThrottle } from './throttle.ts';

export interface SettingsDeps {
  accounts: AccountStore;
  throttle: LoginThrottle;
  events: UserEventPublisher;
}

/** The Account Settings modal (SPEC 2: General and Security panes). Every change answers the new `Me`. */
export class SettingsService {
  constructor(private readonly d: SettingsDeps) {}

  async changeUsername(auth: RequestAuth, input: z.infer<typeof ChangeUsernameRequest>): Promise<Me> {
    const username = input.username.trim();
    const invalid = validateUsernameChange(username);
    if (invalid) throw fieldErrors({ username: invalid });
    if (username === auth.user.username) return buildMe(this.d.accounts, auth.user, auth.session.publicId);
    const updated = await this.d.accounts.setUsername(auth.user.id, username);
    if (typeof updated === 'string') throw conflictError(updated);
    return this.changed(auth, updated);
  }

  async changeColor(auth: RequestAuth, input: z.infer<typeof ChangeColorRequest>): Promise<Me> {
    return this.changed(auth, await this.d.accounts.update(auth.user.id, { usernameColor: input.color }));
  }

  async changeSettings(auth: RequestAuth, input: z.infer<typeof ChangeSettingsRequest>): Promise<Me> {
    // Only the known flags, whatever else the object carried (the schema is strict anyway).
    const patch: Partial<Record<'showDollar' | 'showWbx' | 'hideLichessUsername', boolean>> = {};
    if (input.showDollar !== undefined) patch.showDollar = input.showDollar;
    if (input.showWbx !== undefined) patch.showWbx = input.showWbx;
    if (input.hideLichessUsername !== undefined) patch.hideLichessUsername = input.hideLichessUsername;
    if (Object.keys(patch).length === 0) return buildMe(this.d.accounts, auth.user, auth.session.publicId);
    return this.changed(auth, await this.d.accounts.mergeSettings(auth.user.id, patch));
  }

  async setRecoveryEmail(auth: RequestAuth, input: z.infer<typeof RecoveryEmailRequest>): Promise<Me> {
    const email = input.email.trim();
    const invalid = validateEmail(email);
    if (invalid) throw fieldErrors({ email: invalid });
    return this.changed(auth, await this.d.accounts.update(auth.user.id, { recoveryEmail: email }));
  }

  /**
   * SPEC 2 Security pane. The current password must be right (5 wrong tries lock this for 15
   * minutes, so a borrowed session cannot guess it); an account without a password (Google
   * only) sets one through forgot-password, which proves the mailbox.
   */
  async changePassword(auth: RequestAuth, input: z.infer<typeof ChangePasswordRequest>): Promise<string> {
    const key = `pwchange:${auth.user.id}`;
    if (await this.d.throttle.isLocked([key])) throw new AppError('TOO_MANY_ATTEMPTS', TEXTS.tooManyAttempts);
    const errors: Record<string, string> = {};
    const pw = validatePassword(input.newPassword);
    if (pw) errors.newPassword = pw;
    const confirm = validateConfirm(input.newPassword, input.confirmPassword);
    if (confirm) errors.confirmPassword = confirm;
    const stored = auth.user.passwordHash;
    const currentOk = stored !== null && (await verifyPassword(stored, input.currentPassword));
    if (!currentOk) {
      await this.d.throttle.failed(key, CURRENT_PASSWORD_RULE);
      throw fieldErrors({ currentPassword: TEXTS.currentPasswordWrong, ...errors });
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    await this.d.throttle.clear(key);
    await this.d.accounts.update(auth.user.id, { passwordHash: await hashPassword(input.newPassword) });
    return TEXTS.passwordChanged;
  }

  /** SPEC 5: anything but a real png/jpeg is ignored silently: the answer is the unchanged `Me`. */
  async setAvatar(auth: RequestAuth, file: Buffer): Promise<Me> {
    const image = await normaliseAvatar(file);
    if (!image) return buildMe(this.d.accounts, auth.user, auth.session.publicId);
    return this.changed(auth, await this.d.accounts.setAvatar(auth.user.id, image));
  }

  readAvatar(userId: string): Promise<{ image: Buffer; version: number } | null> {
    return this.d.accounts.readAvatar(userId);
  }

  private async changed(auth: RequestAuth, updated: UserRecord | null): Promise<Me> {
    // The row vanished under a live request: the account is gone, so is the session.
    if (!updated) throw unauthenticated();
    const me = await buildMe(this.d.accounts, updated, auth.session.publicId);
    await this.d.events.profileChanged(me);
    return me;
  }
}
