import {
  APP_BUILD_HEADER,
  CSRF_HEADER,
  DEFAULT_FREE_MONTHLY_QUOTA,
  SESSION_REMEMBER_HEADER,
  SESSION_TRANSPORT_HEADER,
  wholeNumber,
} from '@oddspulse/shared';
import { isSession, needsRefresh, type BrowserSession, type LegacySession, type SessionStore } from './session';

/**
 * The one HTTP client every screen uses (spec 000 §7–§8, 001 §4/§8): the session rides in HttpOnly cookies
 * (DECISIONS 35), refreshed before expiry and once on a 401, with the CSRF header on every unsafe request, and the
 * status handling of the error catalogue. It has no browser dependency: fetch, clock, timers and storage are injected.
 */

export const MESSAGES = {
  authRequired: 'Authentication required - please log in',
  quotaExceeded: 'Quota exceeded - upgrade to continue',
  subscriptionRequired: 'Subscription required for API access',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  serverError: 'Server error. Our team has been notified.',
  timedOut: 'Request timed out. Please try again.',
  network: 'Network error. Please try again.',
  cutOff: "The server's answer was cut off. Please try again.",
  generic: 'Failed to load data. Please try again later.',
} as const;

/** 5xx retries (spec 001 §8: up to 3, "Retrying in N seconds... (n/3)"). */
export const MAX_RETRIES = 3;
/** After a 401 further authenticated calls are skipped for this long (spec 001 §4). */
export const AUTH_COOLDOWN_MS = 30_000;
/** Odds calls use a 15 s time-out (spec 001 §7); every call gets one. */
export const DEFAULT_TIMEOUT_MS = 15_000;
/** Refresh retries: 200 ms doubling, within 30 s (spec 000 §9). */
const REFRESH_FIRST_DELAY_MS = 200;
const REFRESH_RETRY_WINDOW_MS = 30_000;

export function retryingMessage(seconds: number, attempt: number): string {
  return `Temporarily unavailable. Retrying in ${seconds} seconds... (${attempt}/${MAX_RETRIES})`;
}

/** The 402 QUOTA_EXCEEDED body; the plan-limit modal shows it. */
export interface QuotaExceeded {
  code: 'QUOTA_EXCEEDED';
  message: string;
  used: number;
  quota: number;
}

export type ApiEvent =
  | { type: 'plangate'; detail: QuotaExceeded }
  | { type: 'auth-required' }
  | { type: 'retrying'; attempt: number; seconds: number; message: string }
  | { type: 'session'; session: BrowserSession | null }
  | { type: 'new-version' };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What to tell the user of a failed call: the API's own message when it gave one, else the screen's fallback. */
export const apiErrorText = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.message) || fallback;

export interface ApiClientDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  sessions: SessionStore;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The CSRF token for cookie-authenticated unsafe requests, when the server issued one. */
  csrfToken: () => string | null;
  emit: (event: ApiEvent) => void;
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body sent as it is under its own media type (a CSV file), instead of `body` as JSON. */
  text?: { body: string; type: string };
  /** The media type of an answer taken as text (a CSV download); errors still come as JSON. Default: JSON. */
  accept?: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** `none`: a call that needs no session (sign-in, sign-up, refresh): a 401 is its answer, not a reason to refresh. */
  auth?: 'none' | 'optional';
  /** A sign-in's "Remember me": how long the session's cookies last (DECISIONS 35). Default: the session's own choice. */
  remember?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Error statuses whose body is this call's answer (/api/health reports what is down with a 503): the
   * body is returned as on a 2xx, with no retry and no error.
   */
  answerStatuses?: readonly number[];
  /** Called with the headers of the answer returned (an array answer says its boards' freshness in them). */
  answerHeaders?: (headers: Headers) => void;
  /**
   * The answer carries an ETag (the server's view cache): let the browser keep it and revalidate it, so an
   * unchanged answer comes back as a 304 with no body. Other calls are never stored.
   */
  revalidate?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

