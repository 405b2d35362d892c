import type { BoardEvent } from '../../domain/odds';
import type { ScanResult } from '../../domain/opportunities';
import { commissionRates } from '../odds/commission';
import { arbitrageSettings, type ArbitrageOptions } from './arbitrage';
import { evSettings, type EvOptions } from './ev';
import { middleSettings, type MiddleOptions } from './middles';
import { readEvent } from '../prepared/prepared-event';
import { scannerBooks } from './opportunity-legs';
import { scanPreparedEvent, type ScanSettings } from '../prepared/prepared-scan';

/**
 * EV, arbitrage and middles of an event in one pass over its prices. Each event is read into columns once
 * and scanned there (scanPreparedEvent); the result is exactly what findEvBets, findArbitrage and findMiddles
 * give. The detection worker keeps its boards prepared, lines included (PreparedBoard), and re-reads only the
 * events that changed; scanEvent and scanBoard read each event for one scan (readEvent) and scan it in one go.
 */
export interface ScanOptions {
  arbitrage?: ArbitrageOptions;
  middles?: MiddleOptions;
  ev?: EvOptions;
  /**
   * Commission rates (FRACTIONS) laid over each exchange's default (commission.ts), for all three finders: the
   * prices are read with them, so they are given here rather than per finder.
   */
  commission?: Readonly<Record<string, number>>;
}

/** ScanOptions with every default applied, resolved once per scan. */
export function scanSettings(options: ScanOptions = {}): ScanSettings {
  return {
    ev: evSettings(options.ev),
    arbitrage: arbitrageSettings(options.arbitrage),
    middles: middleSettings(options.middles),
    arbitrageBooks: scannerBooks(options.arbitrage?.books),
    middleBooks: scannerBooks(options.middles?.books),
  };
}

export function scanEvent(event: BoardEvent, options: ScanOptions = {}, now: number): ScanResult {
  return scanPreparedEvent(readEvent(event, commissionRates(options.commission)), scanSettings(options), now);
}

/** Every event of a board; arbitrage by profit, middles by probability then gap, EV by EV%, all descending. */
export function scanBoard(events: readonly BoardEvent[], options: ScanOptions = {}, now: number): ScanResult {
  const settings = scanSettings(options);
  const rates = commissionRates(options.commission);
  const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
  for (const event of events) addScan(result, scanPreparedEvent(readEvent(event, rates), settings, now));
  return sortScan(result);
}

/** Appends one event's opportunities (no spread: a board has thousands). */
export function addScan(into: ScanResult, found: ScanResult): void {
  for (const o of found.arbitrage) into.arbitrage.push(o);
  for (const o of found.middles) into.middles.push(o);
  for (const o of found.ev) into.ev.push(o);
}

/** The board order: arbitrage by profit, middles by probability then gap, EV by EV%, all descending (stable). */
export function sortScan(result: ScanResult): ScanResult {
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
