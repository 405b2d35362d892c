import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BoardEvent,
  feedOddsFormat,
  implausibleAnswer,
  normaliseOddsApiV4,
  normaliseOddsApiV4Texts,
  oddsApiV4EventTexts,
  type NormalisedBoard,
  type OddsFormat,
} from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, OddsApiAccountRepository } from '@oddspulse/core';
import { CLOCK, Clock } from '../../feeds/clock';
import { FeedError } from '../../feeds/feed-errors';
import type { EventIntake, OddsProvider } from '../../feeds/providers';
import { oddsCallCost } from './credit-budget';
import { CreditLedgerService } from './credit-ledger.service';
import { TheOddsApiClient } from './the-odds-api.client';
import { TextReadings, type AnswerReading } from './text-readings';

/** Props are asked for events starting within this window only: each event costs its own credits. */
const PROPS_HORIZON_MS = 36 * 3_600_000;
/** How long the in-season list is trusted. */
const SPORTS_TTL_SECONDS = 3600;

/** A list answer kept as its events' texts (oddsApiV4EventTexts), to be read event by event. */
class EventTexts {
  constructor(
    readonly body: string,
    readonly texts: string[],
  ) {}
}

/** The body of an odds answer: its events' texts, or the answer parsed whole when it is not of that form. */
function readOddsAnswer(text: string): unknown {
  const texts = oddsApiV4EventTexts(text);
  return texts ? new EventTexts(text, texts) : JSON.parse(text);
}

