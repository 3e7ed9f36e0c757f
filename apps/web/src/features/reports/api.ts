import { SOCIAL_ROUTES } from '@rush/protocol';
import type { ImageKind } from '@rush/domain';
import { request } from '../../api/http.ts';
import { loadSchemas } from '../../api/schemaLoader.ts';

/**
 * SPEC 7 reportPlayer {uid, text, urlGame}: the game the report is about goes as `gameId`, the
 * page it was made from as `url`.
 */
export async function sendPlayerReport(report: { uid: string; text: string; gameId: string; url: string }) {
  const { PlayerReportRequest } = await loadSchemas();
  return request('POST', SOCIAL_ROUTES.playerReport, {
    json: PlayerReportRequest.parse({ ...report, url: report.url.slice(0, 500) }),
  });
}

export interface BugReportPayload {
  title: string;
  platform: string;
  description: string;
  images: { name: string; kind: ImageKind; bytes: Uint8Array }[];
}

/** The bug report as multipart form data (protocol BugReportFields plus up to 3 `images`). */
export function bugReportForm(report: BugReportPayload): FormData {
  const form = new FormData();
  form.set('title', report.title);
  form.set('platform', report.platform);
  form.set('description', report.description);
  for (const image of report.images) {
    // The type the bytes say, not the one the file claimed.
    form.append('images', new Blob([image.bytes.slice()], { type: image.kind }), image.name);
  }
  return form;
}

export const sendBugReport = (report: BugReportPayload) =>
  request('POST', SOCIAL_ROUTES.bugReport, { form: bugReportForm(report) });
