import { formatMinor } from '@rush/domain';
import type { SandboxPaymentRecord } from './sandbox.store.ts';
import { escapeHtml } from '../../../../platform/http/escape-html.ts';

const STATUS_TEXT: Record<SandboxPaymentRecord['status'], string> = {
  open: '',
  paid: 'Payment received. You can close this window.',
  cancelled: 'Payment cancelled. You can close this window.',
  pending: '',
  completed: '',
  rejected: '',
};

/**
 * The sandbox provider's hosted checkout, made to sit in the wallet's 480px-high iframe: the
 * amount, Pay and Cancel. No inline script or style (CSP); the behaviour is checkout.js, which
 * enables the buttons once they do something (a Pay pressed before the script ran did nothing).
 */
export function checkoutPage(p: SandboxPaymentRecord, merchant: string, now: Date): string {
  const amount = `$${formatMinor(p.amount)}`;
  const expired = p.status === 'open' && p.expiresAt !== null && p.expiresAt <= now;
  const open = p.status === 'open' && !expired;
  const status = expired ? 'This payment has expired. You can close this window.' : STATUS_TEXT[p.status];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Pay - ${escapeHtml(amount)}</title>
<link rel="stylesheet" href="/sandbox-pay/assets/checkout.css">
</head>
<body>
<main id="checkout" class="card" data-checkout="${escapeHtml(p.id)}" data-reference="${escapeHtml(p.reference)}">
<p class="brand">Sandbox Pay<span class="badge">TEST MODE</span></p>
<p class="merchant">Pay ${escapeHtml(merchant)}</p>
<p class="amount">${escapeHtml(amount)}</p>
<p class="note">The built-in sandbox provider: no real money moves.</p>
<div id="actions" class="actions"${open ? '' : ' hidden'}>
<button type="button" class="pay" data-action="pay" disabled>Pay</button>
<button type="button" class="cancel" data-action="cancel" disabled>Cancel</button>
</div>
<p id="status" class="status" role="status" aria-live="polite">${escapeHtml(status)}</p>
</main>
<script src="/sandbox-pay/assets/checkout.js" defer></script>
</body>
</html>
`;
}
