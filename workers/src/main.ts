import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { preflight, JsonLogger, routeProcessOutput } from '@oddspulse/core';
import { WorkersModule } from './workers.module';

async function bootstrap() {
  const config = await preflight('workers');
  const logger = new JsonLogger('workers', config.LOG_LEVEL);
  routeProcessOutput(logger);
  const app = await NestFactory.createApplicationContext(WorkersModule, { logger, bufferLogs: true });
  // Buffered start-up logs reach the logger only once it is set on the app.
  app.useLogger(logger);
  // SIGTERM/SIGINT: BullMQ workers finish their active jobs, then connections close.
  app.enableShutdownHooks();
  logger.log({ msg: 'Workers started', concurrency: config.WORKER_CONCURRENCY });
}

void bootstrap();
