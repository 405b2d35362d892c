import { Injectable, OnModuleInit } from '@nestjs/common';
import { StateMetrics } from '@oddspulse/core';
import { GatewayStats } from '../realtime/gateway-stats';

/** The server exports the gauges read from shared state (feed ages, credits, queues) and its own sockets. */
@Injectable()
export class OpsMetrics implements OnModuleInit {
  constructor(
    private readonly state: StateMetrics,
    private readonly stats: GatewayStats,
  ) {}

  onModuleInit(): void {
    this.state.register(() => this.stats.connections());
  }
}
