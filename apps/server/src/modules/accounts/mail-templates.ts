import type { Mail } from '../../platform/mail/mailer.ts';

/**
 * The accounts mails. The link is the first URL of the text (tests and mail clients pick it
 * up); the HTML part only repeats the text with the link clickable.
 */
interface Product {
  appUrl: string;
  productName: string;
  supportEmail: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
    'The link is valid for 24 hours. If you did not create an account, ignore this message.',
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
