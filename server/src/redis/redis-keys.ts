/** Key names below the instance prefix, in one place so server and workers agree. */
export const RedisKeys = {
  simulatorLastTick: ['simulator', 'last-tick'],
  /** Pub/sub channel: a user's plan changed (JSON PlanChangedMessage of accounts/plan.service). */
  planChanged: ['accounts', 'plan-changed'],
  rateLimit: ['rate-limit'],
  oauthState: ['accounts', 'oauth-state'],
  loginCode: ['accounts', 'login-code'],
  devOutbox: ['accounts', 'dev-outbox'],
} as const;

/** Deletes every key under a prefix (test runs clean up after themselves with it). */
export async function deleteKeysWithPrefix(redis: import('ioredis').Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}
