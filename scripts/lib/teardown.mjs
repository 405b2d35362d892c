// Drops a test run's database and deletes its Redis keys: `node scripts/lib/teardown.mjs DATABASE_URL REDIS_PREFIX`.
// With REDIS_CLUSTER_NODES set, the keys are deleted on every primary of that cluster, BullMQ's braced ones too.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { dropDatabase } = require('../../core/dist/database/migrator.js');
const { deleteKeysWithPrefix } = require('../../core/dist/redis/redis-keys.js');
const { createRedisClient } = require('../../core/dist/redis/redis.service.js');
const { bullPrefix } = require('../../core/dist/queue/bull-connection.js');
const { parseConfig } = require('../../core/dist/config/config.schema.js');

const [databaseUrl, prefix] = process.argv.slice(2);
if (
  !databaseUrl ||
  !/^oddspulse-(e2e|it|shots|firstrow|benchrest|benchmcp|freshness|filter|cluster|drill)-/.test(prefix ?? '')
) {
  process.stderr.write(
    'usage: teardown.mjs DATABASE_URL oddspulse-(e2e|it|shots|firstrow|benchrest|benchmcp|freshness|filter|cluster|drill)-<id>\n',
  );
  process.exit(2);
}
await dropDatabase(databaseUrl);
const config = parseConfig({
  ...process.env,
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  REDIS_PREFIX: prefix,
});
const redis = createRedisClient(config, {});
await deleteKeysWithPrefix(redis, prefix);
// on a single Redis BullMQ's prefix is `<prefix>:bull`, deleted above; on a cluster it is `{<prefix>:bull}`
if (!bullPrefix(config).startsWith(`${prefix}:`)) await deleteKeysWithPrefix(redis, bullPrefix(config));
await redis.quit();