export class ApiClient {
  private session: BrowserSession | null;
  private remember: boolean;
  private cooldownUntil = 0;
  private refreshing: Promise<BrowserSession | null> | null = null;
  private build: string | null = null;
  private newVersionSaid = false;

  constructor(
    private readonly deps: ApiClientDeps,
    remember = true,
  ) {
    this.remember = remember;
    this.session = deps.sessions.read();
    const legacy = deps.sessions.takeLegacy();
    if (legacy && !this.session) this.moveToCookies(legacy);
  }

  /**
   * A session an older build kept in Web Storage (DECISIONS 35): its refresh token is exchanged once for the session's
   * cookies, so the browser stays signed in without the form, and is then forgotten (the store already dropped it).
   * Calls made meanwhile wait for the exchange.
   */
  private moveToCookies(legacy: LegacySession): void {
    this.session = { expires_in: 0, expires_at: 0, token_type: 'cookie', user: legacy.user };
    this.refreshing = this.exchangeRefreshToken(legacy.refresh_token).finally(() => {
      this.refreshing = null;
    });
  }

  /** Another tab signed in, refreshed or signed out: the store (shared by the tabs) says which. */
  syncFromStore(): void {
    const stored = this.deps.sessions.read();
    if (stored) {
      if (stored.user.id === this.session?.user.id) this.session = stored;
      else this.setSession(stored);
    } else if (this.session && !this.refreshing) {
      this.clearSession();
    }
  }

  currentSession(): BrowserSession | null {
    return this.session;
  }

  /** Stores a new session (sign-in, sign-up, OAuth exchange) and lifts any 401 cooldown. */
  setSession(session: BrowserSession, remember = this.remember): void {
    this.session = session;
    this.remember = remember;
    this.cooldownUntil = 0;
    this.deps.sessions.write(session, remember);
    this.deps.emit({ type: 'session', session });
  }

  clearSession(): void {
    const had = this.session !== null;
    this.session = null;
    this.deps.sessions.clear();
    if (had) this.deps.emit({ type: 'session', session: null });
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  patch<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PATCH', body });
  }

  delete<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const withAuth = options.auth !== 'none' && this.session !== null;
    if (withAuth && this.deps.now() < this.cooldownUntil)
      throw new ApiError(401, MESSAGES.authRequired, 'AUTH_COOLDOWN');
    if (withAuth) await this.freshSession();

