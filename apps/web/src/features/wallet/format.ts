import type { WalletTransaction } from '@rush/protocol';

const TYPE_LABELS: Record<WalletTransaction['type'], string> = {
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  stake: 'Stake',
  payout: 'Payout',
  refund: 'Refund',
  reward: 'Reward',
  topup: 'Top-up',
  admin_deposit: 'Admin Deposit',
  admin_withdraw: 'Admin Withdraw',
};

/** The type column: the kind of movement, with the game's result when it has one. */
export function transactionTypeLabel(tx: Pick<WalletTransaction, 'type' | 'notes'>): string {
  const label = TYPE_LABELS[tx.type];
  const result = tx.notes.result;
  if (result === 'win') return `${label} (win)`;
  if (result === 'lose') return `${label} (lose)`;
  return label;
}

const STATUS_LABELS: Record<WalletTransaction['status'], string> = {
  completed: 'Completed',
  rejected: 'Rejected',
  pending: 'Pending',
};

export const transactionStatusLabel = (status: WalletTransaction['status']): string => STATUS_LABELS[status];

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY/MM/DD HH:mm in the viewer's time zone (the SPEC's date order). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}/${pad(date.getMonth() + 1)}/${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A limit's end, unambiguous for every reader and as the server words it: "2026/03/17 23:59 UTC". */
export const formatUtc = (date: Date): string =>
  `${date.toISOString().slice(0, 16).replace(/-/g, '/').replace('T', ' ')} UTC`;
