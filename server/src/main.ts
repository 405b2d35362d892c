import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureServerApp } from './app';
import { preflight, publicOrigin, JsonLogger, routeProcessOutput } from '@oddspulse/core';
import { clientBuildId, clientIndex, defaultClientDist, inlineScriptSources, serveClient } from './web/client-app';

async function bootstrap() {
  const config = await preflight('server');
  const logger = new JsonLogger('server', config.LOG_LEVEL);
  routeProcessOutput(logger);
  // rawBody: Stripe's webhook signature is verified over the exact bytes received (billing).
  const app = await NestFactory.create<NestExpressApplication>(AppModule, { logger, bufferLogs: true, rawBody: true });
  // Buffered start-up logs reach the logger only once it is set on the app.
  app.useLogger(logger);
  const dist = config.CLIENT_DIST ?? defaultClientDist();
  configureServerApp(app, {
    https: publicOrigin(config).startsWith('https:'),
    inlineScripts: inlineScriptSources(dist),
    clientIndex: clientIndex(dist),
    build: clientBuildId(dist),
    redisSockets: true,
  });
  serveClient(app, dist, logger);
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close pools and queues.
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  logger.log({ msg: 'API server listening', port: config.PORT, demoMode: config.DEMO_MODE });
}

void bootstrap();