    let refreshedAfter401 = false;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await this.send(path, method, options);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (IDEMPOTENT.has(method) && attempt < MAX_RETRIES) {
          await this.waitBeforeRetry(attempt + 1, null);
          continue;
        }
        throw new ApiError(0, MESSAGES.network, 'NETWORK');
      }

      if (response.status === 401 && options.auth !== 'none' && this.session) {
        if (!refreshedAfter401 && (await this.refresh())) {
          refreshedAfter401 = true;
          attempt--;
          continue;
        }
        this.endSession();
        throw new ApiError(401, MESSAGES.authRequired, 'AUTH_REQUIRED', await readBody(response));
      }
      if (
        response.status >= 500 &&
        IDEMPOTENT.has(method) &&
        attempt < MAX_RETRIES &&
        !options.answerStatuses?.includes(response.status)
      ) {
        await this.waitBeforeRetry(attempt + 1, retryAfterSeconds(response));
        continue;
      }
      try {
        const answered = options.answerStatuses?.includes(response.status) || response.ok;
        const answer = await this.handle<T>(response, answered, options.accept !== undefined);
        options.answerHeaders?.(response.headers);
        return answer;
      } catch (error) {
        // An answer cut off in transit is a transport failure like a dropped connection: an idempotent call is retried.
        if (
          error instanceof ApiError &&
          error.code === 'INCOMPLETE_ANSWER' &&
          IDEMPOTENT.has(method) &&
          attempt < MAX_RETRIES
        ) {
          await this.waitBeforeRetry(attempt + 1, null);
          continue;
        }
        throw error;
      }
    }
  }

  /** Exchanges the refresh cookie; concurrent callers share one exchange. Null when signed out. */
  refresh(): Promise<BrowserSession | null> {
    if (this.refreshing) return this.refreshing;
    if (!this.session) return Promise.resolve(null);
    this.refreshing = this.exchangeRefreshToken(null).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async freshSession(): Promise<void> {
    if (this.refreshing) await this.refreshing;
    else if (this.session && needsRefresh(this.session, this.deps.now())) await this.refresh();
  }

  /** The refresh cookie's exchange, or, once, a stored session's own refresh token (moveToCookies). */
  private async exchangeRefreshToken(legacyToken: string | null): Promise<BrowserSession | null> {
    const started = this.deps.now();
    let delay = REFRESH_FIRST_DELAY_MS;
    for (;;) {
      let response: Response | null = null;
      try {
        response = await this.send('/api/auth/refresh', 'POST', {
          body: legacyToken ? { refresh_token: legacyToken } : {},
          auth: 'none',
        });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
      }
      // Retryable: a network failure or 502/503/504 (spec 000 §8); anything else ends the session.
      const retryable = response === null || [502, 503, 504].includes(response.status);
      if (response?.ok) {
        const body = await readBody(response);
        if (isSession(body)) {
          this.setSession(body);
          return body;
        }
      }
      if (!retryable) {
        this.endSession();
        return null;
      }
      if (this.deps.now() - started + delay > REFRESH_RETRY_WINDOW_MS) return null;
      await this.deps.sleep(delay);
      delay *= 2;
    }
  }

  /**
   * The session is dead (a 401 that a refresh could not fix, or a refused refresh): hold authenticated
   * calls off for 30 s, ask for sign-in, then forget the session. Asking first lets the shell move to
   * /login before the signed-out state reaches the guards of the page being left.
   */
  private endSession(): void {
    this.cooldownUntil = this.deps.now() + AUTH_COOLDOWN_MS;
    if (!this.session) return;
    this.deps.emit({ type: 'auth-required' });
    this.clearSession();
  }

  private async waitBeforeRetry(attempt: number, retryAfter: number | null): Promise<void> {
    // Retry-After when the server sends one, else 1 s times the attempt number (spec 001 §4).
    const seconds = retryAfter ?? attempt;
    this.deps.emit({ type: 'retrying', attempt, seconds, message: retryingMessage(seconds, attempt) });
    await this.deps.sleep(seconds * 1000);
  }

  private async send(path: string, method: string, options: RequestOptions): Promise<Response> {
    const init = requestInit(method, options, UNSAFE.has(method) ? this.deps.csrfToken() : null);
    if (path.startsWith('/api/auth/'))
      Object.assign(init.headers as Record<string, string>, {
        [SESSION_TRANSPORT_HEADER]: 'cookie',
        [SESSION_REMEMBER_HEADER]: String(options.remember ?? this.remember),
      });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      options.timeoutMs ?? this.deps.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort);
    try {
      const response = await this.deps.fetch(withQuery(path, options.query), { ...init, signal: controller.signal });
      this.noteBuild(response.headers.get(APP_BUILD_HEADER));
      return response;
    } catch (error) {
      if (timedOut) throw new ApiError(0, MESSAGES.timedOut, 'TIMEOUT');
      if (options.signal?.aborted) throw new ApiError(0, 'Request cancelled', 'ABORTED');
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The first build an answer names is the page's own; an answer naming another means a deploy happened under the open
   * page, whose screens' code and data formats may no longer match the server's: said once, so the page can offer a
   * reload.
   */
  private noteBuild(build: string | null): void {
    if (!build || this.newVersionSaid) return;
    if (this.build === null) this.build = build;
    else if (build !== this.build) {
      this.newVersionSaid = true;
      this.deps.emit({ type: 'new-version' });
    }
  }

  private async handle<T>(response: Response, answer: boolean, textAnswer: boolean): Promise<T> {
    const read = await readBody(response);
    if (answer && read instanceof CutOffJson) throw new ApiError(response.status, MESSAGES.cutOff, 'INCOMPLETE_ANSWER');
    const body = read instanceof CutOffJson ? read.text : read;
    if (answer) {
      if (response.status === 204 || body === undefined) return undefined as T;
      if (typeof body === 'string') {
        if (textAnswer) return body as T;
        const type = (response.headers.get('content-type') ?? 'text').split(';')[0];
        throw new ApiError(response.status, `Server returned ${type} instead of JSON`, 'NOT_JSON');
      }
      return body as T;
    }
    const code = bodyField(body, 'code');
    switch (response.status) {
      case 402: {
        // A body that cannot be read is taken as QUOTA_EXCEEDED (spec 000 §8).
        if (code === 'QUOTA_EXCEEDED' || body === undefined || typeof body === 'string') {
          const detail = quotaDetail(body);
          this.deps.emit({ type: 'plangate', detail });
          throw new ApiError(402, MESSAGES.quotaExceeded, 'QUOTA_EXCEEDED', detail);
        }
        throw new ApiError(402, MESSAGES.subscriptionRequired, code, body);
      }
      case 429:
        throw new ApiError(
          429,
          MESSAGES.tooManyRequests,
          code ?? 'RATE_LIMITED',
          body,
          retryAfterSeconds(response) ?? undefined,
        );
      default:
        // A 503 the server answered on purpose (a dependency it names is down: mail, billing) carries the catalogue's own
        // message, which says what the user can do; any other 5xx is the spec's server error.
        if (response.status === 503 && code && serverMessage(body))
          throw new ApiError(503, serverMessage(body)!, code, body);
        if (response.status >= 500) throw new ApiError(response.status, MESSAGES.serverError, code, body);
        throw new ApiError(response.status, serverMessage(body) ?? MESSAGES.generic, code, body);
    }
  }
}

/**
 * What a call sends, but its abort signal: the client's calls and the boards a page sends before the app runs
 * (features/odds/loading/first-boards-ahead.ts) are the same request, so the app can take the one sent ahead as its own.
 */
export function requestInit(method: string, options: RequestOptions, csrf: string | null): RequestInit {
  const headers: Record<string, string> = {
    Accept: options.accept ?? 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.text) headers['Content-Type'] = options.text.type;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (csrf) headers[CSRF_HEADER] = csrf;
  return {
    method,
    headers,
    body: options.text ? options.text.body : options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    cache: options.revalidate ? 'no-cache' : 'no-store',
  };
}

export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/**
 * A body that says JSON but does not parse: an answer cut off in transit (a dropped connection, a proxy's limit), not
 * a server answering something other than JSON ("Server returned text/html instead of JSON" is for those).
 */
class CutOffJson {
  constructor(readonly text: string) {}
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return new CutOffJson(text);
  }
}

function bodyField(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** The message a server error carries: message, detail, error or code (spec 000 §7); Nest lists join. */
export function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['message', 'detail', 'error', 'code']) {
    const value = record[field];
    if (typeof value === 'string' && value) return value;
    if (Array.isArray(value) && value.length) return value.map(String).join(' ');
  }
  return undefined;
}

/** The body's real numbers; when it cannot be read, the free plan's quota (DECISIONS 2: never "1,000"). */
export function quotaDetail(body: unknown): QuotaExceeded {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const quota = typeof record.quota === 'number' ? record.quota : DEFAULT_FREE_MONTHLY_QUOTA;
  const used = typeof record.used === 'number' ? record.used : quota;
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : `You've reached the free ${wholeNumber(quota)} request limit. Upgrade to continue.`;
  return { code: 'QUOTA_EXCEEDED', message, used, quota };
}

function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
