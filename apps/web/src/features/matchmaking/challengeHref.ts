/**
 * SPEC 2: Challenge (in Friends, History and the online users) opens the start wizard aimed at
 * that user. Opened from the wizard's giveaway (Choose Friend, SPEC 4; `from` is the wizard's
 * query), the challenge stays a giveaway with the choices made so far.
 */
export function challengeHref(uid: string, from = ''): string {
  const q = new URLSearchParams(from);
  const kept = q.has('giveaway')
    ? ['gameType', 'c', 'bet'].flatMap((k) => (q.get(k) ? [`&${k}=${encodeURIComponent(q.get(k)!)}`] : []))
    : [];
  return `/start?challengeid=${encodeURIComponent(uid)}&step=1${kept.join('')}${q.has('giveaway') ? '&giveaway' : ''}`;
}
