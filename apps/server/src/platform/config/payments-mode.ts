/**
 * The payments mode (PAYMENTS): which adapter of the payments port carries USD.
 * - `sandbox`: the built-in provider on our own origin; test money, the default of `npm start`
 *   so the product is complete on one machine. Every USD amount in the web carries a Sandbox mark.
 * - `off`: no USD deposits or withdrawals at all (the safe choice for a public deployment until
 *   a real provider is configured); RushCoins and everything else work.
 * - `dots`: the Dots wallet provider (real US dollars) through its HTTP API (payments/dots/),
 *   with DOTS_URL, DOTS_CLIENT_ID, DOTS_API_KEY and DOTS_WEBHOOK_SECRET; start refused without them.
 */
export const PAYMENTS_MODES = ['sandbox', 'off', 'dots'] as const;
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

export class SandboxOnPublicSiteError extends Error {
  constructor() {
    super(
      'PAYMENTS=sandbox on an https APP_URL: anyone could mint test dollars on what looks like a real site. ' +
        'Set PAYMENTS=off (or a real provider), or ALLOW_SANDBOX_PAYMENTS=true for a public demo.',
    );
    this.name = 'SandboxOnPublicSiteError';
  }
}

/**
 * An https APP_URL means a public deployment: the sandbox's free dollars would look like real
 * money there, so it needs the operator's explicit ALLOW_SANDBOX_PAYMENTS=true.
 */
export function checkedPaymentsMode(mode: PaymentsMode, appUrl: string, allowSandbox: boolean): PaymentsMode {
  if (mode === 'sandbox' && appUrl.startsWith('https://') && !allowSandbox) throw new SandboxOnPublicSiteError();
  return mode;
}
