// Drops a test run's database and deletes its Redis keys: `node scripts/lib/teardown.mjs DATABASE_URL REDIS_PREFIX`.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { dropDatabase } = require('../../core/dist/database/migrator.js');
const { deleteKeysWithPrefix } = require('../../core/dist/redis/redis-keys.js');
const IORedis = require('ioredis');

const [databaseUrl, prefix] = process.argv.slice(2);
if (!databaseUrl || !/^oddspulse-(e2e|it|shots|firstrow|benchrest|freshness|filter)-/.test(prefix ?? '')) {
  process.stderr.write('usage: teardown.mjs DATABASE_URL oddspulse-(e2e|it|shots|firstrow|benchrest|freshness|filter)-<id>\n');
  process.exit(2);
}
await dropDatabase(databaseUrl);
const redis = new IORedis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
await deleteKeysWithPrefix(redis, prefix);
await redis.quit();
