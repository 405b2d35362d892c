import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { preflight, JsonLogger, routeProcessOutput } from '@oddspulse/core';
import { WorkersModule } from './workers.module';

/** Longer than the slowest poll (FEED_REQUEST_DEADLINE_MS and the writes after it). */
const SHUTDOWN_GRACE_MS = 30_000;

async function bootstrap() {
  const config = await preflight('workers');
  const logger = new JsonLogger('workers', config.LOG_LEVEL);
  routeProcessOutput(logger.pino);
  const app = await NestFactory.createApplicationContext(WorkersModule, { logger, bufferLogs: true });
  // Buffered start-up logs reach the logger only once it is set on the app.
  app.useLogger(logger);
  // SIGTERM/SIGINT: BullMQ workers finish their active jobs (QueueProcessor.beforeApplicationShutdown bounds the wait,
  // and skips it while Redis is down), then connections close and the process exits 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
  // A last resort, should a connection's close hang all the same: past the grace period it exits anyway; an
  // unfinished job is retried by another worker, and the poll lock it held lapses within its short TTL.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.error({ msg: 'Shutdown did not finish in time; exiting', signal, graceMs: SHUTDOWN_GRACE_MS });
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
    });
  }
  logger.log({ msg: 'Workers started', concurrency: config.WORKER_CONCURRENCY });
}

void bootstrap();
