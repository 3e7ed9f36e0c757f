import {
  bugReportArchiveTo,
  checkBugReport,
  oneLine,
  checkPlayerReport,
  reportAdmission,
  reportsRestrictionAt,
  SOCIAL_TEXTS,
  TEXTS,
  type BugReportValue,
  type ReportAdmission,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { sqlErrorOf, SQLSTATE } from '../../platform/db/sql-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { reencodeImage } from '../../platform/uploads/images.ts';
import { ThrottleStore, type ThrottleRule } from '../accounts/index.ts';
import type { ChangeHook } from '../../platform/db/change-hook.ts';
import type { AdminChanges } from '../audit/index.ts';
import { ReportsStore, type BugReportRow } from './reports.store.ts';

const HOUR = 3_600_000;
/** Ours: enough for a bad evening, too few to bury the admin console or a rival in reports. */
export const PLAYER_REPORTS_PER_HOUR = 10;
/** Ours: bug reports per signed-in user, or per address for anonymous visitors. */
export const BUG_REPORT_RULE: ThrottleRule = { maxFailures: 10, windowMs: HOUR, lockMs: HOUR };
/** Ours: a game or spectator URL is short; anything longer is not one. */
const URL_MAX = 500;
/** Ours: the console lists at most this many reports of a kind (newest first). */
const ADMIN_LIST_MAX = 500;

const rateLimited = () => new AppError('RATE_LIMITED', TEXTS.rateLimited);

export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The open admin consoles hear of new reports (their reports and bug reports sections). */
    private readonly changes: Pick<AdminChanges, 'publish'>,
  ) {}

  /**
   * SPEC 5 "Report reason max 120; nothing sent without target uid", and (issue 10) only from a
   * verified account that played the named game against the target, once per game. The
   * report restricts the target's withdrawals only with REPORTERS_TO_RESTRICT distinct
   * reporters (domain reportsRestrictionAt), from 5 minutes after that, until an admin dismisses.
   */
  async reportPlayer(
    reporter: { id: string; emailVerified: boolean },
    input: { uid: string; text: string; gameId: string; url?: string | undefined },
  ): Promise<void> {
    const check = checkPlayerReport({ reporter: reporter.id, target: input.uid, reason: input.text });
    if (!check.ok) {
      const field = check.reason === 'tooLong' ? 'text' : 'uid';
      throw new AppError('VALIDATION', check.message, { [field]: check.message });
    }
    const store = new ReportsStore(this.db);
    // (The HTTP edge refused NUL and the other invisible controls: what is left is just a name.)
    if (!(await store.userExists(check.target))) {
      throw new AppError('NOT_FOUND', SOCIAL_TEXTS.unknownUser, { uid: SOCIAL_TEXTS.unknownUser });
    }
    const gameId = input.gameId.trim();
    if (gameId === '') {
      throw new AppError('VALIDATION', SOCIAL_TEXTS.reportGameRequired, { gameId: SOCIAL_TEXTS.reportGameRequired });
    }
    const now = this.clock.now();
    const url = (input.url === undefined ? '' : oneLine(input.url)).slice(0, URL_MAX) || null;
    let admission: ReportAdmission;
    try {
      admission = await this.db.transaction(async (tx) => {
        const s = new ReportsStore(tx);
        // Every report by the reporter and about the target waits here, so parallel reports can
        // neither pass the hourly limit nor both count one towards the restriction.
        await s.lockUsers([reporter.id, check.target]);
        if ((await s.playerReportsSince(reporter.id, new Date(now.getTime() - HOUR))) >= PLAYER_REPORTS_PER_HOUR) {
          throw rateLimited();
        }
        const verdict = reportAdmission({
          reporter: reporter.id,
          reporterVerified: reporter.emailVerified,
          target: check.target,
          game: await s.gameSeats(gameId),
          alreadyReported: await s.hasReported(reporter.id, gameId),
        });
        if (!verdict.ok) return verdict;
        await s.addPlayerReport({
          uid: check.target,
          reporter: reporter.id,
          gameId,
          text: check.reason,
          url,
          time: now,
        });
        const at = reportsRestrictionAt(await s.openReportsAbout(check.target));
        if (at) await s.restrictWithdrawals(check.target, at);
        return verdict;
      });
    } catch (err) {
      // The unique (reporter, game) index: the same report twice at once (the lock makes it rare).
      if (sqlErrorOf(err)?.code !== SQLSTATE.uniqueViolation) throw err;
      admission = { ok: false, reason: 'duplicate', message: SOCIAL_TEXTS.reportAlreadySent };
    }
    if (!admission.ok) throw refusal(admission);
    await this.changes.publish(['reports'], false);
  }

  /**
   * SPEC 6 admin "dismiss reports" (SPEC 4: dismiss archives and removes): the player's open
   * reports are archived and the withdrawal restriction they caused is lifted at once.
   */
  async dismissReports(uid: string, audit?: ChangeHook): Promise<number> {
    return this.db.transaction(async (tx) => {
      const s = new ReportsStore(tx);
      if (!(await s.lockUser(uid))) throw notFound(SOCIAL_TEXTS.unknownUser);
      const open = await s.openReportIds(uid);
      const dismissed = await s.dismissReportsAbout(uid);
      await audit?.(tx, { before: { openReports: open }, after: { openReports: [] } });
      return dismissed;
    });
  }

  /** The player a report is about (confirm cheating from a report's row), or null for no such report. */
  playerOfReport(id: bigint): Promise<string | null> {
    return new ReportsStore(this.db).reportedBy(id);
  }

  /** The admin console's player reports: open ones (archived false) or the /report page's archived ones. */
  playerReports(archived: boolean) {
    return new ReportsStore(this.db).playerReportsList(archived, ADMIN_LIST_MAX);
  }

  /** The admin console's bug reports: active (de-archived included) or archived, newest first. */
  bugReportsList(list: 'active' | 'archived') {
    return new ReportsStore(this.db).bugReportsList(list, ADMIN_LIST_MAX);
  }

  /** SPEC 4 archive / de-archive (domain bugReportArchiveTo); null for no such report. */
  async archiveBug(id: bigint, archived: boolean, audit?: ChangeHook): Promise<BugReportRow | null> {
    return this.db.transaction(async (tx) => {
      const s = new ReportsStore(tx);
      const current = await s.lockBugReport(id);
      if (!current) return null;
      const next = bugReportArchiveTo(current.status, archived);
      if (next === null) return null;
      await s.setBugStatus(id, next);
      await audit?.(tx, { before: { status: current.status }, after: { status: next } });
      return { ...current, status: next };
    });
  }

  /** SPEC 4 delete: the report and its images are gone (the audit keeps the text); false for no such report. */
  async deleteBug(id: bigint, audit?: ChangeHook): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const s = new ReportsStore(tx);
      const current = await s.lockBugReport(id);
      if (!current) return false;
      await s.deleteBugReport(id);
      const { title, platform, description, status, uid, images } = current;
      await audit?.(tx, { before: { title, platform, description, status, uid, images }, after: null });
      return true;
    });
  }

  /** The rate-limit key of a bug report's sender: the user, or the address of an anonymous visitor. */
  static bugKey(uid: string | null, ip: string): string {
    return uid ? `bug:u:${uid}` : `bug:ip:${ip}`;
  }

  /** Refuses before the upload is read when the sender is already over the limit (reportBug counts). */
  async assertBugReportAllowed(key: string): Promise<void> {
    if ((await new ThrottleStore(this.db).lockedUntil([key], this.clock.now())) !== null) throw rateLimited();
  }

  /**
   * SPEC 5 bug report (anonymous allowed): every field's text at once, images checked by content
   * and stored re-encoded (never the bytes as sent: a PNG header followed by HTML is no image).
   */
  async reportBug(
    sender: { uid: string | null; key: string },
    input: { title: string; platform: string; description: string; images: Uint8Array[] },
  ): Promise<void> {
    const check = checkBugReport(input);
    if (!check.ok) {
      const first = Object.values(check.errors)[0] ?? TEXTS.badRequest;
      throw new AppError('VALIDATION', first, check.errors);
    }
    // Counted before the work (re-encoding, storing), atomically: parallel sends cannot slip past.
    const now = this.clock.now();
    if (!(await new ThrottleStore(this.db).take(sender.key, BUG_REPORT_RULE, now))) throw rateLimited();
    const images = await reencodeAll(check.value.images);
    if (!images) {
      throw new AppError('VALIDATION', SOCIAL_TEXTS.bugImageType, { images: SOCIAL_TEXTS.bugImageType });
    }
    await new ReportsStore(this.db).addBugReport({ uid: sender.uid, created: now, ...check.value, images });
    await this.changes.publish(['bugReports'], false);
  }

  /** A stored bug report image for the admin console (`position` 0-2), or null. */
  bugImage(reportId: bigint, position: number) {
    return new ReportsStore(this.db).bugImage(reportId, position);
  }
}

const BUG_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Each image decoded and encoded anew in its own format; null when one does not decode. */
async function reencodeAll(images: BugReportValue['images']): Promise<BugReportValue['images'] | null> {
  const out: BugReportValue['images'] = [];
  for (const image of images) {
    const clean = await reencodeImage(image.bytes, { accept: BUG_IMAGE_TYPES, to: 'same' });
    if (!clean || clean.type === 'image/webp') return null;
    out.push({ kind: clean.type, bytes: clean.bytes });
  }
  return out;
}

function refusal(admission: Exclude<ReportAdmission, { ok: true }>): AppError {
  switch (admission.reason) {
    case 'unverified':
      return new AppError('EMAIL_NOT_VERIFIED', admission.message);
    case 'notOpponent':
      return new AppError('FORBIDDEN', admission.message);
    case 'duplicate':
      return new AppError('CONFLICT', admission.message);
  }
}
