import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  duePolls,
  JobName,
  JobPayload,
  oddsPollPhaseMs,
  oddsPollPlan,
  type OddsPollDecision,
  type OddsPollPlan,
  type PlannedSlots,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  JobQueueService,
  LiveStateRepository,
  OddsApiAccountRepository,
} from '@oddspulse/core';
import { CLOCK, type Clock } from '../feeds/clock';
import { OnJob } from '../jobs/on-job.decorator';

const JOB_FOR_KIND = { odds: JobName.OddsPoll, props: JobName.PropsPoll, scores: JobName.ScoresPoll } as const;

/**
 * The slot of the stream jobs: each sport's `odds.stream` comes once a slot, so a stream whose worker died is taken over
 * within a slot of its lease lapsing.
 */
const STREAM_SLOT_MS = 5_000;

/** One repeatable job (upserted by id, so one schedule however many workers start) that fans out the polls. */
@Injectable()
export class FeedsSchedulerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(FeedsSchedulerService.name);
  private watch?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
    private readonly state: LiveStateRepository,
    private readonly oddsApi: OddsApiAccountRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.FeedsSchedule, this.config.SCHEDULER_TICK_MS);
    this.logger.log(
      `Feeds scheduled every ${this.config.SCHEDULER_TICK_MS} ms: odds from ${this.config.ODDS_PROVIDER}, scores from ${this.config.SCORES_PROVIDER}, sports ${this.config.FEED_SPORTS.join(', ')}`,
    );
    // A timer of the process, not a job: when Redis comes back empty there is no scheduler left to run a job that would
    // notice. Every tick, each schedule this worker made (feeds, settlement, billing) is put back if gone.
    this.watch = setInterval(() => void this.restoreSchedules(), this.config.SCHEDULER_TICK_MS);
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watch);
  }

  async restoreSchedules(): Promise<string[]> {
    try {
      const restored = await this.jobs.restoreSchedules();
      if (restored.length)
        this.logger.warn({ restored }, `Job schedulers missing from Redis, re-created: ${restored.join(', ')}`);
      return restored;
    } catch (error) {
      this.logger.warn(`Could not check the job schedulers: ${(error as Error).message}`);
      return [];
    }
  }

  @OnJob(JobName.FeedsSchedule)
  async fanOut(_data: JobPayload<typeof JobName.FeedsSchedule>) {
    const now = this.clock();
    await this.state.recordScheduleTick(now);
    const sportWide = duePolls(
      this.config.FEED_SPORTS,
      await this.state.feedStatuses(this.config.FEED_SPORTS),
      {
        propsMs: this.config.PROPS_INTERVAL_MS,
        scoresLiveMs: this.config.SCORES_LIVE_INTERVAL_MS,
        scoresIdleMs: this.config.SCORES_IDLE_INTERVAL_MS,
      },
      now,
    );
    if (this.config.ODDS_PROVIDER === 'stream') {
      // The stream replaces the odds polls: one job a slot per sport keeps its connection up somewhere.
      const slot = Math.floor(now / STREAM_SLOT_MS) * STREAM_SLOT_MS;
      await Promise.all([
        ...sportWide.map((p) =>
          this.jobs.add(JOB_FOR_KIND[p.kind], { sport: p.sport, tick: p.tick }, { jobId: p.jobId }),
        ),
        ...this.config.FEED_SPORTS.map((sport) =>
          this.jobs.add(JobName.OddsStream, { sport, tick: slot }, { jobId: `stream-${sport}-${slot}` }),
        ),
      ]);
      return { scheduledAt: now, polls: sportWide.length + this.config.FEED_SPORTS.length };
    }
    const odds = await this.planOdds(now);
    await Promise.all([
      ...sportWide.map((p) =>
        this.jobs.add(JOB_FOR_KIND[p.kind], { sport: p.sport, tick: p.tick }, { jobId: p.jobId }),
      ),
      ...odds.plans.map((p) =>
        this.jobs.add(JobName.OddsPoll, { sport: p.sport, tick: p.slot, eventIds: p.eventIds }, { jobId: p.jobId }),
      ),
    ]);
    // Once enqueued: a slot recorded as planned whose job was never added would be skipped.
    await this.state.saveOddsPlans(odds.planned, odds.held, now);
    return { scheduledAt: now, polls: sportWide.length + odds.plans.length };
  }

  /**
   * Each sport's odds poll due now, per event class (spec 001 §9), from the events its last poll saw. Below The Odds
   * API's credit reserve the credits go to live and about-to-start games, except for the priority sports, and what
   * that held back is recorded for the operations page. The slots are recorded as planned when the job is enqueued,
   * so a poll that fails is tried again at its class's next slot, not on every tick.
   */
  private async planOdds(now: number) {
    const [events, planned, lowCredits] = await Promise.all([
      this.state.oddsSchedules(),
      this.state.plannedOddsSlots(),
      this.belowReserve(),
    ]);
    const plans: OddsPollPlan[] = [];
    const nextPlanned = new Map<string, PlannedSlots>();
    const held = new Map<string, OddsPollDecision['held']>();
    for (const sport of this.config.FEED_SPORTS) {
      const urgentOnly = lowCredits && !this.config.ODDS_API_PRIORITY_SPORTS.includes(sport);
      const decision = oddsPollPlan(sport, events.get(sport) ?? null, planned.get(sport) ?? {}, now, {
        urgentOnly,
        phaseMs: oddsPollPhaseMs(this.config.FEED_SPORTS, sport),
      });
      held.set(sport, decision.held);
      if (!decision.poll) continue;
      plans.push(decision.poll);
      const slots = { ...planned.get(sport) };
      for (const cls of decision.poll.classes) slots[cls] = decision.poll.slot;
      nextPlanned.set(sport, slots);
    }
    return { plans, planned: nextPlanned, held };
  }

  private async belowReserve(): Promise<boolean> {
    if (this.config.ODDS_PROVIDER !== 'theoddsapi') return false;
    const { remaining } = await this.oddsApi.credits();
    return remaining !== null && remaining < this.config.ODDS_API_CREDIT_RESERVE;
  }
}
