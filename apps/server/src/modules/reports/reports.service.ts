import { checkBugReport, checkPlayerReport, SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ThrottleStore, type ThrottleRule } from '../accounts/throttle.store.ts';
import { ReportsStore } from './reports.store.ts';

const HOUR = 3_600_000;
/** Ours: enough for a bad evening, too few to bury the admin console or a rival in reports. */
export const PLAYER_REPORTS_PER_HOUR = 10;
/** Ours: bug reports per signed-in user, or per address for anonymous visitors. */
export const BUG_REPORT_RULE: ThrottleRule = { maxFailures: 10, windowMs: HOUR, lockMs: HOUR };
/** Ours: a game or spectator URL is short; anything longer is not one. */
const URL_MAX = 500;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;

const rateLimited = () => new AppError('RATE_LIMITED', TEXTS.rateLimited);

export class ReportsService {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
  ) {}

  /**
   * SPEC 5 "Report reason max 120; nothing sent without target uid"; the report restricts the
   * reported user's withdrawals from 5 minutes on (the wallet's rule reads the restriction).
   */
  async reportPlayer(reporter: string, input: { uid: string; text: string; url?: string | undefined }): Promise<void> {
    const check = checkPlayerReport({ reporter, target: input.uid, reason: input.text });
    if (!check.ok) {
      const field = check.reason === 'tooLong' ? 'text' : 'uid';
      throw new AppError('VALIDATION', check.message, { [field]: check.message });
    }
    const store = new ReportsStore(this.db);
    // A control character cannot name a user (and NUL cannot even reach PostgreSQL).
    if (HAS_CONTROL.test(check.target) || !(await store.userExists(check.target))) {
      throw new AppError('NOT_FOUND', SOCIAL_TEXTS.unknownUser, { uid: SOCIAL_TEXTS.unknownUser });
    }
    const now = this.clock.now();
    if ((await store.playerReportsSince(reporter, new Date(now.getTime() - HOUR))) >= PLAYER_REPORTS_PER_HOUR) {
      throw rateLimited();
    }
    const url = input.url?.replace(CONTROL, '').trim().slice(0, URL_MAX) || null;
    await store.addPlayerReport({ uid: check.target, reporter, text: check.reason, url, time: now });
  }

  /** The rate-limit key of a bug report's sender: the user, or the address of an anonymous visitor. */
  static bugKey(uid: string | null, ip: string): string {
    return uid ? `bug:u:${uid}` : `bug:ip:${ip}`;
  }

  /** Refuses before the upload is read when the sender is over the limit. */
  async assertBugReportAllowed(key: string): Promise<void> {
    if ((await new ThrottleStore(this.db).lockedUntil([key], this.clock.now())) !== null) throw rateLimited();
  }

  /** SPEC 5 bug report (anonymous allowed): every field's text at once, images checked by content. */
  async reportBug(
    sender: { uid: string | null; key: string },
    input: { title: string; platform: string; description: string; images: Uint8Array[] },
  ): Promise<void> {
    const check = checkBugReport(input);
    if (!check.ok) {
      const first = Object.values(check.errors)[0] ?? TEXTS.badRequest;
      throw new AppError('VALIDATION', first, check.errors);
    }
    await this.assertBugReportAllowed(sender.key);
    const now = this.clock.now();
    await new ReportsStore(this.db).addBugReport({ uid: sender.uid, created: now, ...check.value });
    await new ThrottleStore(this.db).recordFailure(sender.key, BUG_REPORT_RULE, now);
  }
}
