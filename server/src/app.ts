import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { RedisService } from '@oddspulse/core';
import { configureHttp } from './bootstrap/http';
import { mountApiDocs } from './docs/api-docs';
import { MCP_PATH, MCP_RESOURCE_METADATA_PATH } from './mcp/mcp.controller';
import { mountOperations } from './ops/ops-endpoints';
import { RedisIoAdapter } from './realtime/redis-io.adapter';

export interface ServerAppOptions {
  /** Served under https (HSTS). */
  https: boolean;
  /** The built pages' inline scripts, allowed by hash in their CSP. */
  inlineScripts?: readonly string[];
  /** The web app build served, named on every API answer (clientBuildId); unset without a built client. */
  build?: string | null;
  /** The web app's index.html, for the /ops page; null without a built client. */
  clientIndex: string | null;
  /** Sockets through the Redis adapter (rooms shared by every server process), as a served process has them. */
  redisSockets: boolean;
  /** Where the request log writes: the pino logger the app's LoggerModule (serverLogging) was given. */
  log: Logger;
}

/**
 * Sets up an application made from AppModule as the server serves it: HTTP hardening, the /api prefix, the
 * operations endpoints outside it, the API docs and the socket adapter. main.ts and the system specs both start the
 * server through here, so a spec runs the server a user reaches.
 */
export function configureServerApp(app: NestExpressApplication, options: ServerAppOptions): void {
  configureHttp(app, {
    https: options.https,
    inlineScripts: options.inlineScripts,
    build: options.build,
    log: options.log,
  });
  // the MCP endpoint and its metadata sit where the protocol's clients look for them, outside /api
  app.setGlobalPrefix('api', { exclude: [MCP_PATH, MCP_RESOURCE_METADATA_PATH] });
  mountOperations(app, { clientIndex: options.clientIndex });
  mountApiDocs(app);
  if (options.redisSockets) app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(RedisService)));
}
