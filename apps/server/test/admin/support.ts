import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { adminAudit } from '../../src/modules/audit/schema.ts';
import { fairPlayFlags } from '../../src/modules/fairplay/schema.ts';
import { bugReportImages, bugReports, playerReports } from '../../src/modules/reports/schema.ts';
import type { TestServer } from '../support/server.ts';

/** How many rows the audit log holds (all, or of one action). */
export async function auditCount(server: TestServer, action?: string): Promise<number> {
  const q = server.ctx.db.select({ n: count() }).from(adminAudit);
  return (await (action ? q.where(eq(adminAudit.action, action)) : q))[0]!.n;
}

export async function auditRows(server: TestServer, target: string) {
  return server.ctx.db.select().from(adminAudit).where(eq(adminAudit.target, target)).orderBy(adminAudit.id);
}

/** A player report stored as the reports capability stores one (the admission rules have their own tests). */
export async function addPlayerReport(server: TestServer, uid: string, reporter: string, text = 'engine moves') {
  const [row] = await server.ctx.db
    .insert(playerReports)
    .values({ uid, reporter, text, gameId: `g-${crypto.randomUUID()}`, url: null, time: server.clock.now() })
    .returning({ id: playerReports.id });
  return row!.id.toString();
}

/** A bug report with `images` stored images. */
export async function addBugReport(server: TestServer, title = 'Board froze', images = 1) {
  const [row] = await server.ctx.db
    .insert(bugReports)
    .values({
      uid: null,
      title,
      platform: 'web',
      description: 'The board froze after my move.',
      created: server.clock.now(),
    })
    .returning({ id: bugReports.id });
  for (let position = 0; position < images; position++) {
    await server.ctx.db
      .insert(bugReportImages)
      .values({ reportId: row!.id, position, mime: 'image/png', bytes: Buffer.from([1, 2, 3]) });
  }
  return row!.id.toString();
}

export async function bugRows(server: TestServer, id: string) {
  const report = await server.ctx.db
    .select()
    .from(bugReports)
    .where(eq(bugReports.id, BigInt(id)));
  const images = await server.ctx.db
    .select()
    .from(bugReportImages)
    .where(eq(bugReportImages.reportId, BigInt(id)));
  return { report, images };
}

export async function flagCount(server: TestServer): Promise<number> {
  return (await server.ctx.db.select({ n: count() }).from(fairPlayFlags))[0]!.n;
}
