/**
 * Whether an error means a dependency (PostgreSQL, Redis) is unreachable or went away, rather than a bug or bad input
 * Such a failure answers a quick 503 the client retries, never a 500.
 */
export function isDependencyDown(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError' || name === 'DependencyUnavailableError') return true;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (server shutting down or starting), 53300 (no free slot),
    // 57014 (a statement cancelled: the API server's statement_timeout, RequestTimeouts)
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300' || code === '57014') return true;
    if (isConnectionRefused(code, message)) return true;
  }
  return typeof message === 'string' && DOWN_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * PostgreSQL refusing a new connection to the database while the process runs: its connections switched off
 * (ALLOW_CONNECTIONS false, maintenance: 55000, which a statement also raises for an object not in the state it needs,
 * so only with the refusal's message), the database gone (3D000, which no statement of the product raises: none names
 * another database), or the credentials no longer accepted (class 28, raised only while connecting). The request is not
 * at fault and the database cannot serve it: a 503 like any outage, and health names the cause in its problems. A
 * configuration wrong from the start stops the server's and the workers' preflight instead.
 */
function isConnectionRefused(code: string, message: unknown): boolean {
  if (code === '55000') return typeof message === 'string' && /is not currently accepting connections$/.test(message);
  return code === '3D000' || /^28[0-9A-Z]{3}$/.test(code);
}

/** A dependency found down before a call was tried (a Redis connection not ready, say). */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// What pg and ioredis say when a connection is lost or cannot be made; neither gives these a code.
const DOWN_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  // A dependency that stops answering (connection open, no reply): pg's query_timeout and ioredis' commandTimeout, which
  // the API server sets (RequestTimeouts); a client whose statement timed out is ended, so a transaction's ROLLBACK
  // on it fails as closed.
  /^Query read timeout$/,
  /^Client was closed and is not queryable$/,
  /^Command timed out$/,
  /^Connection is closed\.?$/,
  /Stream isn't writeable and enableOfflineQueue options is false/,
  /max retries per request limit/,
  // ioredis' Cluster: no node reachable, a slot's primary down (CLUSTERDOWN, retried until it gives up), or not ready
  // with the offline queue switched off
  /None of startup nodes is available/,
  /^Too many Cluster redirections/,
  /^CLUSTERDOWN/,
  /^Cluster isn't ready and enableOfflineQueue options is false/,
];
