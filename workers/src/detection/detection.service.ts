import { Inject, Injectable } from '@nestjs/common';
import {
  MAX_BANKROLL,
  OpportunityChannel,
  OpportunityUpdate,
  RealtimeChannel,
  RealtimeMessage,
  SCANNER_MAX_STAKE,
  ScanOptions,
  ScanResult,
  SportBoard,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  RealtimePublisher,
  LiveStateRepository,
  type AlertRoom,
  type StateWrites,
} from '@oddspulse/core';
import { Trackable, trackOpportunities } from './opportunity-tracker';
import { PreparedBoards } from './prepared-boards';
import { AlertBatches } from '../alerts/alert-batches';
import { SteamDetectionService } from '../steam/steam-detection.service';

const KINDS = [
  { channel: RealtimeChannel.Arbitrage, result: 'arbitrage' },
  { channel: RealtimeChannel.Middles, result: 'middles' },
  { channel: RealtimeChannel.Ev, result: 'ev' },
] as const satisfies ReadonlyArray<{ channel: OpportunityChannel; result: keyof ScanResult }>;
const CHANNELS = KINDS.map((kind) => kind.channel);
/** The alerts outboxes a board's run hands over: a straight-bets board's own (its price targets) with its kinds'. */
const HANDED_OVER: Record<'odds' | 'props', readonly AlertRoom[]> = { odds: [...CHANNELS, 'odds'], props: CHANNELS };

export interface DetectionSummary {
  published: Record<OpportunityChannel, number>;
  current: Record<OpportunityChannel, number>;
}

/**
 * Runs the engine's EV, arbitrage and middles on the events that changed, keeps each event's current
 * opportunities in Redis (for initial loads) and publishes what is new, updated or gone. The boards are kept
 * prepared for the engine (PreparedBoards): a poll reads again only the events that changed. Detection
 * publishes with the loosest thresholds a user can choose; each user's filters and stake sizing apply on top
 * (the scanner calls and the browser's lists). A game is also scanned again, though no price of it moved, once the
 * clock alone changes what a scan finds (clockChangeAfter: a price past the locked-market age, the start), so what the
 * rules no longer allow goes. Arbitrages are sized at the largest stake a user can choose: the
 * engine drops one whose rounded stakes guarantee no profit, and the larger the stake the less rounding costs,
 * so no arbitrage a user could be shown is dropped here; and for the same reason the boards also find the
 * arbitrages that pay only at a commission below the published rates (PreparedBoards). What is new is handed to alert evaluation and to
 * the landing page's "found today": through its alerts outbox, written in the step that saves the opportunities, and
 * counted and queued from there at the end of the run (or the next run's, if this one stops first). A
 * straight-bets board runs steam first (the one signal that must reach the socket fastest), and hands its changed
 * events to the price targets the same way: through its own outbox, written in the step that stores the board
 * (`handOff`).
 */
@Injectable()
export class DetectionService {
  private readonly options: ScanOptions;
  private readonly prepared = new PreparedBoards();

  constructor(
    private readonly state: LiveStateRepository,
    private readonly publisher: RealtimePublisher,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly alertBatches: AlertBatches,
    private readonly steam: SteamDetectionService,
  ) {
    this.options = {
      arbitrage: { minProfitPct: config.DETECT_MIN_PROFIT_PCT, bankroll: MAX_BANKROLL, maxStake: SCANNER_MAX_STAKE },
      middles: { minGap: config.DETECT_MIN_GAP, minProbability: config.DETECT_MIN_PROBABILITY },
      ev: { minEvPct: config.DETECT_MIN_EV_PCT },
    };
  }

  /**
   * Reads the events of `next` that changed into the board detection keeps, as `detect` would first: the pipeline runs
   * it while Redis runs the step that stores the board, so `detect` finds it done. Arguments as for `detect`.
   */
  async prepare(
    board: 'odds' | 'props',
    next: SportBoard,
    eventIds: readonly string[],
    basis: string | null,
  ): Promise<void> {
    await this.prepared.sync(board, next, eventIds, basis);
  }

