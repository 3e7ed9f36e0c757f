import type { Mail } from '../../platform/mail/mailer.ts';
import { escapeHtml } from '../../platform/http/escape-html.ts';

/**
 * The accounts mails. The link is the first URL of the text (tests and mail clients pick it
 * up); the HTML part only repeats the text with the link clickable.
 */
interface Product {
  appUrl: string;
  productName: string;
  supportEmail: string;
}

function build(to: string, subject: string, intro: string, link: string, outro: string, p: Product): Mail {
  const text = `${intro}\n\n${link}\n\n${outro}\n\n${p.productName} - ${p.supportEmail}\n`;
  const html =
    `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    `<p>${escapeHtml(outro)}</p><p>${escapeHtml(p.productName)} - ${escapeHtml(p.supportEmail)}</p>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, token: string, p: Product): Mail {
  const link = `${p.appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  return build(
    to,
    `Verify your email for ${p.productName}`,
    `Welcome to ${p.productName}! Please confirm your email address by opening this link:`,
    link,
    'The link is valid for 1 hour, works once and signs you in. If you did not create an account, ignore this message.',
    p,
  );
}

export function resetPasswordMail(to: string, token: string, p: Product): Mail {
  const link = `${p.appUrl}/forgot-password?token=${encodeURIComponent(token)}`;
  return build(
    to,
    `Reset your ${p.productName} password`,
    'Someone (hopefully you) asked to reset your password. Choose a new one here:',
    link,
    'The link is valid for 1 hour and works once. If you did not ask for it, ignore this message: your password stays as it is.',
    p,
  );
}

/** Issue 10: registration of an address that already has an account mails its owner instead. */
export function registrationAttemptMail(to: string, p: Product): Mail {
  return build(
    to,
    `Someone tried to sign up to ${p.productName} with your email`,
    `Someone (hopefully you) tried to create a ${p.productName} account with this email address, which already has an account. No new account was made. To sign in to your account, open:`,
    `${p.appUrl}/login`,
    `Forgot your password? Choose a new one at ${p.appUrl}/forgot-password. If it was not you, ignore this message: nothing changed.`,
    p,
  );
}

/** The link that makes a new recovery address usable (it is not used before). */
export function recoveryEmailVerificationMail(to: string, token: string, p: Product): Mail {
  const link = `${p.appUrl}/api/account/recovery-email/verify?token=${encodeURIComponent(token)}`;
  return build(
    to,
    `Confirm your ${p.productName} recovery email`,
    `This address was added as the recovery email of a ${p.productName} account. To confirm it, open this link:`,
    link,
    'The link is valid for 24 hours. If you did not ask for it, ignore this message: the address will not be used.',
    p,
  );
}

/** Tells the account's own address that the recovery address is being changed (a takeover would start so). */
export function recoveryEmailChangeNotice(to: string, newAddress: string, p: Product): Mail {
  return build(
    to,
    `Your ${p.productName} recovery email is being changed`,
    `Someone signed in to your ${p.productName} account asked to make ${newAddress} its recovery email; it is used once a link sent to it is opened. If this was not you, choose a new password now:`,
    `${p.appUrl}/forgot-password`,
    'Changing your password cancels the pending change and every outstanding reset link.',
    p,
  );
}
