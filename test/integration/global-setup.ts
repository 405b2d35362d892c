import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDatabase, migrate } from '@oddspulse/core';
import { recordSocketOpeners } from './socket-openers';

/**
 * A database, a Redis prefix and a data folder (local mail, DECISIONS 33) of this run's own, so a developer's running
 * instance is never touched.
 */
export default async function globalSetup() {
  recordSocketOpeners();
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  process.env.NODE_ENV = 'test';
  process.env.DATABASE_URL = `${base}/oddspulse_it_${id}`;
  process.env.REDIS_PREFIX = `oddspulse-it-${id}`;
  process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'oddspulse-it-data-'));
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';
  await ensureDatabase(process.env.DATABASE_URL);
  await migrate(process.env.DATABASE_URL);
}
