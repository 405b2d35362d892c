import type { AppConfig } from '@oddspulse/core';
import { FeedError, errorForStatus } from './feed-errors';
import { requestSecrets, withoutSecrets } from './redact';

export interface RetryPolicy {
  /** Retries after the first try (spec 001 §4: 3). */
  retries: number;
  /** Wait before the first retry when the server gives no Retry-After; doubles each retry (spec: 5 s). */
  baseDelayMs: number;
  /** A Retry-After longer than this is not waited for: the poll gives up and the next tick tries again. */
  maxDelayMs: number;
}

export interface FeedRequest {
  url: URL;
  /** Headers besides `accept` (a key sent as a header, never in the URL that may be logged). */
  headers?: Record<string, string>;
  timeoutMs: number;
  /**
   * The whole request, retries and their waits included, ends by this many ms after it starts (a
   * hanging feed held a poll ~95 s, past the next cadence); a retry that would not fit is not made.
   */
  deadlineMs?: number;
  retry: RetryPolicy;
  /** Called with every response's headers, failed ones included (usage credits come back on both). */
  onResponse?: (headers: Headers, status: number) => void;
  /** Called before each retry, for the logs. */
  onRetry?: (error: FeedError, attempt: number, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Reads a successful answer's body; JSON.parse when absent, and for an error's body. A throw is a body that is not
   * JSON. The odds answer is kept as its events' texts, read one by one (TheOddsApiOddsProvider).
   */
  read?: (text: string) => unknown;
}

/** A Retry-After longer than this is not waited for (RetryPolicy.maxDelayMs). */
const MAX_RETRY_WAIT_MS = 60_000;

/** The time-out, deadline and retries of every feed request, as configured. */
export function feedRequestPolicy(
  config: Pick<
    AppConfig,
    'ODDS_API_TIMEOUT_MS' | 'FEED_REQUEST_DEADLINE_MS' | 'FEED_RETRY_ATTEMPTS' | 'FEED_RETRY_BASE_MS'
  >,
): Pick<FeedRequest, 'timeoutMs' | 'deadlineMs' | 'retry'> {
  return {
    timeoutMs: config.ODDS_API_TIMEOUT_MS,
    deadlineMs: config.FEED_REQUEST_DEADLINE_MS,
    retry: {
      retries: config.FEED_RETRY_ATTEMPTS,
      baseDelayMs: config.FEED_RETRY_BASE_MS,
      maxDelayMs: MAX_RETRY_WAIT_MS,
    },
  };
}

export interface FeedResponse<T> {
  body: T;
  headers: Headers;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The URL as it may be logged: the API key is never written anywhere. */
export function loggedFeedPath(url: URL): string {
  const copy = new URL(url);
  if (copy.searchParams.has('apiKey')) copy.searchParams.set('apiKey', '***');
  return `${copy.pathname}${copy.search}`;
}

async function attempt<T>(request: FeedRequest, timeoutMs: number): Promise<FeedResponse<T>> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      headers: { accept: 'application/json', ...request.headers },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const err = error as Error;
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      throw new FeedError('timeout', `Request timed out after ${timeoutMs} ms`, true);
    }
    throw new FeedError('network', `Network error: ${(err.cause as Error | undefined)?.message ?? err.message}`, true);
  }
  request.onResponse?.(response.headers, response.status);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const err = error as Error;
    if (err.name === 'TimeoutError' || err.name === 'AbortError') {
      throw new FeedError('timeout', `Request timed out after ${timeoutMs} ms`, true);
    }
    throw new FeedError('network', `Network error while reading the body: ${err.message}`, true);
  }
  let body: unknown;
  let parsed = true;
  try {
    body = response.ok && request.read ? request.read(text) : JSON.parse(text);
  } catch {
    parsed = false;
  }
  if (!response.ok)
    throw errorForStatus(response.status, response.statusText, body, response.headers.get('retry-after'));
  if (!parsed) {
    const type = (response.headers.get('content-type') ?? 'unknown').split(';')[0];
    const what = type.includes('html') ? 'HTML' : type;
    throw new FeedError('invalid_body', `Server returned ${what} instead of JSON`, true, response.status);
  }
  return { body: body as T, headers: response.headers };
}

/**
 * GETs JSON with the spec's policy (001 §4, §9): 15 s time-out per try; network failures, time-outs,
 * 429, 5xx and non-JSON bodies retried up to `retries` times, waiting Retry-After when given, else the
 * base delay doubling each retry. Everything else fails at once with its typed error.
 */
export async function getJson<T>(request: FeedRequest): Promise<FeedResponse<T>> {
  const sleep = request.sleep ?? defaultSleep;
  const deadline = request.deadlineMs === undefined ? Infinity : Date.now() + request.deadlineMs;
  const secrets = requestSecrets(request.url, request.headers);
  for (let retry = 0; ; retry++) {
    try {
      return await attempt<T>(request, Math.max(1, Math.min(request.timeoutMs, deadline - Date.now())));
    } catch (thrown) {
      // The provider's text (an error body that may echo the key) leaves here for the logs and health: without keys.
      const error = thrown instanceof FeedError ? withoutSecrets(thrown, secrets) : thrown;
      if (!(error instanceof FeedError) || !error.retryable || retry >= request.retry.retries) throw error;
      const delay = error.retryAfterMs ?? request.retry.baseDelayMs * 2 ** retry;
      if (delay > request.retry.maxDelayMs || Date.now() + delay >= deadline) throw error;
      request.onRetry?.(error, retry + 1, delay);
      await sleep(delay);
    }
  }
}
