import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentedAnswers } from './documented-answers';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import {
  type ClientToServerEvents,
  type RealtimeEnvelope,
  type RealtimeSnapshot,
  type ServerToClientEvents,
  type EntitlementsNotice,
  type LiveNotice,
  SOCKET_PATH,
} from '@oddspulse/shared';
import { AppModule, configureServerApp, PlanService } from '@oddspulse/server';
import {
  APP_CONFIG,
  createLogger,
  parseConfig,
  type AppConfig,
  KYSELY,
  type Database,
  RealtimePublisher,
  RedisService,
} from '@oddspulse/core';
import type { AccountsTestApp } from './accounts-app';

export interface GatewayTestApp extends AccountsTestApp {
  url: string;
  publisher: RealtimePublisher;
}

/**
 * The whole server listening on a free loopback port with the Redis socket.io adapter, as main.ts starts it.
 * Several of these with the same REDIS_PREFIX behave as several gateway processes.
 */
export async function createGatewayApp(overrides: Partial<AppConfig> = {}): Promise<GatewayTestApp> {
  const config: AppConfig = {
    ...parseConfig(process.env),
    RATE_LIMIT_MAX: 100_000,
    RATE_LIMIT_SIGNUP_MAX: 100_000,
    RATE_LIMIT_RESET_MAX: 100_000,
    RATE_LIMIT_RESET_CONFIRM_MAX: 100_000,
    ...overrides,
  };
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(APP_CONFIG)
    .useValue(config)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, rawBody: true });
  configureServerApp(app, {
    https: false,
    clientIndex: null,
    redisSockets: true,
    log: createLogger('server', 'silent'),
  });
  app.useGlobalInterceptors(new DocumentedAnswers());
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    config,
    url: `http://127.0.0.1:${port}`,
    db: moduleRef.get<Database>(KYSELY),
    redis: moduleRef.get(RedisService),
    plans: moduleRef.get(PlanService),
    publisher: moduleRef.get(RealtimePublisher),
    http: () => request(app.getHttpServer()),
    get: (token) => moduleRef.get(token as never),
  };
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client that records what it receives. */
export class RecordingClient {
  readonly messages: RealtimeEnvelope[] = [];
  readonly snapshots: RealtimeSnapshot[] = [];
  readonly notices: EntitlementsNotice[] = [];
  readonly live: LiveNotice[] = [];
  readonly socket: TestSocket;

  constructor(url: string, auth: Record<string, string> = {}, extraHeaders?: Record<string, string>) {
    this.socket = io(url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth,
      extraHeaders,
      reconnection: false,
      forceNew: true,
      autoConnect: false,
    });
    this.socket.on('message', (m) => this.messages.push(m));
    this.socket.on('snapshot', (s) => this.snapshots.push(s));
    this.socket.on('entitlements', (n) => this.notices.push(n));
    this.socket.on('live', (n) => this.live.push(n));
  }

  /** Resolves when connected; rejects with the server's refusal (message and data.code). */
  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (error) => reject(error));
      this.socket.connect();
    });
  }

  subscribe(request: Parameters<ClientToServerEvents['subscribe']>[0], timeoutMs = 5000) {
    return this.socket.timeout(timeoutMs).emitWithAck('subscribe', request);
  }

  unsubscribe(request: Parameters<ClientToServerEvents['unsubscribe']>[0]) {
    return this.socket.timeout(5000).emitWithAck('unsubscribe', request);
  }

  close(): void {
    this.socket.disconnect();
  }
}

export async function eventually(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
