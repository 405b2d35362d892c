import { steamAlertAmong, type RealtimeMessageMap, type SteamAlert, type SteamExpiry } from '@oddspulse/shared';
import { HIGHLIGHT_MS } from '../scanners';

/**
 * The Steam list (DECISIONS 34): the first load, then each pushed alert, update and expiry. A new alert is highlighted,
 * an update changes it in place, and an expired one stays a minute saying why before it leaves the list.
 */
export interface SteamItem {
  alert: SteamAlert;
  status: 'current' | 'new' | 'updated' | 'expired';
  /** When the status was set (ms). */
  since: number;
}

/** How long an expired alert stays in the list. */
export const EXPIRED_SHOWN_MS = 60_000;

export const EXPIRY_TEXT: Record<SteamExpiry, string> = {
  // the last stale book moved toward the side or is no longer worth taking (its juice moved); one whose line is down
  // has not caught up and keeps the alert (DECISIONS 34)
  caught_up: 'No soft book is left worth taking at the old price',
  started: 'The game has started',
  removed: 'The game left the board',
  timed_out: 'Over 30 minutes old',
};

export function initialSteam(alerts: readonly SteamAlert[], now: number): SteamItem[] {
  return alerts.map((alert) => ({ alert, status: 'current', since: now }));
}

/** A pushed message of the steam channel on the list. */
export function applySteam(list: readonly SteamItem[], message: RealtimeMessageMap['steam'], now: number): SteamItem[] {
  const { alert } = message.data;
  const index = list.findIndex((item) => item.alert.id === alert.id);
  if (message.type === 'steam:expired') {
    if (index === -1) return [...list];
    return list.map((item, i) => (i === index ? { alert, status: 'expired', since: now } : item));
  }
  if (index === -1) return [{ alert, status: 'new', since: now }, ...list];
  return list.map((item, i) => (i === index ? { alert, status: 'updated', since: now } : item));
}

/** Ends highlights and drops the alerts expired over a minute ago. */
export function settleSteam(list: readonly SteamItem[], now: number): SteamItem[] {
  return list
    .filter((item) => !(item.status === 'expired' && now - item.since >= EXPIRED_SHOWN_MS))
    .map((item) =>
      (item.status === 'new' || item.status === 'updated') && now - item.since >= HIGHLIGHT_MS
        ? { ...item, status: 'current' }
        : item,
    );
}

/**
 * The list as this user sees it: each active alert with only the stale books among `books` (none: every book),
 * dropped when none is left; expired alerts as they ended. Active first, newest first.
 */
export function steamForBooks(list: readonly SteamItem[], books: readonly string[]): SteamItem[] {
  const shown: SteamItem[] = [];
  for (const item of list) {
    if (item.status === 'expired' || !books.length) {
      shown.push(item);
      continue;
    }
    const alert = steamAlertAmong(item.alert, (book) => books.includes(book));
    if (alert) shown.push({ ...item, alert });
  }
  return shown.sort(
    (a, b) =>
      Number(a.status === 'expired') - Number(b.status === 'expired') ||
      b.alert.timeFound.localeCompare(a.alert.timeFound) ||
      a.alert.id.localeCompare(b.alert.id),
  );
}

/** Active alerts the book filter hides (DECISIONS 28, 32): none of their stale books is one of the user's. */
export function hiddenSteam(list: readonly SteamItem[], books: readonly string[]): number {
  if (!books.length) return 0;
  return list.filter(
    (item) => item.status !== 'expired' && !steamAlertAmong(item.alert, (book) => books.includes(book)),
  ).length;
}

/** "2m 05s" since an ISO time at `now`: how long ago a move began, ticking. */
export function sinceLabel(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
