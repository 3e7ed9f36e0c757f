import { and, asc, count, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/index.ts';
import { games } from '../play/index.ts';
import { bugReportImages, bugReports, playerReports } from './schema.ts';
import { addWalletRestriction, hasWalletRestriction, liftWalletRestriction } from '../wallet/index.ts';
import type { BugReportStatus, GameSeats, ImageKind, OpenReport } from '@rush/domain';

export interface StoredBugReport {
  id: string;
  uid: string | null;
  title: string;
  platform: string;
  description: string;
  status: BugReportStatus;
  created: Date;
  images: { mime: ImageKind; bytes: Buffer }[];
}

/** A bug report as the admin console lists it: no image bytes, their count. */
export interface BugReportRow {
  id: string;
  uid: string | null;
  username: string | null;
  title: string;
  platform: string;
  description: string;
  status: BugReportStatus;
  images: number;
  created: Date;
}

const reporters = alias(users, 'reporters');

/** Player reports and bug reports (SPEC 3 User report, Bug report). */
export class ReportsStore {
  constructor(private readonly db: DbOrTx) {}

  async userExists(uid: string): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).where(eq(users.id, uid));
    return rows.length > 0;
  }

  async playerReportsSince(reporter: string, since: Date): Promise<number> {
    const rows = await this.db
      .select({ n: count() })
      .from(playerReports)
      .where(and(eq(playerReports.reporter, reporter), gte(playerReports.time, since)));
    return rows[0]?.n ?? 0;
  }

  /** Serialises every report about (and dismissal of) `uid`: the threshold is counted under it. */
  async lockUser(uid: string): Promise<boolean> {
    return (await this.lockUsers([uid])) > 0;
  }

  /**
   * Locks the users' rows in id order (two people reporting each other at once cannot deadlock);
   * answers how many exist. A report locks its reporter (the hourly count) and its target (the
   * restriction threshold), so neither count can be passed by requests racing each other.
   */
  async lockUsers(uids: string[]): Promise<number> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [...new Set(uids)]))
      .orderBy(asc(users.id))
      .for('update');
    return rows.length;
  }

  /** The two players of a game of the play capability, or null for no such game. */
  async gameSeats(gameId: string): Promise<GameSeats | null> {
    const [row] = await this.db
      .select({ whiteId: games.whiteId, blackId: games.blackId })
      .from(games)
      .where(eq(games.id, gameId));
    return row ?? null;
  }

  async hasReported(reporter: string, gameId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: playerReports.id })
      .from(playerReports)
      .where(and(eq(playerReports.reporter, reporter), eq(playerReports.gameId, gameId)));
    return rows.length > 0;
  }

  async addPlayerReport(r: {
    uid: string;
    reporter: string;
    gameId: string;
    text: string;
    url: string | null;
    time: Date;
  }) {
    await this.db.insert(playerReports).values(r);
  }

  /**
   * The reports about `uid` an admin has not dismissed, that name a game (reports from before
   * games were required were never checked, so they count for nothing).
   */
  async openReportsAbout(uid: string): Promise<OpenReport[]> {
    const rows = await this.db
      .select({ reporter: playerReports.reporter, gameId: playerReports.gameId, time: playerReports.time })
      .from(playerReports)
      .where(and(eq(playerReports.uid, uid), eq(playerReports.archived, false), isNotNull(playerReports.gameId)));
    return rows.map((r) => ({ reporter: r.reporter, gameId: r.gameId!, time: r.time }));
  }

  /** The wallet's `reported` restriction, written once (the threshold's time stays the first one). */
  async restrictWithdrawals(uid: string, at: Date): Promise<void> {
    if (!(await hasWalletRestriction(this.db, uid, 'reported'))) {
      await addWalletRestriction(this.db, { uid, kind: 'reported', at });
    }
  }

  /**
   * SPEC 4 "dismiss archives and removes": the open reports about `uid` archived (kept for the
   * record, counted no more) and the `reported` restriction lifted. Returns how many were open.
   */
  async dismissReportsAbout(uid: string): Promise<number> {
    const archived = await this.db
      .update(playerReports)
      .set({ archived: true })
      .where(and(eq(playerReports.uid, uid), eq(playerReports.archived, false)))
      .returning({ id: playerReports.id });
    await liftWalletRestriction(this.db, uid, 'reported');
    return archived.length;
  }

  async playerReportsAbout(uid: string) {
    return this.db.select().from(playerReports).where(eq(playerReports.uid, uid)).orderBy(asc(playerReports.id));
  }

  async addBugReport(r: {
    uid: string | null;
    title: string;
    platform: string;
    description: string;
    created: Date;
    images: { kind: ImageKind; bytes: Uint8Array }[];
  }): Promise<string> {
    return (this.db as Db).transaction(async (tx) => {
      const [row] = await tx
        .insert(bugReports)
        .values({ uid: r.uid, title: r.title, platform: r.platform, description: r.description, created: r.created })
        .returning({ id: bugReports.id });
      const id = row!.id;
      if (r.images.length > 0) {
        await tx.insert(bugReportImages).values(
          r.images.map((img, position) => ({
            reportId: id,
            position,
            mime: img.kind,
            bytes: Buffer.from(img.bytes),
          })),
        );
      }
      return id.toString();
    });
  }

  /** One stored image of a bug report (the admin console shows them), or null. */
  async bugImage(reportId: bigint, position: number): Promise<{ mime: ImageKind; bytes: Buffer } | null> {
    const [row] = await this.db
      .select({ mime: bugReportImages.mime, bytes: bugReportImages.bytes })
      .from(bugReportImages)
      .where(and(eq(bugReportImages.reportId, reportId), eq(bugReportImages.position, position)));
    return row ?? null;
  }

  /** Newest first, with their images (the admin console's list; tests read it too). */
  async bugReports(limit = 50): Promise<StoredBugReport[]> {
    const reports = await this.db.select().from(bugReports).orderBy(desc(bugReports.id)).limit(limit);
    if (reports.length === 0) return [];
    const images = await this.db
      .select()
      .from(bugReportImages)
      .where(
        inArray(
          bugReportImages.reportId,
          reports.map((r) => r.id),
        ),
      )
      .orderBy(asc(bugReportImages.reportId), asc(bugReportImages.position));
    return reports.map((r) => ({
      id: r.id.toString(),
      uid: r.uid,
      title: r.title,
      platform: r.platform,
      description: r.description,
      status: r.status,
      created: r.created,
      images: images.filter((i) => i.reportId === r.id).map((i) => ({ mime: i.mime, bytes: i.bytes })),
    }));
  }

  async openReportIds(uid: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: playerReports.id })
      .from(playerReports)
      .where(and(eq(playerReports.uid, uid), eq(playerReports.archived, false)))
      .orderBy(asc(playerReports.id));
    return rows.map((r) => r.id.toString());
  }

  /** Player reports with both names, newest first. */
  async playerReportsList(archived: boolean, limit: number) {
    const rows = await this.db
      .select({
        id: playerReports.id,
        uid: playerReports.uid,
        username: users.username,
        reporterUid: playerReports.reporter,
        reporterName: reporters.username,
        text: playerReports.text,
        time: playerReports.time,
        url: playerReports.url,
        gameId: playerReports.gameId,
        archived: playerReports.archived,
      })
      .from(playerReports)
      .innerJoin(users, eq(users.id, playerReports.uid))
      .innerJoin(reporters, eq(reporters.id, playerReports.reporter))
      .where(eq(playerReports.archived, archived))
      .orderBy(desc(playerReports.time), desc(playerReports.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, id: r.id.toString() }));
  }

  /** The player a report is about, or null for no such report. */
  async reportedBy(reportId: bigint): Promise<string | null> {
    const [row] = await this.db
      .select({ uid: playerReports.uid })
      .from(playerReports)
      .where(eq(playerReports.id, reportId));
    return row?.uid ?? null;
  }

  private bugRows() {
    const imageCount = this.db
      .select({ reportId: bugReportImages.reportId, n: count().as('n') })
      .from(bugReportImages)
      .groupBy(bugReportImages.reportId)
      .as('image_count');
    return this.db
      .select({
        id: bugReports.id,
        uid: bugReports.uid,
        username: users.username,
        title: bugReports.title,
        platform: bugReports.platform,
        description: bugReports.description,
        status: bugReports.status,
        images: imageCount.n,
        created: bugReports.created,
      })
      .from(bugReports)
      .leftJoin(users, eq(users.id, bugReports.uid))
      .leftJoin(imageCount, eq(imageCount.reportId, bugReports.id));
  }

  private static bugRow(
    r: { id: bigint; images: number | null; username: string | null } & Omit<
      BugReportRow,
      'id' | 'images' | 'username'
    >,
  ): BugReportRow {
    return { ...r, id: r.id.toString(), images: r.images ?? 0 };
  }

  /** Active (with de-archived) or archived bug reports, newest first. */
  async bugReportsList(list: 'active' | 'archived', limit: number): Promise<BugReportRow[]> {
    const statuses: BugReportStatus[] = list === 'archived' ? ['archived'] : ['active', 'dearchived'];
    const rows = await this.bugRows()
      .where(inArray(bugReports.status, statuses))
      .orderBy(desc(bugReports.created), desc(bugReports.id))
      .limit(limit);
    return rows.map((r) => ReportsStore.bugRow(r));
  }

  /** One bug report, its row locked for the rest of the transaction. */
  async lockBugReport(id: bigint): Promise<BugReportRow | null> {
    const locked = await this.db
      .select({ id: bugReports.id })
      .from(bugReports)
      .where(eq(bugReports.id, id))
      .for('update');
    if (locked.length === 0) return null;
    const [row] = await this.bugRows().where(eq(bugReports.id, id));
    return row ? ReportsStore.bugRow(row) : null;
  }

  async setBugStatus(id: bigint, status: BugReportStatus): Promise<void> {
    await this.db.update(bugReports).set({ status }).where(eq(bugReports.id, id));
  }

  async deleteBugReport(id: bigint): Promise<void> {
    await this.db.delete(bugReportImages).where(eq(bugReportImages.reportId, id));
    await this.db.delete(bugReports).where(eq(bugReports.id, id));
  }
}
