import type { BoardEvent } from '../domain/odds';
import type { ScanResult } from '../domain/opportunities';
import type { PreparedEvent } from './prepared-columns';
import { prepareEvent } from './prepared-event';
import { scanPreparedEvent } from './prepared-scan';
import { addScan, scanSettings, sortScan, type ScanOptions } from './scan';

/**
 * A board kept prepared (see PreparedEvent): each event is read into columns when it arrives or changes, and
 * scanning it, or the whole board, only applies the clock and the finders. The detection worker holds one per
 * board and sport and updates it with each poll's changed events.
 */
export class PreparedBoard {
  private readonly events = new Map<string, PreparedEvent>();

  get size(): number {
    return this.events.size;
  }

  has(eventId: string): boolean {
    return this.events.has(eventId);
  }

  /** Reads every event of the board afresh, dropping any other. */
  load(events: readonly BoardEvent[]): void {
    this.events.clear();
    for (const event of events) this.events.set(event.id, prepareEvent(event));
  }

  /**
   * Brings the board to `events` when only the events of `changedIds` changed since it was last brought up to
   * date: those are read again, or dropped when they are no longer on the board.
   */
  update(events: readonly BoardEvent[], changedIds: readonly string[]): void {
    if (changedIds.length === 0) return;
    const changed = new Set(changedIds);
    const present = new Set<string>();
    for (const event of events) {
      if (!changed.has(event.id)) continue;
      this.events.set(event.id, prepareEvent(event));
      present.add(event.id);
    }
    for (const id of changed) if (!present.has(id)) this.events.delete(id);
  }

  /** The opportunities of one event (none when it is not on the board). */
  scanEvent(eventId: string, options: ScanOptions = {}, now: number): ScanResult {
    const prepared = this.events.get(eventId);
    return prepared ? scanPreparedEvent(prepared, scanSettings(options), now) : { arbitrage: [], middles: [], ev: [] };
  }

  /** Every event, in the order of scanBoard. */
  scan(options: ScanOptions = {}, now: number): ScanResult {
    const settings = scanSettings(options);
    const result: ScanResult = { arbitrage: [], middles: [], ev: [] };
    for (const prepared of this.events.values()) addScan(result, scanPreparedEvent(prepared, settings, now));
    return sortScan(result);
  }
}
