import { ApiClient, ApiError, AUTH_COOLDOWN_MS, MESSAGES, retryingMessage, type ApiEvent } from './api-client';
import { testSession } from '../../test-support/session';
import type { BrowserSession, LegacySession, SessionStore } from './session';

const NOW = 1_700_000_000_000;

const session = (overrides: Partial<BrowserSession> = {}): BrowserSession => testSession(NOW, overrides);

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handlers: Handler[], initial: BrowserSession | null = session(), legacy: LegacySession | null = null) {
  let stored: BrowserSession | null = initial;
  let kept: LegacySession | null = legacy;
  const store: SessionStore = {
    read: () => stored,
    write: (s) => {
      stored = s;
    },
    clear: () => {
      stored = null;
    },
    takeLegacy: () => {
      const taken = kept;
      kept = null;
      return taken;
    },
  };
  const calls: { url: string; init: RequestInit }[] = [];
  const events: ApiEvent[] = [];
  const sleeps: number[] = [];
  let clock = NOW;
  const client = new ApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      const handler = handlers.shift();
      if (!handler) throw new Error(`unexpected call ${url}`);
      return handler(url, init);
    },
    sessions: store,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    csrfToken: () => 'csrf-abc',
    emit: (event) => events.push(event),
  });
  return {
    client,
    calls,
    events,
    sleeps,
    stored: () => stored,
    setStored: (s: BrowserSession | null) => (stored = s),
    legacyLeft: () => kept,
    advance: (ms: number) => (clock += ms),
  };
}

function header(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string>)[name];
}

