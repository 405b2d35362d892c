import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { OPS_OVERVIEW_KEY, RealtimeChannel, roomName } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, OpsStateRepository, RealtimePublisher } from '@oddspulse/core';
import { GatewayStats } from '../realtime/gateway-stats';
import { OpsOverviewService } from './ops-overview.service';

/** A reconnecting page replays at most a minute of overviews; after that it gets the last one as a snapshot. */
const OPS_REPLAY_BUFFER = 12;
const OPS_ROOM = roomName(RealtimeChannel.Ops, OPS_OVERVIEW_KEY);

/**
 * The server's own sampling for the operations page, every OPS_SAMPLE_INTERVAL_MS, never per request:
 * each server process writes its socket figures to Redis; then, while some process has an operator's socket in the
 * `ops` room, the one process that claims the slot builds the overview and pushes it on the `ops` channel (the last
 * one is kept as the channel's snapshot). A sample that fails (Redis away) is logged once and the next one tries again.
 */
@Injectable()
export class OpsSampler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OpsSampler.name);
  private readonly processId = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastDeliveries: { at: number; total: number } | null = null;
  private failing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stats: GatewayStats,
    private readonly opsState: OpsStateRepository,
    private readonly overview: OpsOverviewService,
    private readonly publisher: RealtimePublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.tick(), this.config.OPS_SAMPLE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.opsState
      .removeGatewaySample(this.processId)
      .catch((error: Error) => this.logger.warn(`Could not withdraw this process's socket figures: ${error.message}`));
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.sample()
      .then(() => {
        if (this.failing) this.logger.log('Operations sampling recovered');
        this.failing = false;
      })
      .catch((error: Error) => {
        if (!this.failing) this.logger.warn(`Operations sampling failed: ${error.message}`);
        this.failing = true;
      })
      .finally(() => {
        this.running = null;
      });
  }

  /** One sample: this process's figures, then the overview if an operator is watching and this process has the slot. */
  async sample(now = Date.now()): Promise<void> {
    const interval = this.config.OPS_SAMPLE_INTERVAL_MS;
    const total = await this.stats.deliveries();
    const last = this.lastDeliveries;
    const perSecond = last && now > last.at ? ((total - last.total) * 1000) / (now - last.at) : 0;
    this.lastDeliveries = { at: now, total };
    await this.opsState.saveGatewaySample(this.processId, {
      at: now,
      connections: this.stats.connections(),
      rooms: this.stats.rooms(),
      deliveries_per_second: perSecond,
    });

    const samples = await this.opsState.gatewaySamples(now);
    const watched = samples.some((s) => now - s.at <= 3 * interval && (s.rooms[OPS_ROOM] ?? 0) > 0);
    if (!watched || !(await this.opsState.claimSample(this.processId, Math.floor(interval * 0.9)))) return;
    const overview = await this.overview.build(now);
    await this.opsState.saveOverview(overview);
    await this.publisher.publish(
      {
        channel: RealtimeChannel.Ops,
        key: OPS_OVERVIEW_KEY,
        at: overview.generated_at,
        type: 'ops.overview',
        data: overview,
      },
      OPS_REPLAY_BUFFER,
    );
  }
}
