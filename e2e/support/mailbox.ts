import { expect } from '@playwright/test';
import { MAIL_API } from './ports.ts';
import type { CapturedMail } from './mail-capture.ts';

/** Waits for a mail to `to` whose subject matches, and returns its first link. */
export async function waitForMailLink(to: string, subject: RegExp): Promise<string> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${MAIL_API}/messages?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as CapturedMail[];
        found = list.filter((m) => subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = found!.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}
