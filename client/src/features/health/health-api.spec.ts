import type { HealthReport } from '@oddspulse/shared';
import { ApiClient, type ApiEvent } from '../../api/api-client';
import { readHealth } from './health-api';
import type { BrowserSession } from '../../api/session';

const down: HealthReport = {
  status: 'error',
  postgres: 'up',
  redis: 'down',
  queues: 'down',
  problems: ['No worker is running: no worker process has a live heartbeat'],
  details: { workers: 0, workerHeartbeats: [], lastScheduleTick: null, jobCounts: {}, feeds: null },
};
const up: HealthReport = { ...down, status: 'ok', redis: 'up', queues: 'up', problems: [] };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The real API client over scripted responses, recording the calls, the retry events and the waits. */
function client(responses: (() => Response)[], session: BrowserSession | null = null) {
  const calls: RequestInit[] = [];
  const events: ApiEvent[] = [];
  const sleeps: number[] = [];
  const api = new ApiClient({
    fetch: async (_url, init) => {
      calls.push(init);
      const next = responses.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    },
    sessions: { read: () => session, write: () => undefined, clear: () => undefined, takeLegacy: () => null },
    now: () => 1_700_000_000_000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    csrfToken: () => null,
    emit: (event) => events.push(event),
  });
  return { api, calls, events, sleeps };
}

// One API client for every call; the landing and home feed status reads GET /api/health through it.
describe('readHealth', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('returns the report of a healthy server', async () => {
    const { api } = client([() => json(200, up)]);
    await expect(readHealth(api)).resolves.toEqual(up);
  });

  // The server's 503 carries the report of what is down: an answer ("degraded"), not a 5xx to retry (000 §8).
  it('takes a 503 report as the answer at once: no retry, no "Retrying in N seconds" toast', async () => {
    const { api, calls, events, sleeps } = client([() => json(503, down)]);
    await expect(readHealth(api)).resolves.toEqual(down);
    expect(calls).toHaveLength(1);
    expect(events).toEqual([]);
    expect(sleeps).toEqual([]);
  });

  it('is null when the server cannot be reached, after the client retries as for any GET', async () => {
    const { api, calls } = client([]);
    await expect(readHealth(api)).resolves.toBeNull();
    expect(calls).toHaveLength(4);
  });

  it('is null for a 503 that is not a health report (a proxy page), and for a 502 after the retries', async () => {
    const proxy = client([
      () => new Response('<html>Service Unavailable</html>', { status: 503, headers: { 'content-type': 'text/html' } }),
    ]);
    await expect(readHealth(proxy.api)).resolves.toBeNull();
    const gateway = client(Array.from({ length: 4 }, () => () => json(502, { message: 'Bad gateway' })));
    await expect(readHealth(gateway.api)).resolves.toBeNull();
    expect(gateway.calls).toHaveLength(4);
  });

  it('sends no token: the endpoint is public, and reading it never refreshes an expiring session', async () => {
    const expiring: BrowserSession = {
      expires_in: 900,
      expires_at: 1_700_000_010,
      token_type: 'cookie',
      user: { id: 'u', email: 'e@x.test' },
    };
    const { api, calls } = client([() => json(200, up)], expiring);
    await expect(readHealth(api)).resolves.toEqual(up);
    expect(calls).toHaveLength(1);
    expect((calls[0].headers as Record<string, string>).Authorization).toBeUndefined();
  });
});
