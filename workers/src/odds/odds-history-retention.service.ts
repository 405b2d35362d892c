import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobName } from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  JobQueueService,
  OddsHistoryPartitionsRepository,
  OddsHistoryRepository,
  type OddsHistoryPartition,
  utcMidnight,
} from '@oddspulse/core';
import { CLOCK, Clock } from '../feeds/clock';
import { OnJob } from '../jobs/on-job.decorator';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Days made ahead of today: a job that stops running leaves two days before rows fall into the DEFAULT partition. */
export const PARTITION_DAYS_AHEAD = 2;

/**
 * What one run does at `now`: the day partitions to have (today and PARTITION_DAYS_AHEAD more), and the partitions
 * wholly older than the retention (today's start less `retentionDays` whole days), oldest first.
 */
export function retentionPlan(partitions: readonly OddsHistoryPartition[], now: Date, retentionDays: number) {
  const today = utcMidnight(now).getTime();
  const days = Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, i) => new Date(today + i * DAY_MS));
  const cutoff = today - retentionDays * DAY_MS;
  return { days, expired: partitions.filter((p) => p.to.getTime() <= cutoff) };
}

export interface RetentionReport {
  created: string[];
  dropped: string[];
  /** Past retention, kept because an unsettled pick may need it for its closing line. */
  kept: string[];
  defaultRows: number;
}

/**
 * Bounds odds_history: partitions are created ahead so inserts land in their day, and a day past
 * ODDS_HISTORY_RETENTION_DAYS is dropped whole, never deleted row by row. The closing line of a pick is the last
 * price before its game starts, read when it starts (picks.record-close), so a partition holding history of a pending
 * pick's event that has no closing line yet is kept until that pick has one, is settled, or its game started before
 * that day (docs/operating.md, "Odds history retention"). Every step is idempotent: a re-run, or two workers, change nothing more.
 */
@Injectable()
export class OddsHistoryRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(OddsHistoryRetentionService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly partitions: OddsHistoryPartitionsRepository,
    private readonly history: OddsHistoryRepository,
    private readonly jobs: JobQueueService,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.OddsHistoryRetain, HOUR_MS);
  }

  @OnJob(JobName.OddsHistoryRetain)
  async retain(): Promise<RetentionReport> {
    const plan = retentionPlan(
      await this.partitions.list(),
      new Date(this.clock()),
      this.config.ODDS_HISTORY_RETENTION_DAYS,
    );
    const report: RetentionReport = { created: [], dropped: [], kept: [], defaultRows: 0 };
    for (const day of plan.days) {
      if (await this.partitions.ensureDay(day)) report.created.push(day.toISOString().slice(0, 10));
    }
    for (const partition of plan.expired) {
      ((await this.partitions.dropUnlessNeeded(partition)) ? report.dropped : report.kept).push(partition.name);
    }
    report.defaultRows = await this.partitions.defaultRows();
    // The outbox entries stored a day ago were acknowledged seconds after: their ids guard against nothing any more.
    await this.history.pruneEntries(new Date(this.clock() - DAY_MS));
    if (report.created.length || report.dropped.length)
      this.logger.log(
        report,
        `Odds history: created ${report.created.length}, dropped ${report.dropped.length} partition(s)`,
      );
    if (report.kept.length)
      this.logger.log(
        { kept: report.kept },
        `Odds history kept past retention for unsettled picks' closing lines: ${report.kept.join(', ')}`,
      );
    if (report.defaultRows)
      this.logger.warn(
        { defaultRows: report.defaultRows },
        `${report.defaultRows} odds history row(s) in the default partition (recorded for a day with no partition)`,
      );
    return report;
  }
}
