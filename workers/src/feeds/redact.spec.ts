import { openStream } from '../odds/stream/stream-connection';
import { FeedError } from './feed-errors';
import { getJson } from './feed-http';
import { redactSecrets } from './redact';

const KEY = 'k3y-0f-the+odds/api';
const STREAM_KEY = 'stream-key-42';

/** A provider's refusal whose body echoes the key, raw and inside a URL as the provider received it. */
function refusal(status: number, key: string): Response {
  const url = `https://api.example.com/v4/sports/nba/odds?regions=us&apiKey=${encodeURIComponent(key)}`;
  return new Response(JSON.stringify({ message: `Request ${url} refused for key ${key}`, error_code: 'REFUSED' }), {
    status,
    statusText: 'Refused',
    headers: { 'content-type': 'application/json' },
  });
}

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof FeedError)) throw new Error(`expected a FeedError, got ${String(error)}`);
  return error;
}

// The text of a feed's failure goes to the logs and to /health (docs/operating.md): never with a key in it.
describe('provider text leaves the feed adapters without keys', () => {
  afterEach(() => jest.restoreAllMocks());

  it('getJson: an error body echoing the apiKey query value', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(refusal(422, KEY));
    const url = new URL('https://api.example.com/v4/sports/nba/odds?regions=us');
    url.searchParams.set('apiKey', KEY);
    const error = await failure(
      getJson({ url, timeoutMs: 1000, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } }),
    );
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toContain('REFUSED');
    for (const text of [error.message, error.stack ?? '']) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain(encodeURIComponent(KEY));
    }
    expect(error.message).toContain('apiKey=***');
  });

  it('getJson: a retried 5xx keeps its kind and retry advice, without the header key it echoes', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(refusal(503, STREAM_KEY)));
    const error = await failure(
      getJson({
        url: new URL('https://stream.example.com/fixtures/odds'),
        headers: { 'x-api-key': STREAM_KEY },
        timeoutMs: 1000,
        retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 10 },
      }),
    );
    expect(error).toMatchObject({ kind: 'server_error', retryable: true, status: 503, code: 'REFUSED' });
    expect(error.message).not.toContain(STREAM_KEY);
    expect(error.stack).not.toContain(STREAM_KEY);
  });

  it('openStream: a refusal echoing the stream key', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(refusal(401, STREAM_KEY));
    const error = await failure(
      openStream({
        url: new URL('https://stream.example.com/stream/odds/nba'),
        headers: { 'x-api-key': STREAM_KEY },
        stallMs: 1000,
        timeoutMs: 1000,
        onEvent: () => undefined,
      }),
    );
    expect(error.kind).toBe('invalid_key');
    expect(error.message).not.toContain(STREAM_KEY);
  });

  it('redactSecrets: any apiKey= value, even of a key this request did not send', () => {
    expect(redactSecrets('see https://x.test/a?apiKey=old-key&b=1', [])).toBe('see https://x.test/a?apiKey=***&b=1');
  });
});
