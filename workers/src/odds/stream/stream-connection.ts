import { createParser } from 'eventsource-parser';
import { FeedError, errorForStatus } from '../../feeds/feed-errors';
import { requestSecrets, withoutSecrets } from '../../feeds/redact';

/** `{base}/stream/odds/{sport}`, resuming after `lastEntryId` when given (a query parameter, as OpticOdds reads it). */
export function streamUrl(base: string, sport: string, lastEntryId: string | null): URL {
  const url = new URL(`${base.replace(/\/$/, '')}/stream/odds/${encodeURIComponent(sport)}`);
  url.searchParams.set('odds_format', 'DECIMAL');
  if (lastEntryId) url.searchParams.set('last_entry_id', lastEntryId);
  return url;
}

/** `{base}/fixtures/odds` for a sport, or some of its games. */
export function snapshotUrl(base: string, sport: string, fixtureIds: readonly string[] | null): URL {
  const url = new URL(`${base.replace(/\/$/, '')}/fixtures/odds`);
  url.searchParams.set('sport', sport);
  url.searchParams.set('odds_format', 'DECIMAL');
  for (const id of fixtureIds ?? []) url.searchParams.append('fixture_id', id);
  return url;
}

export interface StreamOptions {
  url: URL;
  headers: Record<string, string>;
  /** No `ping` (nor `connected`) for this long: the stream has stalled. */
  stallMs: number;
  /** Time-out of the answer's headers. */
  timeoutMs: number;
  /** Each event as it is read; a FeedError thrown here (junk) closes the stream with it. */
  onEvent: (event: string, data: string) => void;
}

/** An open stream: `closed` settles when it ends, always with the FeedError that ended it; `close` ends it. */
export interface OpenStream {
  closed: Promise<never>;
  close(reason: FeedError): void;
}

/**
 * Opens the stream: resolves once the server answered 200 (a 401, 429 or other refusal rejects with its typed
 * FeedError, as a poll's answer would), then reads the body's bytes through eventsource-parser. The connection is the
 * worker's own (no EventSource): the worker decides each reconnect and its URL (`last_entry_id`), and a stall is seen by
 * the missing pings, which a half-open TCP connection never reports.
 * Every FeedError it ends with leaves without the stream's key: its text goes to the logs and to health.
 */
export async function openStream(options: StreamOptions): Promise<OpenStream> {
  const secrets = requestSecrets(options.url, options.headers);
  const clean = (error: unknown): never => {
    throw error instanceof FeedError ? withoutSecrets(error, secrets) : error;
  };
  const stream = await connect(options).catch(clean);
  const closed = stream.closed.catch(clean);
  // Settled by whoever awaits it; this keeps an unawaited end from being an unhandled rejection meanwhile.
  closed.catch(() => undefined);
  return { closed, close: (reason) => stream.close(reason) };
}

async function connect(options: StreamOptions): Promise<OpenStream> {
  const abort = new AbortController();
  const ended: { reason: FeedError | null } = { reason: null };
  const close = (error: FeedError) => {
    ended.reason ??= error;
    abort.abort(error);
  };
  // The time-out is the answer's only: the body is read for as long as the stream lives.
  const unanswered = setTimeout(
    () => close(new FeedError('timeout', `Stream did not answer within ${options.timeoutMs} ms`, true)),
    options.timeoutMs,
  );
  let response: Response;
  try {
    response = await fetch(options.url, {
      headers: { accept: 'text/event-stream', ...options.headers },
      signal: abort.signal,
    });
  } catch (error) {
    if (ended.reason) throw ended.reason;
    const err = error as Error;
    throw new FeedError(
      'network',
      `Stream unreachable: ${(err.cause as Error | undefined)?.message ?? err.message}`,
      true,
    );
  } finally {
    clearTimeout(unanswered);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the status alone names the refusal
      body = null;
    }
    throw errorForStatus(response.status, response.statusText, body, response.headers.get('retry-after'));
  }
  const body = response.body;
  let stall: NodeJS.Timeout | undefined;
  const alive = () => {
    clearTimeout(stall);
    stall = setTimeout(
      () => close(new FeedError('timeout', `Stream stalled: no ping for ${options.stallMs / 1000} s`, true)),
      options.stallMs,
    );
  };
  alive();
  const parser = createParser({
    onEvent: (message) => {
      const event = message.event ?? 'message';
      if (event === 'ping' || event === 'connected') alive();
      try {
        options.onEvent(event, message.data);
      } catch (error) {
        if (!(error instanceof FeedError)) throw error;
        close(error);
      }
    },
    onError: (error) => close(new FeedError('invalid_body', `Stream sent junk: ${error.message}`, true)),
  });
  const closed = (async (): Promise<never> => {
    const decoder = new TextDecoder();
    // Aborting the request errors the body's reader, which ends this loop with the reason it was closed for.
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (ended.reason) throw ended.reason;
        if (done) throw new FeedError('network', 'Stream dropped: the server closed the connection', true);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (ended.reason) throw ended.reason;
      if (error instanceof FeedError) throw error;
      throw new FeedError('network', `Stream dropped: ${(error as Error).message}`, true);
    } finally {
      clearTimeout(stall);
      abort.abort();
    }
  })();
  // Settled by whoever awaits it; this keeps an unawaited end from being an unhandled rejection meanwhile.
  closed.catch(() => undefined);
  return { closed, close };
}
