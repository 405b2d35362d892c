import { expiresInAt as expiresInFrom } from '@oddspulse/shared';

/**
 * An opportunity's remaining lifetime (spec 001 §3 time_found / expires_in, §9: expiry shown 30 min). Detection
 * counts expires_in down from time_found, which it keeps while the opportunity is found again, and stops at 0
 * (workers' opportunity tracker); the card counts the same way every second between pushes, so it reads what
 * the next push would say.
 */
export function opportunityExpiresIn(o: { timeFound: string; expiresIn: number }, now: number): number {
  // Without a readable time_found, the expires_in it came with.
  if (Number.isNaN(Date.parse(o.timeFound))) return Math.max(0, o.expiresIn);
  return expiresInFrom(o.timeFound, now);
}

/** "Expires in 29:41", "Expires in 0:05", then "Expired". */
export function expiryLabel(seconds: number): string {
  if (seconds <= 0) return 'Expired';
  return `Expires in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Whether Execute may put an opportunity on the slip: not while it fades out as gone, and not once its
 * 30 minutes are up (spec 001 §9), since its prices are then too old to bet on without checking.
 */
export function canExecute(
  item: { status: string; opportunity: { timeFound: string; expiresIn: number } },
  now: number,
): boolean {
  return item.status !== 'gone' && opportunityExpiresIn(item.opportunity, now) > 0;
}

/** The list with expired opportunities after the live ones, each part in its own order, so what can be bet on comes first. */
export function expiredLast<T extends { opportunity: { timeFound: string; expiresIn: number } }>(
  items: readonly T[],
  now: number,
): T[] {
  const live = items.filter((item) => opportunityExpiresIn(item.opportunity, now) > 0);
  return live.length === items.length
    ? [...items]
    : [...live, ...items.filter((item) => opportunityExpiresIn(item.opportunity, now) === 0)];
}
