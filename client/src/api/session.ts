/** The signed-in user as the server returns it (spec 000 §3). */
export interface SessionUser {
  id: string;
  email: string;
  created_at?: string;
  user_metadata?: { username?: string | null };
}

/** The session object of spec 000 §3. `expires_at` is in seconds since the epoch. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: SessionUser;
}

/** Where the session is kept: an interface so the client's logic runs (and is tested) without a browser. */
export interface SessionStore {
  read(): Session | null;
  write(session: Session, remember: boolean): void;
  clear(): void;
}

/** Refresh this long before the access token expires (spec 000 §9: expiry margin 90 s). */
export const EXPIRY_MARGIN_MS = 90_000;

export function expiresAtMs(session: Session): number {
  // Seconds, as the spec's session object has it; tolerate milliseconds from a server that sends them.
  return session.expires_at > 1e12 ? session.expires_at : session.expires_at * 1000;
}

export function needsRefresh(session: Session, now: number): boolean {
  return expiresAtMs(session) - EXPIRY_MARGIN_MS <= now;
}

export function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<Session>;
  return (
    typeof s.access_token === 'string' &&
    typeof s.refresh_token === 'string' &&
    typeof s.expires_at === 'number' &&
    !!s.user &&
    typeof s.user.id === 'string'
  );
}

export const SESSION_KEY = 'oddspulse.auth.session';
const REMEMBER_KEY = 'oddspulse.auth.remember';

/**
 * The browser store: the session lives in session storage (spec 000 §3), or in local storage when the
 * user ticked "Remember me" so it survives closing the tab.
 */
export function browserSessionStore(): SessionStore {
  return {
    read: readBrowserSession,
    write(session, remember) {
      const target = remember ? window.localStorage : window.sessionStorage;
      const other = remember ? window.sessionStorage : window.localStorage;
      other.removeItem(SESSION_KEY);
      target.setItem(SESSION_KEY, JSON.stringify(session));
      window.localStorage.setItem(REMEMBER_KEY, remember ? '1' : '0');
    },
    clear() {
      window.sessionStorage.removeItem(SESSION_KEY);
      window.localStorage.removeItem(SESSION_KEY);
    },
  };
}

/** The session this browser keeps (browserSessionStore), read alone: the page's boot script needs no more. */
export function readBrowserSession(): Session | null {
  // no browser: the public pages rendered at build (src/prerender.tsx) are a visitor's
  if (typeof window === 'undefined') return null;
  for (const storage of [window.sessionStorage, window.localStorage]) {
    const raw = storage.getItem(SESSION_KEY);
    if (!raw) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isSession(parsed)) return parsed;
    } catch (error) {
      console.warn('Discarding an unreadable stored session', error);
    }
    storage.removeItem(SESSION_KEY);
  }
  return null;
}

export function rememberedChoice(): boolean {
  return window.localStorage.getItem(REMEMBER_KEY) !== '0';
}
