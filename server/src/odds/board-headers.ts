import type { Response } from 'express';
import type { BoardFreshness } from './odds-view';

/**
 * Array responses (their shape is the spec's) say how fresh their boards are in headers: when each was fetched,
 * and which are stale because their feed is failing (`stale_since`), so a stale board is never served silently.
 */
export function setBoardHeaders(res: Response, boards: readonly BoardFreshness[]): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Board-Fetched-At', boards.map((b) => `${b.sport}=${b.fetched_at ?? ''}`).join(', '));
  const stale = boards.filter((b) => b.stale_since);
  if (stale.length) res.setHeader('X-Board-Stale-Since', stale.map((b) => `${b.sport}=${b.stale_since}`).join(', '));
}
