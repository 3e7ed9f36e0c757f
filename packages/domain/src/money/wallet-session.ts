import { TEXTS } from '../texts.ts';

/** SPEC 7: the flags "start wallet session" answers besides success or a message. */
export const WALLET_SESSION_FLAGS = ['id-ex', 'id-blocked', 'll-blocked'] as const;
export type WalletSessionFlag = (typeof WALLET_SESSION_FLAGS)[number];

/** SPEC 8: the text of each flag. */
export const WALLET_FLAG_TEXTS: Readonly<Record<WalletSessionFlag, string>> = {
  'id-ex': TEXTS.walletIdEx,
  'id-blocked': TEXTS.walletIdBlocked,
  'll-blocked': TEXTS.walletLlBlocked,
};

export const isWalletSessionFlag = (value: string): value is WalletSessionFlag =>
  (WALLET_SESSION_FLAGS as readonly string[]).includes(value);

/**
 * SPEC 7 / 8: the session's answer is passed to /wallet?wallet={message}; a flag shows its text
 * and anything else 'Unable to process'. The URL is the client's to write, so free text from it
 * is never shown: a crafted link cannot put words in our mouth.
 */
export function walletSessionText(value: string): string {
  return isWalletSessionFlag(value) ? WALLET_FLAG_TEXTS[value] : TEXTS.walletUnableToProcess;
}
