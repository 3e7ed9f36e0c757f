import { and, asc, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { users } from '../accounts/schema.ts';
import { bugReportImages, bugReports, playerReports } from '../social/schema.ts';
import { addWalletRestriction } from '../wallet/restrictions.store.ts';
import type { ImageKind } from '@rush/domain';

export interface StoredBugReport {
  id: string;
  uid: string | null;
  title: string;
  platform: string;
  description: string;
  status: 'active' | 'archived' | 'deleted';
  created: Date;
  images: { mime: ImageKind; bytes: Buffer }[];
}

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

  /**
   * The report and the wallet's `reported` restriction in one transaction: the restriction is
   * what a report means to the reported user (SPEC 4), so neither exists without the other.
   */
  async addPlayerReport(r: { uid: string; reporter: string; text: string; url: string | null; time: Date }) {
    await (this.db as Db).transaction(async (tx) => {
      await tx.insert(playerReports).values(r);
      await addWalletRestriction(tx, { uid: r.uid, kind: 'reported', at: r.time });
    });
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
        await tx
          .insert(bugReportImages)
          .values(
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
}