  /**
   * Marks the events a board changed as due for a scan at `now`, before the step that stores it: once it is stored the
   * next poll sees them unchanged, so a `detect` failing before it saves what it found leaves them due and the sport's
   * next run (a poll, a failing feed's review) scans them; one that saves sets their reviews as the clock has them.
   */
  async owe(board: 'odds' | 'props', sport: string, eventIds: readonly string[], now: number): Promise<void> {
    await this.state.saveOpportunityReviews(
      board,
      sport,
      eventIds.map((id) => [id, now] as const),
    );
  }

  /**
   * The alerts outbox entry for the step that stores `next` (its appends): a straight-bets board hands the events that
   * changed to the price targets on them, queued by this board's `detect` or, if it stops first, the sport's next one.
   */
  handOff(
    board: 'odds' | 'props',
    next: SportBoard,
    eventIds: readonly string[],
    now: number,
  ): NonNullable<StateWrites['appends']> {
    return board === 'odds' ? this.alertBatches.priceTargetHandOff(next.sport_key, now, eventIds) : [];
  }

  /**
   * `eventIds`: the events that changed (added, changed or removed) since the last board; `basis`: the
   * fetched_at of the board they changed from (null for the first board of the sport).
   */
  async detect(
    board: 'odds' | 'props',
    next: SportBoard,
    eventIds: readonly string[],
    now: number,
    basis: string | null,
  ): Promise<DetectionSummary> {
    const sport = next.sport_key;
    const summary: DetectionSummary = {
      published: { arbitrage: 0, middles: 0, ev: 0 },
      current: { arbitrage: 0, middles: 0, ev: 0 },
    };
    // steam reviews its alerts on every board, changed or not: a game's start ends them without a price moving
    if (board === 'odds') await this.steam.detect(next, eventIds, now);
    const { board: prepared, refreshed } = await this.prepared.sync(board, next, eventIds, basis);
    // what an earlier run saved and did not queue for the alert rules (it stopped, or the queue failed) is queued with
    // this run's own, whether or not this run scans anything
    const [due, waiting] = await Promise.all([
      this.state.dueOpportunityReviews(board, sport, now),
      this.alertBatches.waiting(HANDED_OVER[board], sport),
    ]);
    const handOver = new Set(waiting);
    // the games the board changed; those a book re-confirmed (only a last_update moved: a stale leg reopens, a tie of
    // books changes hands); and those whose opportunities the clock alone changed since they were scanned though no
    // price moved: a price grown past the locked-market age, a game started (spec 001 §5)
    const scanned = due.length || refreshed.length ? [...new Set([...eventIds, ...refreshed, ...due])] : eventIds;
    if (!scanned.length) {
      await this.alertBatches.handOver(handOver, sport);
      return summary;
    }
    const fields = scanned.map((id) => `${board}:${id}`);
    const scans = new Map<string, ScanResult>();
    for (const id of scanned) if (prepared.has(id)) scans.set(id, prepared.scanEvent(id, this.options, now));
    for (const kind of KINDS) {
      const stored = await this.state.eventOpportunities<Trackable>(kind.channel, sport, fields);
      const updates: OpportunityUpdate[] = [];
      const entries = scanned.map((id, i) => {
        const found = (scans.get(id)?.[kind.result] ?? []) as unknown as Trackable[];
        const { current, published } = trackOpportunities(board, id, stored[i], found, now);
        updates.push(...published);
        summary.current[kind.channel] += current.length;
        return [fields[i], current] as const;
      });
      // Alert rules are evaluated in the workers on what detection published, and the day's counters count it, both at
      // the run's end from the room's outbox: the batch is written there in the step that saves it, so no run that saved
      // it can end without it reaching them.
      const handOff = this.alertBatches.handOff(kind.channel, sport, now, updates);
      await this.state.saveEventOpportunities(kind.channel, sport, entries, handOff);
      if (handOff.length) handOver.add(kind.channel);
      if (updates.length) {
        await this.publisher.publish({
          channel: kind.channel,
          key: sport,
          at: new Date(now).toISOString(),
          type: 'opportunities',
          data: { updates },
        } as RealtimeMessage);
      }
      summary.published[kind.channel] = updates.length;
    }
    // saved once what was found is: a worker stopped before this scans the same games again at its next board
    await this.state.saveOpportunityReviews(
      board,
      sport,
      scanned.map((id) => [id, prepared.clockChangeAfter(id, now)] as const),
    );
    await this.alertBatches.handOver(handOver, sport);
    return summary;
  }
}
