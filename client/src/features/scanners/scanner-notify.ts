import { alertPath, type OpportunityUpdate } from '@oddspulse/shared';
import { marketLabel } from '../../format/bet-labels';
import { opportunityForUser, type Opportunity, type ScannerUser } from './opportunity-feed';
import { SCANNER_RANGES, type NumberRange } from './scanner-settings';

/**
 * Optional browser notifications for new opportunities: arbitrage above a profit the user sets,
 * middles above a middle probability the user sets. Only what the user's scanner would show is announced
 * (the user's books and inputs apply), each opportunity once (its id is the notification's tag).
 */
export type NotifyKind = 'arbitrage' | 'middles';

export interface NotifySettings {
  on: boolean;
  /** PERCENT: the profit (arbitrage) or middle probability (middles) an opportunity must reach. */
  threshold: number;
}

/** Stored per scanner; the arbitrage key predates the middles one and keeps its field name. */
export const NOTIFY_KEYS: Record<NotifyKind, string> = {
  arbitrage: 'oddspulse.scannerNotify',
  middles: 'oddspulse.middlesNotify',
};
export const NOTIFY_DEFAULTS: Record<NotifyKind, number> = { arbitrage: 2, middles: 25 };
/** The threshold inputs' ranges: arbitrage profit as the minimum profit's; middles as the probability's. */
export const NOTIFY_RANGES: Record<NotifyKind, NumberRange> = {
  arbitrage: SCANNER_RANGES.minProfit,
  middles: SCANNER_RANGES.minProbability,
};

/** Parses the stored settings; `permitted` is whether the browser still allows notifications. */
export function parseNotifySettings(kind: NotifyKind, raw: string | null, permitted: boolean): NotifySettings {
  let parsed: { on?: unknown; minProfit?: unknown; threshold?: unknown } = {};
  if (raw) parsed = JSON.parse(raw) as typeof parsed;
  const stored = kind === 'arbitrage' ? (parsed.minProfit ?? parsed.threshold) : parsed.threshold;
  const threshold = typeof stored === 'number' && Number.isFinite(stored) ? stored : NOTIFY_DEFAULTS[kind];
  return { on: parsed.on === true && permitted, threshold };
}

export function serialiseNotifySettings(kind: NotifyKind, settings: NotifySettings): string {
  return JSON.stringify(
    kind === 'arbitrage'
      ? { on: settings.on, minProfit: settings.threshold }
      : { on: settings.on, threshold: settings.threshold },
  );
}

export interface BrowserNotification {
  title: string;
  body: string;
  tag: string;
  /** Where a click goes: the opportunity itself (`opportunity=<id>`), as an alert's link names it. */
  path: string;
}

/** The notifications a batch of pushed updates calls for. */
export function notificationsFor(
  kind: NotifyKind,
  updates: ReadonlyArray<OpportunityUpdate<Opportunity>>,
  settings: NotifySettings,
  user: ScannerUser,
): BrowserNotification[] {
  if (!settings.on) return [];
  const result: BrowserNotification[] = [];
  for (const update of updates) {
    const o = update.opportunity;
    if (update.action !== 'new' || !o) continue;
    if (kind === 'arbitrage' && o.type === 'arbitrage') {
      const seen = opportunityForUser(o, user);
      if (seen && seen.profitPct >= settings.threshold)
        result.push({
          title: `Arbitrage ${seen.profitPct.toFixed(2)}%`,
          body: `${seen.game} · ${marketLabel(seen.market)}`,
          tag: seen.id,
          path: alertPath(seen),
        });
    } else if (kind === 'middles' && o.type === 'middle') {
      const seen = opportunityForUser(o, user);
      if (seen && seen.probability >= settings.threshold) {
        result.push({
          title: `Middle ${seen.probability.toFixed(0)}% · gap ${seen.gap}`,
          body: `${seen.game} · ${marketLabel(seen.market)} · ${seen.middleRange.low} to ${seen.middleRange.high}`,
          tag: seen.id,
          path: alertPath(seen),
        });
      }
    }
  }
  return result;
}
