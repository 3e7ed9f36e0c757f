import { CANADA_TEXTS } from '@rush/domain';
import type { Mail } from '../../platform/mail/mailer.ts';
import { money, when } from './format.ts';
import type { WithdrawalDeps } from './withdrawals.service.ts';
import type { WithdrawalRecord } from './withdrawals.store.ts';

/** What the two mails of a Canadian withdrawal request say (SPEC 9 "by email request", issue 16). */
export interface CanadianRequestFacts {
  id: string;
  uid: string;
  username: string;
  email: string | null;
  amount: bigint;
  fee: bigint;
  requestedAt: Date;
}

interface Site {
  appUrl: string;
  productName: string;
  supportEmail: string;
}

/** To support: the request, who made it, and where to complete or reject it. Plain text only. */
export function supportRequestMail(r: CanadianRequestFacts, site: Site): Mail {
  const text = [
    `A Canadian withdrawal was requested on ${site.productName}.`,
    '',
    `Request: ${r.id}`,
    `Player: ${r.username} (uid ${r.uid})`,
    `Player e-mail: ${r.email ?? 'unknown'}`,
    `Amount held: $${money(r.amount)} USD`,
    `Fee: $${money(r.fee)} USD`,
    `To pay out: $${money(r.amount - r.fee)} USD`,
    `Requested: ${when(r.requestedAt)}`,
    '',
    "The amount is held from the player's balance. Pay it out, then mark the request completed, or reject it (the held amount returns to the balance), in the admin console:",
    `${site.appUrl}/admin#withdrawals`,
  ].join('\n');
  return { to: site.supportEmail, subject: CANADA_TEXTS.supportMailSubject(r.username), text };
}

/** To the player: what was received and held, and what happens next. */
export function playerRequestMail(r: CanadianRequestFacts & { email: string }, site: Site): Mail {
  const text = [
    `Hello ${r.username},`,
    '',
    `We received your Canadian withdrawal request of $${money(r.amount)} USD (request ${r.id}).`,
    `The US$${money(r.fee)} fee is taken from it: you receive $${money(r.amount - r.fee)} USD.`,
    'The amount is held from your balance until our support team has paid it out. We will contact you at this address if we need anything; you will see the request as completed in your wallet once it is paid.',
    '',
    `${site.productName} - ${site.supportEmail}`,
  ].join('\n');
  return { to: r.email, subject: CANADA_TEXTS.playerMailSubject, text };
}

/** After the hold committed: the request to support and the confirmation to the player, each logged if it fails. */
export function mailCanadianRequest(
  d: Pick<WithdrawalDeps, 'mailer' | 'log' | 'appUrl' | 'productName' | 'supportEmail'>,
  w: WithdrawalRecord,
  user: { id: string; username: string; email?: string | null },
): void {
  const facts = { ...w, username: user.username, email: user.email ?? null };
  const site = { appUrl: d.appUrl, productName: d.productName, supportEmail: d.supportEmail };
  const mails: Mail[] = [supportRequestMail(facts, site)];
  if (facts.email) mails.push(playerRequestMail({ ...facts, email: facts.email }, site));
  for (const mail of mails) {
    d.mailer
      .send(mail)
      .catch((err: unknown) => d.log.error({ err, withdrawal: w.id, subject: mail.subject }, 'mail not sent'));
  }
}
