import type { BoardEvent } from '../../domain/odds';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity, ScanResult } from '../../domain/opportunities';
import type { ArbitrageOptions } from './arbitrage';
import { commissionRates } from '../odds/commission';
import type { EvOptions } from './ev';
import type { MiddleOptions } from './middles';
import { readEvent } from '../prepared/prepared-event';
import { scanPreparedEvent } from '../prepared/prepared-scan';
import { addScan, scanSettings, sortScan, type ScanOptions } from './scan';

/**
 * One finder at a time (EV, arbitrage or middles) for a caller that wants one kind: the scan itself (readEvent,
 * scanPreparedEvent) run for that kind only. One event's opportunities come in the scan's order; a board's in
 * scanBoard's order. `now` is ms since the epoch (the wall clock in the product, the file's in the CLI).
 */
function scanFor<K extends keyof ScanResult>(
  kind: K,
  events: readonly BoardEvent[],
  options: NonNullable<ScanOptions[K]>,
  now: number,
): ScanResult {
  // The finder's commission rates are the scan's: prices are read with them before any finder runs.
  const scanOptions: ScanOptions = { [kind]: options, commission: options.commission };
  const settings = scanSettings(scanOptions);
  const rates = commissionRates(options.commission);
  const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
  for (const event of events) addScan(result, scanPreparedEvent(readEvent(event, rates), settings, now, kind));
  return result;
}

/** +EV on one event (ev.ts). */
export function findEvBets(event: BoardEvent, options: EvOptions = {}, now: number): EvBet[] {
  return scanFor('ev', [event], options, now).ev;
}

/** +EV across a board, highest EV% first. */
export function findEvBetsOnBoard(events: readonly BoardEvent[], options: EvOptions = {}, now: number): EvBet[] {
  return sortScan(scanFor('ev', events, options, now)).ev;
}

/** Arbitrage on one event (arbitrage.ts, back-lay.ts). */
export function findArbitrage(event: BoardEvent, options: ArbitrageOptions = {}, now: number): ArbitrageOpportunity[] {
  return scanFor('arbitrage', [event], options, now).arbitrage;
}

/** Arbitrage across a board, most profitable first. */
export function findArbitrageOnBoard(
  events: readonly BoardEvent[],
  options: ArbitrageOptions = {},
  now: number,
): ArbitrageOpportunity[] {
  return sortScan(scanFor('arbitrage', events, options, now)).arbitrage;
}

/** Middles on one event (middles.ts). */
export function findMiddles(event: BoardEvent, options: MiddleOptions = {}, now: number): MiddleOpportunity[] {
  return scanFor('middles', [event], options, now).middles;
}

/** Middles across a board, most likely first, then the widest gap. */
export function findMiddlesOnBoard(
  events: readonly BoardEvent[],
  options: MiddleOptions = {},
  now: number,
): MiddleOpportunity[] {
  return sortScan(scanFor('middles', events, options, now)).middles;
}
