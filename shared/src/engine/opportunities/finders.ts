import type { BoardEvent } from '../../domain/odds';
import type { ScanResult } from '../../domain/opportunities';
import { commissionRates } from '../odds/commission';
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
  options: ScanOptions[K],
  now: number,
): ScanResult {
  // The finder's commission rates are the scan's: prices are read with them before any finder runs.
  const scanOptions: ScanOptions = { [kind]: options, commission: options?.commission };
  const settings = scanSettings(scanOptions);
  const rates = commissionRates(options?.commission);
  const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
  for (const event of events) addScan(result, scanPreparedEvent(readEvent(event, rates), settings, now, kind));
  return result;
}

/** A kind's two finders: on one event, and across a board in scanBoard's order (sortScan). */
function findersOf<K extends keyof ScanResult>(kind: K) {
  return {
    onEvent: (event: BoardEvent, options: ScanOptions[K], now: number): ScanResult[K] =>
      scanFor(kind, [event], options, now)[kind],
    onBoard: (events: readonly BoardEvent[], options: ScanOptions[K], now: number): ScanResult[K] =>
      sortScan(scanFor(kind, events, options, now))[kind],
  };
}

const ev = findersOf('ev');
const arbitrage = findersOf('arbitrage');
const middles = findersOf('middles');

/** +EV on one event (ev.ts). */
export const findEvBets = ev.onEvent;

/** +EV across a board, highest EV% first. */
export const findEvBetsOnBoard = ev.onBoard;

/** Arbitrage on one event (arbitrage.ts, back-lay.ts). */
export const findArbitrage = arbitrage.onEvent;

/** Arbitrage across a board, most profitable first. */
export const findArbitrageOnBoard = arbitrage.onBoard;

/** Middles on one event (middles.ts). */
export const findMiddles = middles.onEvent;

/** Middles across a board, most likely first, then the widest gap. */
export const findMiddlesOnBoard = middles.onBoard;
