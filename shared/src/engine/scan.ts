import type { BoardEvent } from '../domain/odds';
import type { ScanResult } from '../domain/opportunities';
import { arbitrageInIndex, type ArbitrageOptions } from './arbitrage';
import { evInIndex, type EvOptions } from './ev';
import { buildEventIndex, type TimeCache } from './market-lines';
import { middlesInIndex, type MiddleOptions } from './middles';

/**
 * EV, arbitrage and middles in one pass over an event's prices (the index is built once). The pipeline calls
 * scanEvent for each changed event on every update; scanBoard is the whole-board pass.
 */
export interface ScanOptions {
  arbitrage?: ArbitrageOptions;
  middles?: MiddleOptions;
  ev?: EvOptions;
}

export function scanEvent(event: BoardEvent, options: ScanOptions = {}, now: number, times?: TimeCache): ScanResult {
  const index = buildEventIndex(event, now, times);
  return {
    arbitrage: arbitrageInIndex(index, options.arbitrage),
    middles: middlesInIndex(index, options.middles),
    ev: evInIndex(index, options.ev),
  };
}

/** Every event of a board; arbitrage by profit, middles by probability then gap, EV by EV%, all descending. */
export function scanBoard(events: readonly BoardEvent[], options: ScanOptions = {}, now: number): ScanResult {
  const times: TimeCache = new Map();
  const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
  for (const event of events) {
    const found = scanEvent(event, options, now, times);
    result.arbitrage.push(...found.arbitrage);
    result.middles.push(...found.middles);
    result.ev.push(...found.ev);
  }
  result.arbitrage.sort((a, b) => b.profitPct - a.profitPct);
  result.middles.sort((a, b) => b.probability - a.probability || b.gap - a.gap);
  result.ev.sort((a, b) => b.evPct - a.evPct);
  return result;
}

/** "Now" for a recorded board: its newest `last_update` (ms since the epoch), or null when it has none. */
export function newestUpdate(events: readonly BoardEvent[]): number | null {
  let newest = -Infinity;
  for (const event of events) {
    for (const book of event.bookmakers) {
      for (const market of book.markets) {
        const time = Date.parse(market.last_update);
        if (time > newest) newest = time;
      }
      const time = Date.parse(book.last_update);
      if (time > newest) newest = time;
    }
  }
  return Number.isFinite(newest) ? newest : null;
}
