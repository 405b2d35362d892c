import { rmSync } from 'node:fs';
import IORedis from 'ioredis';
import { dropDatabase, deleteRunKeys } from '@oddspulse/core';

export default async function globalTeardown() {
  await dropDatabase(process.env.DATABASE_URL!);
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await deleteRunKeys(redis, process.env.REDIS_PREFIX!);
  await redis.quit();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}
