import { expiresInAt as expiresInFrom } from '@oddspulse/shared';

/**
 * An opportunity's remaining lifetime (spec 001 §3 time_found / expires_in, §9: expiry shown 30 min). Detection
 * counts expires_in down from time_found, which it keeps while the opportunity is found again, and stops at 0
 * (workers' opportunity tracker); the card counts the same way every second between pushes, so it reads what
 * the next push would say.
 */
export function expiresInAt(o: { timeFound: string; expiresIn: number }, now: number): number {
  // Without a readable time_found, the expires_in it came with.
  if (Number.isNaN(Date.parse(o.timeFound))) return Math.max(0, o.expiresIn);
  return expiresInFrom(o.timeFound, now);
}

/** "Expires in 29:41", "Expires in 0:05", then "Expired". */
export function expiryLabel(seconds: number): string {
  if (seconds <= 0) return 'Expired';
  return `Expires in ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
