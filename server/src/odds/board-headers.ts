import type { Response } from 'express';
import { BOARD_FETCHED_AT_HEADER, BOARD_STALE_SINCE_HEADER, boardHeaderValue } from '@oddspulse/shared';
import type { BoardFreshness } from './odds-view';

/**
 * Array responses (their shape is the spec's) say how fresh their boards are in headers: when each was fetched,
 * and which are stale because their feed is failing (`stale_since`), so a stale board is never served silently.
 */
export function setBoardHeaders(res: Response, boards: readonly BoardFreshness[]): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(BOARD_FETCHED_AT_HEADER, boardHeaderValue(boards.map((b) => ({ sport: b.sport, time: b.fetched_at }))));
  const stale = boards.filter((b) => b.stale_since);
  if (stale.length)
    res.setHeader(
      BOARD_STALE_SINCE_HEADER,
      boardHeaderValue(stale.map((b) => ({ sport: b.sport, time: b.stale_since }))),
    );
}
