import { FeedError } from './feed-errors';

const REDACTED = '***';
/** An `apiKey=` query value wherever a provider's text quotes a URL (The Odds API's key rides in its query). */
const API_KEY_PARAM = /(apiKey=)[^&\s"'<>#]+/gi;

/**
 * The secrets a feed request carries: its `apiKey` query value and its headers (FeedRequest.headers holds only keys).
 * A provider may echo any of them back, in an error body or a URL it quotes.
 */
export function requestSecrets(url: URL, headers: Record<string, string> = {}): string[] {
  return [...url.searchParams.getAll('apiKey'), ...Object.values(headers)].filter((secret) => secret.length > 0);
}

/** `text` with every secret, as sent and URL-encoded, and every `apiKey=` value replaced by `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text.replace(API_KEY_PARAM, `$1${REDACTED}`);
  for (const secret of secrets)
    for (const form of new Set([secret, encodeURIComponent(secret)])) redacted = redacted.split(form).join(REDACTED);
  return redacted;
}

/**
 * The FeedError as it may leave the adapter: its message goes to the logs and, as the feed's status, to /health
 * (docs/operating.md), so no key it names may stay in it. A new error, so its stack is written from the clean message.
 */
export function withoutSecrets(error: FeedError, secrets: readonly string[]): FeedError {
  const message = redactSecrets(error.message, secrets);
  if (message === error.message) return error;
  return new FeedError(error.kind, message, error.retryable, error.status, error.code, error.retryAfterMs);
}
