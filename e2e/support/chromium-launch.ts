import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (Playwright's own download is not possible here), without the background
 * services whose connections this machine's closed network refuses.
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
