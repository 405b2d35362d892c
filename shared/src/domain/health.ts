export type ServiceState = 'up' | 'down';

export type FeedKind = 'odds' | 'props' | 'scores';

/** One feed (kind × sport) as the workers last left it. */
export interface FeedStatus {
  kind: FeedKind;
  sport: string;
  provider: string;
  /**
   * ok: last poll succeeded; stale: failing, the board keeps its last data; paused: not polled, on purpose (the credit
   * budget, out of season) or held back because it fails (`paused_by_failure`).
   */
  state: 'ok' | 'stale' | 'paused';
  last_poll_at: string;
  last_success_at: string | null;
  stale_since: string | null;
  /** Seconds since the data was last fetched successfully (at report time). */
  age_seconds: number | null;
  events: number;
  live: number;
  error?: string;
  paused_reason?: string;
  /** Paused because the feed fails: backing off after failures, or halted until the configuration changes (a 401). */
  paused_by_failure?: boolean;
}

export interface CreditsHealth {
  remaining: number | null;
  used: number | null;
  last: number | null;
  reserve: number;
  /** True while credits are below the reserve: only the priority sports and live or about-to-start games are polled. */
  low_priority_paused: boolean;
  by_sport: Record<string, number>;
}

export interface FeedsHealth {
  odds_provider: string;
  scores_provider: string;
  credits?: CreditsHealth;
  feeds: FeedStatus[];
}

/** One worker process as its heartbeat last said. */
export interface WorkerHealth {
  id: string;
  host: string;
  pid: number;
  state: 'live' | 'silent';
  started_at: string;
  beat_at: string;
  /** When it last took a job; null before its first. */
  last_job_at: string | null;
}

/** The body of GET /api/health: each dependency with its state; 503 when any is down. */
export interface HealthReport {
  status: 'ok' | 'error';
  postgres: ServiceState;
  redis: ServiceState;
  queues: ServiceState;
  /**
   * Everything wrong, one sentence each: a service down, a worker gone or stuck, the scheduler, a stale, halted or
   * backing-off feed, an SMTP server or Stripe not taking calls.
   */
  problems: string[];
  details: {
    /** Worker processes whose heartbeat is live (each process beats its own key; a lapsed one is silent). */
    workers: number;
    /** Each worker process health knows of: live, or silent since its last beat (named until forgotten). */
    workerHeartbeats: WorkerHealth[];
    /** When the feeds scheduler last ran. */
    lastScheduleTick: string | null;
    jobCounts: Record<string, Record<string, number>>;
    feeds: FeedsHealth | null;
  };
}