describe('ApiClient', () => {
  // DECISIONS 35: the session rides in the same-origin HttpOnly cookies, never in a header the page builds
  it('sends no token but the cookies, JSON headers, and the CSRF header only on unsafe methods', async () => {
    const { client, calls } = setup([() => json(200, { ok: 1 }), () => json(200, { ok: 2 })]);
    await expect(client.get('/api/me')).resolves.toEqual({ ok: 1 });
    await client.put('/api/profile', { username: 'x' });
    expect(header(calls[0].init, 'Authorization')).toBeUndefined();
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(header(calls[0].init, 'x-csrf-token')).toBeUndefined();
    expect(header(calls[1].init, 'x-csrf-token')).toBe('csrf-abc');
    expect(header(calls[1].init, 'Content-Type')).toBe('application/json');
    expect(calls[1].init.body).toBe('{"username":"x"}');
  });

  // Answers with an ETag are revalidated (a 304 when unchanged); nothing else is stored by the browser
  it('lets the browser revalidate only the calls that ask for it', async () => {
    const { client, calls } = setup([() => json(200, {}), () => json(200, {})]);
    await client.get('/api/boards', { revalidate: true });
    await client.get('/api/me');
    expect(calls.map((c) => c.init.cache)).toEqual(['no-cache', 'no-store']);
  });

  it('asks the session routes for the cookie transport, with the sign-in form\'s "Remember me"', async () => {
    const { client, calls } = setup([() => json(200, {}), () => json(200, {})], null);
    await client.post('/api/auth/login', { email: 'a', password: 'b' }, { auth: 'none', remember: false });
    await client.get('/api/me');
    expect(header(calls[0].init, 'x-session-transport')).toBe('cookie');
    expect(header(calls[0].init, 'x-session-remember')).toBe('false');
    expect(header(calls[1].init, 'x-session-transport')).toBeUndefined();
  });

  // DECISIONS 35: a session an older build kept in Web Storage moves to cookies on the next load, without a sign-in
  it("exchanges a stored session's refresh token once for cookies, and every call waits for it", async () => {
    const legacy = { ...session(), access_token: 'old-access', refresh_token: 'old-refresh' };
    const moved = session({ expires_at: Math.floor(NOW / 1000) + 900 });
    const { client, calls, stored, legacyLeft } = setup(
      [
        (url, init) => {
          expect(url).toBe('/api/auth/refresh');
          expect(JSON.parse(init.body as string)).toEqual({ refresh_token: 'old-refresh' });
          expect(header(init, 'x-session-transport')).toBe('cookie');
          return json(200, moved);
        },
        () => json(200, { plan: 'gold' }),
      ],
      null,
      legacy,
    );
    expect(client.currentSession()?.user.id).toBe('u1');
    await expect(client.get('/api/me')).resolves.toEqual({ plan: 'gold' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(stored()).toEqual(moved);
    expect(legacyLeft()).toBeNull();
  });

  it('follows a sign-out or a sign-in of another tab through the shared store', () => {
    const { client, events, setStored } = setup([]);
    setStored(null);
    client.syncFromStore();
    expect(client.currentSession()).toBeNull();
    setStored(session({ user: { id: 'u2', email: 'c@d.test' } }));
    client.syncFromStore();
    expect(client.currentSession()?.user.id).toBe('u2');
    expect(events.map((e) => e.type)).toEqual(['session', 'session']);
  });

  // spec 000 §9: refresh with a 90 s expiry margin
  it('refreshes an access token that is about to expire before the call', async () => {
    const renewed = session({ expires_at: Math.floor(NOW / 1000) + 1800 });
    const { client, calls, stored, events } = setup(
      [
        (url, init) => {
          expect(url).toBe('/api/auth/refresh');
          // the refresh cookie is the credential; the CSRF header goes with it
          expect(JSON.parse(init.body as string)).toEqual({});
          expect(header(init, 'x-csrf-token')).toBe('csrf-abc');
          return json(200, renewed);
        },
        () => json(200, { plan: 'gold' }),
      ],
      session({ expires_at: Math.floor(NOW / 1000) + 60 }),
    );
    await client.get('/api/me');
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(stored()).toEqual(renewed);
    expect(events).toContainEqual({ type: 'session', session: renewed });
  });

  it('on a 401 refreshes once and repeats the call with the new token', async () => {
    const renewed = session({ expires_at: Math.floor(NOW / 1000) + 1800 });
    const { client, calls } = setup([
      () => json(401, { message: 'Authentication required' }),
      () => json(200, renewed),
      () => json(200, { plan: 'free' }),
    ]);
    await expect(client.get('/api/me')).resolves.toEqual({ plan: 'free' });
    expect(calls.map((c) => c.url)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
  });

  // spec 001 §4: 401 → /login?auth_required=true and a 30 s cooldown in which calls are skipped
  it('on a 401 it cannot recover from, signs out, asks for sign-in and skips calls for 30 s', async () => {
    const { client, events, stored } = setup([
      () => json(401, {}),
      () => json(401, { message: 'Invalid refresh token' }),
    ]);
    const error = await client.get('/api/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.authRequired);
    // Sign-in is asked for before the session is dropped, so the shell leaves for /login first.
    expect(events.map((e) => e.type)).toEqual(['auth-required', 'session']);
    expect(stored()).toBeNull();
  });

  it('skips authenticated calls during the cooldown without calling the server', async () => {
    const { client, calls } = setup([() => json(401, {}), () => json(400, {}), () => json(400, {})]);
    await expect(client.get('/api/me')).rejects.toThrow(MESSAGES.authRequired);
    // Signed out now; a stale session put back by another tab would still be held off by the cooldown.
    (client as unknown as { session: BrowserSession }).session = session();
    const count = calls.length;
    await expect(client.get('/api/me')).rejects.toMatchObject({ code: 'AUTH_COOLDOWN' });
    expect(calls.length).toBe(count);
    // A new sign-in lifts it.
    client.setSession(session());
    const handlersLeft = calls.length;
    await expect(client.get('/api/me')).rejects.toMatchObject({ status: 400 });
    expect(calls.length).toBe(handlersLeft + 1);
  });

  it('lets authenticated calls through again once the 30 s cooldown has passed', async () => {
    const { client, calls, advance } = setup([
      () => json(401, {}),
      () => json(400, {}),
      () => json(200, { plan: 'free' }),
    ]);
    await expect(client.get('/api/me')).rejects.toThrow(MESSAGES.authRequired);
    (client as unknown as { session: BrowserSession }).session = session();
    advance(AUTH_COOLDOWN_MS - 1);
    await expect(client.get('/api/me')).rejects.toMatchObject({ code: 'AUTH_COOLDOWN' });
    advance(1);
    await expect(client.get('/api/me')).resolves.toEqual({ plan: 'free' });
    expect(calls).toHaveLength(3);
  });

  // spec 000 §4, §8: 402 QUOTA_EXCEEDED fires plangate with the real numbers (DECISIONS 2)
  it('turns a 402 QUOTA_EXCEEDED into a plangate event with the body numbers', async () => {
    const body = {
      code: 'QUOTA_EXCEEDED',
      message: "You've used all 250 free odds calls this month.",
      used: 250,
      quota: 250,
    };
    const { client, events } = setup([() => json(402, body)]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({
      status: 402,
      code: 'QUOTA_EXCEEDED',
      message: MESSAGES.quotaExceeded,
    });
    expect(events).toContainEqual({ type: 'plangate', detail: body });
  });

  it('uses the free quota, not "1,000", when a 402 body cannot be read', async () => {
    const { client, events } = setup([
      () => new Response('oops', { status: 402, headers: { 'content-type': 'text/plain' } }),
    ]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(events).toContainEqual({
      type: 'plangate',
      detail: {
        code: 'QUOTA_EXCEEDED',
        message: "You've reached the free 250 request limit. Upgrade to continue.",
        used: 250,
        quota: 250,
      },
    });
  });

  it('shows "Subscription required for API access" for any other 402, without plangate', async () => {
    const { client, events } = setup([
      () => json(402, { code: 'SUBSCRIPTION_REQUIRED', message: 'Subscription required for API access' }),
    ]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({
      status: 402,
      code: 'SUBSCRIPTION_REQUIRED',
      message: MESSAGES.subscriptionRequired,
    });
    expect(events.some((e) => e.type === 'plangate')).toBe(false);
  });

  it('answers a 429 with the wait message and the Retry-After seconds', async () => {
    const { client } = setup([() => json(429, { message: 'slow down' }, { 'retry-after': '12' })]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({
      status: 429,
      message: MESSAGES.tooManyRequests,
      retryAfterSeconds: 12,
    });
  });

  // spec 001 §8: 5xx retried up to 3 times with "Retrying in N seconds... (n/3)"
  it('retries a 5xx GET three times, 1 s times the attempt, announcing each retry', async () => {
    const { client, events, sleeps, calls } = setup([
      () => json(503, {}),
      () => json(502, {}),
      () => json(500, {}),
      () => json(200, { games: [] }),
    ]);
    await expect(client.get('/api/odds')).resolves.toEqual({ games: [] });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 3000]);
    expect(events.filter((e) => e.type === 'retrying').map((e) => (e as { message: string }).message)).toEqual([
      'Temporarily unavailable. Retrying in 1 seconds... (1/3)',
      'Temporarily unavailable. Retrying in 2 seconds... (2/3)',
      'Temporarily unavailable. Retrying in 3 seconds... (3/3)',
    ]);
  });

  it('gives up after three retries with the server-error message, and honours Retry-After', async () => {
    const { client, sleeps } = setup([
      () => json(503, {}, { 'retry-after': '4' }),
      () => json(500, {}),
      () => json(500, {}),
      () => json(500, {}),
    ]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({ status: 500, message: MESSAGES.serverError });
    expect(sleeps).toEqual([4000, 2000, 3000]);
  });

  it('does not repeat a POST that failed with a 5xx', async () => {
    const { client, calls } = setup([() => json(500, {})]);
    await expect(client.post('/api/picks', {})).rejects.toMatchObject({ message: MESSAGES.serverError });
    expect(calls).toHaveLength(1);
  });

  it('says once that a new version is out when an answer names another build than the first', async () => {
    const build = (id: string) => json(200, {}, { 'x-app-build': id });
    const { client, events } = setup([() => build('a1'), () => build('a1'), () => build('b2'), () => build('c3')]);
    for (let i = 0; i < 4; i++) await client.get('/api/site');
    expect(events.filter((e) => e.type === 'new-version')).toHaveLength(1);
  });

  it("shows a deliberate 503's own message, which says what is unavailable", async () => {
    const message = 'Support mail is unavailable right now. Please email support@oddspulse.app directly.';
    const { client } = setup([() => json(503, { statusCode: 503, code: 'SUPPORT_MAIL_UNAVAILABLE', message })]);
    await expect(client.post('/api/support', {})).rejects.toMatchObject({
      status: 503,
      code: 'SUPPORT_MAIL_UNAVAILABLE',
      message,
    });
    const bare = setup([() => json(503, {})]);
    await expect(bare.client.post('/api/support', {})).rejects.toMatchObject({
      status: 503,
      message: MESSAGES.serverError,
    });
  });

  it('reports a time-out with the spec message', async () => {
    const { client } = setup([
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ]);
    await expect(client.request('/api/odds', { timeoutMs: 5 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'Request timed out. Please try again.',
    });
  });

  it('passes the server message through for other client errors', async () => {
    const { client } = setup([() => json(409, { statusCode: 409, message: 'This username is already in use' })]);
    await expect(client.put('/api/profile/username', { username: 'taken' })).rejects.toMatchObject({
      status: 409,
      message: 'This username is already in use',
    });
  });

  // An answer cut off in transit is not "Server returned application/json instead of JSON".
  it('retries a GET whose JSON answer was cut off, then says it was cut off', async () => {
    const cut = () =>
      new Response('{"games":[{"id":"a"', { status: 200, headers: { 'content-type': 'application/json' } });
    const { client, sleeps } = setup([cut, cut, cut, cut]);
    await expect(client.get('/api/scores')).rejects.toMatchObject({
      message: MESSAGES.cutOff,
      code: 'INCOMPLETE_ANSWER',
    });
    expect(sleeps).toEqual([1000, 2000, 3000]);
  });

  it('takes the whole answer when a retry after a cut-off one arrives complete', async () => {
    const cut = () => new Response('{"ok":tr', { status: 200, headers: { 'content-type': 'application/json' } });
    const { client } = setup([cut, () => json(200, { ok: true })]);
    await expect(client.get('/api/me')).resolves.toEqual({ ok: true });
  });

  it("shows the server's message for a request body it could not parse (400 INVALID_JSON)", async () => {
    const { client } = setup([
      () => json(400, { statusCode: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' }),
    ]);
    await expect(client.post('/api/picks', { odds: '-110' })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON',
    });
  });

  it('says so when a success answer is not JSON', async () => {
    const { client } = setup([
      () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    ]);
    await expect(client.get('/api/odds')).rejects.toMatchObject({
      message: 'Server returned text/html instead of JSON',
    });
  });

  it('sends a text body under its own type and takes a text answer when asked, errors still as JSON', async () => {
    const { client, calls } = setup([
      () => new Response('id,game\r\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
      () =>
        json(400, {
          message: 'line 2: stake is missing',
          code: 'CSV_INVALID',
          errors: [{ line: 2, message: 'stake is missing' }],
        }),
    ]);
    await expect(client.get('/api/picks/export.csv', { accept: 'text/csv' })).resolves.toBe('id,game\r\n');
    expect(header(calls[0].init, 'Accept')).toBe('text/csv');
    const refused = client.post('/api/picks/import.csv', undefined, { text: { body: 'game\r\nx', type: 'text/csv' } });
    await expect(refused).rejects.toMatchObject({
      status: 400,
      code: 'CSV_INVALID',
      body: { errors: [{ line: 2, message: 'stake is missing' }] },
    });
    expect(header(calls[1].init, 'Content-Type')).toBe('text/csv');
    expect(calls[1].init.body).toBe('game\r\nx');
  });

  it('keeps the session on a retryable refresh failure and ends it on a refused one', async () => {
    const expiring = session({ expires_at: Math.floor(NOW / 1000) + 10 });
    const first = setup(
      [() => json(503, {}), () => json(400, { message: 'Invalid refresh token' }), () => json(401, {})],
      expiring,
    );
    await expect(first.client.refresh()).resolves.toBeNull();
    expect(first.sleeps).toEqual([200]);
    expect(first.stored()).toBeNull();
    expect(first.events.map((e) => e.type)).toEqual(['auth-required', 'session']);
  });

  it('formats the retry message as the spec writes it', () => {
    expect(retryingMessage(5, 2)).toBe('Temporarily unavailable. Retrying in 5 seconds... (2/3)');
  });
});