/** Odds from The Odds API v4 in the format the regions' books quote (feedOddsFormat), normalised by the shared normaliser. */
@Injectable()
export class TheOddsApiOddsProvider implements OddsProvider {
  readonly name = 'theoddsapi' as const;
  private readonly logger = new Logger(TheOddsApiOddsProvider.name);
  private readonly readings = new TextReadings();
  /** The format straight bets are asked for, and their answers' texts read in (normaliseOddsApiV4Texts). */
  private readonly oddsFormat: OddsFormat;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: TheOddsApiClient,
    private readonly ledger: CreditLedgerService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly account: OddsApiAccountRepository,
  ) {
    this.oddsFormat = feedOddsFormat(config.ODDS_API_REGIONS);
  }

  private async spend(sport: string, cost: number, urgent = false) {
    const decision = await this.ledger.check(sport, cost, urgent);
    if (!decision.allowed) throw new FeedError('paused', decision.reason, false);
  }

  /** Out-of-season sports are not polled: GET /v4/sports (free) lists the ones in season, shared by all workers for an hour. */
  private async assertInSeason(sport: string) {
    let keys = await this.account.inSeasonSports();
    if (!keys) {
      const sports = await this.client.get<Array<{ key: string; active: boolean }>>('/v4/sports', {}, sport);
      if (!Array.isArray(sports)) throw new FeedError('invalid_body', 'Invalid response format from server', true);
      keys = sports.filter((s) => s.active).map((s) => s.key);
      await this.account.saveInSeasonSports(keys, SPORTS_TTL_SECONDS);
    }
    if (!keys.includes(sport)) throw new FeedError('paused', `${sport} is not in season on The Odds API`, false);
  }

  /**
   * A sport's odds, or those of some of its events: `eventIds` costs what a whole-sport call costs, so the scheduler
   * polls a live game every 5 s without paying for the sport's other games (spec 001 §9). Those polls are the live
   * and about-to-start games the budget keeps paying for below the reserve.
   */
  async fetchOdds(sport: string, eventIds: readonly string[] | null, intake: EventIntake): Promise<BoardEvent[]> {
    await this.assertInSeason(sport);
    await this.spend(
      sport,
      oddsCallCost(this.config.ODDS_API_MARKETS.length, this.config.ODDS_API_REGIONS.length),
      !!eventIds,
    );
    const raw = await this.client.get<unknown>(
      `/v4/sports/${encodeURIComponent(sport)}/odds`,
      {
        ...(eventIds ? { eventIds: eventIds.join(',') } : {}),
        regions: this.config.ODDS_API_REGIONS.join(','),
        markets: this.config.ODDS_API_MARKETS.join(','),
        oddsFormat: this.oddsFormat,
        dateFormat: 'iso',
        includeLinks: 'true',
        includeSids: 'true',
      },
      sport,
      readOddsAnswer,
    );
    return this.normalise(raw, sport, intake, this.readings.reading(sport, eventIds === null, intake));
  }

  /** Props come per event: the event list (free of credits) says which events to ask about. */
  async fetchProps(sport: string): Promise<BoardEvent[]> {
    const now = this.clock();
    const events = await this.client.get<Array<{ id: string; commence_time: string }>>(
      `/v4/sports/${encodeURIComponent(sport)}/events`,
      { dateFormat: 'iso' },
      sport,
    );
    if (!Array.isArray(events)) throw new FeedError('invalid_body', 'Invalid response format from server', true);
    const upcoming = events.filter((e) => {
      const start = Date.parse(e.commence_time);
      return start > now && start - now < PROPS_HORIZON_MS;
    });
    const cost = oddsCallCost(this.config.ODDS_API_PROPS_MARKETS.length, this.config.ODDS_API_PROPS_REGIONS.length);
    const result: BoardEvent[] = [];
    for (const event of upcoming) {
      await this.spend(sport, cost);
      try {
        const raw = await this.client.get<unknown>(
          `/v4/sports/${encodeURIComponent(sport)}/events/${encodeURIComponent(event.id)}/odds`,
          {
            regions: this.config.ODDS_API_PROPS_REGIONS.join(','),
            markets: this.config.ODDS_API_PROPS_MARKETS.join(','),
            oddsFormat: feedOddsFormat(this.config.ODDS_API_PROPS_REGIONS),
            dateFormat: 'iso',
            includeLinks: 'true',
            includeSids: 'true',
          },
          sport,
        );
        result.push(...this.normalise(raw, sport));
      } catch (error) {
        // A market not offered for this sport answers 422 for that event only (spec 001 §8: skip that game).
        if (error instanceof FeedError && error.kind === 'invalid_request') {
          this.logger.warn({ sport, eventId: event.id }, `Props skipped for ${event.id}: ${error.message}`);
          continue;
        }
        throw error;
      }
    }
    return result;
  }

  /**
   * `intake`: each event as the pipeline takes it in, event by event when the answer came as its events' texts, through
   * `reading` (a text sent as before, a game's or a book's, is not read again), kept once the answer is accepted.
   */
  private normalise(
    raw: unknown,
    sport: string,
    intake: EventIntake = (event) => event,
    reading: AnswerReading | null = null,
  ): BoardEvent[] {
    let board: NormalisedBoard;
    let readByText: AnswerReading | null = null;
    try {
      // The format asked for is still checked against the prices, so a recorded board of the other reads right (whole).
      const byText =
        raw instanceof EventTexts && reading ? normaliseOddsApiV4Texts(raw.texts, reading, this.oddsFormat) : null;
      if (byText) readByText = reading;
      board = byText ?? whole(raw, intake);
    } catch (error) {
      throw new FeedError('invalid_body', `Invalid response format from server: ${(error as Error).message}`, true);
    }
    const { dropped } = board;
    if (dropped.events || dropped.markets || dropped.outcomes)
      this.logger.debug({ sport, dropped }, 'The Odds API: unusable entries dropped');
    const implausible = implausibleAnswer({ kept: board.events.length, dropped: dropped.events }, null);
    if (implausible) throw new FeedError('implausible', implausible, false);
    readByText?.keep();
    return board.events;
  }
}

/** The answer normalised whole, each event then taken in. */
function whole(raw: unknown, intake: EventIntake): NormalisedBoard {
  const board = normaliseOddsApiV4(raw instanceof EventTexts ? JSON.parse(raw.body) : raw);
  return { ...board, events: board.events.map(intake) };
}
