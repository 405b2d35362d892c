import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureServerApp } from './app';
import { PasswordStrength } from './accounts/auth/password-strength';
import { serverLogging } from './bootstrap/request-log';
import { preflight, publicOrigin, createLogger, routeProcessOutput } from '@oddspulse/core';
import { clientBuildId, clientIndex, defaultClientDist, inlineScriptSources, serveClient } from './web/client-app';

async function bootstrap() {
  const config = await preflight('server');
  // One pino logger for the process: what libraries print, Nest's logger (nestjs-pino) and the request log.
  const log = createLogger('server', config.LOG_LEVEL);
  routeProcessOutput(log);
  // rawBody: Stripe's webhook signature is verified over the exact bytes received (billing).
  const app = await NestFactory.create<NestExpressApplication>(
    { module: AppModule, imports: [serverLogging(log)] },
    { bufferLogs: true, rawBody: true },
  );
  // Buffered start-up logs reach the logger only once it is set on the app.
  const logger = app.get(Logger);
  app.useLogger(logger);
  const dist = config.CLIENT_DIST ?? defaultClientDist();
  configureServerApp(app, {
    https: publicOrigin(config).startsWith('https:'),
    inlineScripts: inlineScriptSources(dist),
    clientIndex: clientIndex(dist),
    build: clientBuildId(dist),
    redisSockets: true,
    log,
  });
  serveClient(app, dist, logger);
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close pools and queues.
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  logger.log({ msg: 'API server listening', port: config.PORT, demoMode: config.DEMO_MODE });
  // zxcvbn's dictionaries take seconds of CPU to build: on a thread of their own now, not in the first sign-up's
  // answer (a thread that fails is logged, and the first password starts another)
  void app.get(PasswordStrength).warm();
}

void bootstrap();
