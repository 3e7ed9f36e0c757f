import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { TEXTS } from '@rush/domain';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** SPEC 9: backend HTTP timeout 6 s. */
const VERIFY_TIMEOUT_MS = 6_000;

const VerifyAnswer = z.object({ success: z.boolean() });

/**
 * The captcha port (ARCHITECTURE principle 7): off when CAPTCHA_SITE_KEY/SECRET are unset,
 * otherwise the provider's siteverify call (hCaptcha and reCAPTCHA share its form: secret,
 * response, remoteip; answer `{ success }`).
 */
export class Captcha {
  constructor(
    private readonly config: Config['captcha'],
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.config !== null;
  }

  /** Throws a 400 unless the token is accepted (or the captcha is off). */
  async check(token: string | undefined, ip: string): Promise<void> {
    if (!this.config) return;
    if (!token || !(await this.verify(this.config, token, ip))) {
      throw new AppError('VALIDATION', TEXTS.captchaFailed, { captchaToken: TEXTS.captchaFailed });
    }
  }

  private async verify(cfg: NonNullable<Config['captcha']>, token: string, ip: string): Promise<boolean> {
    try {
      const res = await fetch(cfg.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        // hCaptcha checks the token was issued for our site key when `sitekey` is sent.
        body: new URLSearchParams({ secret: cfg.secret, response: token, remoteip: ip, sitekey: cfg.siteKey }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!res.ok) {
        this.log.warn({ status: res.status }, 'captcha verification refused');
        return false;
      }
      const answer = VerifyAnswer.safeParse(await res.json());
      return answer.success && answer.data.success;
    } catch (err) {
      // Fail closed: an unreachable provider must not switch the captcha off.
      this.log.warn({ err }, 'captcha verification failed');
      return false;
    }
  }
}
