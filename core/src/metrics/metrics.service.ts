import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Request latencies from a few milliseconds (cached reads) to the 15 s odds time-out. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
/** Feed polls run from a fraction of a second (the simulator) to a minute and more (retries of a real feed). */
const POLL_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160];

export type FeedPollOutcome = 'ok' | 'error' | 'paused';

/**
 * The Prometheus metrics of a process, one registry per process (per test app): the default process
 * metrics, and the product's own, counted where things happen. Both processes define every name; each moves the
 * ones it does: the server the HTTP and socket figures, the workers the feed polls, detection and settlement. The
 * gauges read from shared state at scrape time (feed ages, credits, queue depths, sockets) are StateMetrics.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'oddspulse_http_request_duration_seconds',
    help: 'HTTP requests by method, route (the matched pattern, not the path) and status, and how long they took.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly httpUnavailable = new Counter({
    name: 'oddspulse_http_unavailable_total',
    help: "Requests answered 503, by code: SERVICE_UNAVAILABLE while PostgreSQL or Redis is down, else the route's own (a board not written yet). Counted here rather than logged one by one.",
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly socketDeliveries = new Counter({
    name: 'oddspulse_socket_deliveries_total',
    help: 'Realtime messages written to sockets (one per socket per message), by channel.',
    labelNames: ['channel'] as const,
    registers: [this.registry],
  });

  readonly feedPollDuration = new Histogram({
    name: 'oddspulse_feed_poll_duration_seconds',
    help: 'Feed polls by feed (odds, props, scores), sport and outcome (ok, error, paused), and how long they took.',
    labelNames: ['feed', 'sport', 'outcome'] as const,
    buckets: POLL_BUCKETS,
    registers: [this.registry],
  });

  readonly opportunitiesFound = new Counter({
    name: 'oddspulse_opportunities_found_total',
    help: 'Opportunities found (each counted once a day, as the landing figures count them), by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly picksSettled = new Counter({
    name: 'oddspulse_picks_settled_total',
    help: 'Picks settled by the settlement worker, by status (won, lost, push).',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  private readonly deliveriesByChannel = new Map<string, Counter.Internal>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** One realtime message went to `sockets` sockets (the relay's hot path: the labelled child is kept per channel). */
  delivered(channel: string, sockets: number): void {
    if (!sockets) return;
    let child = this.deliveriesByChannel.get(channel);
    if (!child) {
      child = this.socketDeliveries.labels(channel);
      this.deliveriesByChannel.set(channel, child);
    }
    child.inc(sockets);
  }

  /** Times a feed poll: call the returned function with its outcome once it ends. */
  startPoll(feed: string, sport: string): (outcome: FeedPollOutcome) => void {
    const end = this.feedPollDuration.startTimer({ feed, sport });
    return (outcome) => end({ outcome });
  }

  /** The exposition text and its content type, for a scrape. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
