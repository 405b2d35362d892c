import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';

/** How often the summary line is written: the info log's pace whatever the feeds' cadences. */
export const POLL_SUMMARY_INTERVAL_MS = 60_000;

/** One poll as the summary counts it: a feed kind (odds, props, scores), what it found, and its publish time. */
export interface PollSample {
  kind: string;
  events: number;
  changedEvents: number;
  /** From the feed's answer to the diff's publish returning; absent when nothing was published. */
  publishMs?: number;
}

/** A minute of polls, as the summary line gives it. */
export interface PollSummaryLine {
  polls: number;
  byKind: Record<string, number>;
  events: number;
  changedEvents: number;
  failures: number;
  publishes: number;
  publishMsP50: number | null;
  publishMsP99: number | null;
}

/** The value at fraction `p` of `sorted` (nearest rank), or null for none. */
function nearestRank(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Sums a period's polls and failed polls into its summary line. */
export function summarisePolls(samples: readonly PollSample[], failures: number): PollSummaryLine {
  const byKind: Record<string, number> = {};
  let events = 0;
  let changedEvents = 0;
  const publishMs: number[] = [];
  for (const sample of samples) {
    byKind[sample.kind] = (byKind[sample.kind] ?? 0) + 1;
    events += sample.events;
    changedEvents += sample.changedEvents;
    if (sample.publishMs !== undefined) publishMs.push(sample.publishMs);
  }
  publishMs.sort((a, b) => a - b);
  return {
    polls: samples.length,
    byKind,
    events,
    changedEvents,
    failures,
    publishes: publishMs.length,
    publishMsP50: nearestRank(publishMs, 0.5),
    publishMsP99: nearestRank(publishMs, 0.99),
  };
}

/**
 * The workers' info log of the feeds: one line a minute summing the polls (docs/operating.md, Logs). A line per poll,
 * at the simulator's pace ~170,000 lines and 85 MB a day per worker, is at debug.
 */
@Injectable()
export class PollSummary implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Polls');
  private samples: PollSample[] = [];
  private failures = 0;
  private timer?: NodeJS.Timeout;

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.write(), POLL_SUMMARY_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.write();
  }

  polled(sample: PollSample): void {
    this.samples.push(sample);
  }

  failed(): void {
    this.failures++;
  }

  /** Writes the period's line, if anything was polled, and starts the next period. */
  write(): void {
    if (!this.samples.length && !this.failures) return;
    const line = summarisePolls(this.samples, this.failures);
    this.samples = [];
    this.failures = 0;
    this.logger.log({
      msg: `Polls in the last minute: ${line.polls}, ${line.changedEvents} changed events, ${line.failures} failed`,
      ...line,
    });
  }
}
