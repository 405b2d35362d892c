/**
 * How an answer whose body is a bare array (its shape is the spec's: /api/scores, /api/odds) says how fresh its boards
 * are: in headers, one `sport=time` pair per board, comma-separated. Written by the server, read by the client.
 */
export const BOARD_FETCHED_AT_HEADER = 'X-Board-Fetched-At';
/** The boards whose feed is failing and since when: a stale board is never served silently. */
export const BOARD_STALE_SINCE_HEADER = 'X-Board-Stale-Since';

/** A header's value: each sport with its time (an empty time for none). */
export function boardHeaderValue(times: ReadonlyArray<{ sport: string; time: string | null | undefined }>): string {
  return times.map(({ sport, time }) => `${sport}=${time ?? ''}`).join(', ');
}

/** One sport's time in a header's value; null when the header does not name it, or names it with no time. */
export function boardHeaderTime(value: string | null, sport: string): string | null {
  for (const pair of value?.split(',') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === sport) return pair.slice(at + 1).trim() || null;
  }
  return null;
}
