import { ExternalFailure } from '../jobs/external-failure';
/**
 * Typed failures of a feed request. `retryable` follows spec 001 §4: network failures, time-outs, 429
 * and 5xx are retried (Retry-After, else 5 s doubling, 3 retries); a bad key, exhausted credits and a
 * rejected request are not, since asking again cannot help.
 */
export type FeedErrorKind =
  | 'invalid_key'
  | 'out_of_credits'
  | 'invalid_request'
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'invalid_body'
  /** A 200 whose content cannot be right (empty, or mostly unreadable, for a board with games). */
  | 'implausible'
  /** Not polled on purpose: the credit budget, or a sport out of season. */
  | 'paused'
  /** Not polled because the feed fails: the gate backs it off, or halted it until the configuration changes. */
  | 'held';

export class FeedError extends ExternalFailure {
  /** A poll that was not made (`paused`, `held`): no request failed, so it is no failure to back off from. */
  get skipped(): boolean {
    return this.kind === 'paused' || this.kind === 'held';
  }

  constructor(
    readonly kind: FeedErrorKind,
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly code?: string,
    /** The wait the server asked for (Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

/** The Odds API's error body: {message, error_code, details_url}. */
interface ErrorBody {
  message?: string;
  error_code?: string;
}

/** Parses Retry-After (delta seconds or an HTTP date) to milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The typed error for a non-2xx response. */
export function errorForStatus(
  status: number,
  statusText: string,
  body: unknown,
  retryAfter: string | null,
): FeedError {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const code = parsed.error_code;
  const detail = parsed.message ? `: ${parsed.message}` : '';
  if (status === 401 && code === 'OUT_OF_USAGE_CREDITS') {
    return new FeedError(
      'out_of_credits',
      `Out of usage credits (401 OUT_OF_USAGE_CREDITS)${detail}`,
      false,
      status,
      code,
    );
  }
  if (status === 401)
    return new FeedError(
      'invalid_key',
      `Unauthorized (401 ${code ?? 'INVALID_KEY'})${detail}`,
      false,
      status,
      code ?? 'INVALID_KEY',
    );
  if (status === 429) {
    return new FeedError(
      'rate_limited',
      `Too Many Requests (429) - API rate limit exceeded${detail}`,
      true,
      status,
      code,
      parseRetryAfter(retryAfter),
    );
  }
  if (status >= 500) {
    return new FeedError(
      'server_error',
      `HTTP ${status}: ${statusText}${detail}`,
      true,
      status,
      code,
      parseRetryAfter(retryAfter),
    );
  }
  return new FeedError(
    'invalid_request',
    `HTTP ${status}: ${statusText}${code ? ` (${code})` : ''}${detail}`,
    false,
    status,
    code,
  );
}
