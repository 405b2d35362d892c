import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountMessages, ApiMessages, type ApiErrorBody } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig, MetricsService, presentsMetricsToken } from '@oddspulse/core';

function answer(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

function refuse(res: ServerResponse, body: ApiErrorBody): void {
  answer(res, body.statusCode, 'application/json; charset=utf-8', JSON.stringify(body));
}

/**
 * The workers' Prometheus endpoint: GET /metrics on WORKERS_METRICS_PORT, for a scraper presenting
 * METRICS_TOKEN as a bearer (the workers have no sessions; the configuration refuses the port without a token);
 * 401 for anyone else. Off when no port is set.
 */
@Injectable()
export class WorkersMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkersMetricsServer.name);
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.WORKERS_METRICS_PORT;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        this.logger.error({ err: error }, `Metrics scrape failed: ${error.message}`);
        if (!res.headersSent) refuse(res, { statusCode: 500, code: 'SERVER_ERROR', message: ApiMessages.serverError });
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics served on port ${(server.address() as AddressInfo).port} at /metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://workers').pathname !== '/metrics') {
      return refuse(res, { statusCode: 404, code: 'NOT_FOUND', message: ApiMessages.notFound });
    }
    if (!presentsMetricsToken(req.headers.authorization, this.config.METRICS_TOKEN)) {
      return refuse(res, { statusCode: 401, code: 'AUTH_REQUIRED', message: AccountMessages.authenticationRequired });
    }
    const { contentType, body } = await this.metrics.scrape();
    answer(res, 200, contentType, body);
  }
}
