import IORedis, { Cluster } from 'ioredis';
import { Client } from 'pg';
import pino from 'pino';
import { AppConfig, ConfigError, parseConfig } from '../config/config.schema';
import { JsonLogger } from '../logging/json-logger';

/** The URL without its password, fit for a log line. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '<unparseable URL>';
  }
}

const HOW_TO_START = {
  postgres:
    "start the local service (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or run 'docker compose up -d postgres redis'",
  redis: "start the local service (redis-server --daemonize yes) or run 'docker compose up -d postgres redis'",
};

/** `connectUrl` lets setup probe the server through its maintenance database while naming the configured URL. */
export async function checkPostgres(databaseUrl: string, connectUrl = databaseUrl): Promise<string | null> {
  const client = new Client({ connectionString: connectUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${redactUrl(databaseUrl)} (${(error as Error).message || (error as { code?: string }).code}): ${HOW_TO_START.postgres}`;
  } finally {
    await client.end();
  }
}

/** With cluster nodes, checks the cluster instead: it must answer and serve every slot. */
export async function checkRedis(
  redisUrl: string,
  clusterNodes: AppConfig['REDIS_CLUSTER_NODES'] = [],
): Promise<string | null> {
  if (clusterNodes.length) return checkRedisCluster(redisUrl, clusterNodes);
  const client = new IORedis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  return probeRedis(
    client,
    async () => {
      await client.ping();
      return null;
    },
    (reason) => `Redis is not reachable at ${redactUrl(redisUrl)} (${reason}): ${HOW_TO_START.redis}`,
  );
}

async function checkRedisCluster(redisUrl: string, nodes: AppConfig['REDIS_CLUSTER_NODES']): Promise<string | null> {
  const named = nodes.map((n) => `${n.host}:${n.port}`).join(',');
  const url = new URL(redisUrl);
  const client = new Cluster(nodes, {
    lazyConnect: true,
    clusterRetryStrategy: () => null,
    redisOptions: {
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      tls: url.protocol === 'rediss:' ? {} : undefined,
      connectTimeout: 3000,
      maxRetriesPerRequest: 0,
    },
  });
  return probeRedis(
    client,
    async () => {
      const info = await client.cluster('INFO');
      const state = /cluster_state:(\w+)/.exec(info)?.[1];
      return state === 'ok'
        ? null
        : `The Redis Cluster at ${named} does not serve every slot (cluster_state:${state ?? 'unknown'}): start its missing nodes`;
    },
    (reason) =>
      `The Redis Cluster is not reachable at ${named} (${reason}): start its nodes, or leave REDIS_CLUSTER_NODES empty for a single Redis`,
  );
}

/**
 * Connects `client` and asks it `check` (null when all is well, else what is wrong), then lets it go. Not reaching it
 * is `unreachable(reason)`: the client's last error event says why better than the rejection does, when there is one.
 */
async function probeRedis(
  client: IORedis | Cluster,
  check: () => Promise<string | null>,
  unreachable: (reason: string) => string,
): Promise<string | null> {
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await client.connect();
    return await check();
  } catch (error) {
    return unreachable(lastError?.message ?? (error as Error).message);
  } finally {
    client.disconnect();
  }
}

/**
 * Reads the configuration and checks that PostgreSQL and Redis answer. On any failure prints one line per problem
 * saying what and how to fix it, and exits 1: no stack trace for an operator to wade through. A service (`service`
 * named) prints them as its other output, JSON lines at level fatal; a command prints them as text for its user.
 */
export async function preflight(service?: string): Promise<AppConfig> {
  let config: AppConfig;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail([error.message], service);
    throw error;
  }
  const problems = (
    await Promise.all([checkPostgres(config.DATABASE_URL), checkRedis(config.REDIS_URL, config.REDIS_CLUSTER_NODES)])
  ).filter((p): p is string => p !== null);
  if (problems.length) fail(problems, service);
  return config;
}

function fail(problems: readonly string[], service: string | undefined): never {
  if (service) {
    // Written at once, in order, before the exit (the usual logger writes asynchronously).
    const logger = new JsonLogger(service, 'info', pino.destination({ dest: 1, sync: true }));
    for (const problem of problems) logger.fatal(problem);
  } else {
    process.stderr.write(`${problems.join('\n')}\n`);
  }
  process.exit(1);
}
