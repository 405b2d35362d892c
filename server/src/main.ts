import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureHttp } from './bootstrap/http';
import { preflight } from './bootstrap/preflight';
import { publicOrigin } from './config/config.schema';
import { JsonLogger } from './logging/json-logger';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { RedisService } from './redis/redis.service';
import { defaultClientDist, serveClient } from './web/client-app';

async function bootstrap() {
  const config = await preflight();
  const logger = new JsonLogger('server', config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger, bufferLogs: true });
  configureHttp(app, { https: publicOrigin(config).startsWith('https:') });
  app.setGlobalPrefix('api');
  app.useWebSocketAdapter(new RedisIoAdapter(app, app.get(RedisService)));
  serveClient(app, config.CLIENT_DIST ?? defaultClientDist(), logger);
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close pools and queues.
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  logger.log({ msg: 'API server listening', port: config.PORT, demoMode: config.DEMO_MODE });
}

void bootstrap();
