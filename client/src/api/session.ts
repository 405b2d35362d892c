import { COOKIE_HOST_PREFIX, SESSION_COOKIES } from '@oddspulse/shared';
import { storedKey, writeStored } from '../state/stored-value';

/** The signed-in user as the server returns it (spec 000 §3). */
export interface SessionUser {
  id: string;
  email: string;
  created_at?: string;
  user_metadata?: { username?: string | null };
}

/**
 * The browser's session as the server answers it with the cookie transport (DECISIONS 35): the session object of
 * spec 000 §3 without its tokens, which live in HttpOnly cookies no script of the page can read. `expires_at` (of the
 * access token) is in seconds since the epoch.
 */
export interface BrowserSession {
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: SessionUser;
}

/** A session a page kept in Web Storage before DECISIONS 35, tokens and all; read once, to move it to cookies. */
export interface LegacySession extends BrowserSession {
  refresh_token: string;
}

/**
 * Where the session's description is kept, tokens never: an interface so the client's logic runs (and is tested)
 * without a browser.
 */
export interface SessionStore {
  read(): BrowserSession | null;
  write(session: BrowserSession, remember: boolean): void;
  clear(): void;
  /** The session an older build kept in Web Storage, taken out of it: the client moves it to cookies once. */
  takeLegacy(): LegacySession | null;
}

/** Refresh this long before the access token expires (spec 000 §9: expiry margin 90 s). */
export const EXPIRY_MARGIN_MS = 90_000;

export function expiresAtMs(session: BrowserSession): number {
  // Seconds, as the spec's session object has it; tolerate milliseconds from a server that sends them.
  return session.expires_at > 1e12 ? session.expires_at : session.expires_at * 1000;
}

export function needsRefresh(session: BrowserSession, now: number): boolean {
  return expiresAtMs(session) - EXPIRY_MARGIN_MS <= now;
}

export function isSession(value: unknown): value is BrowserSession {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<BrowserSession>;
  return typeof s.expires_at === 'number' && !!s.user && typeof s.user.id === 'string';
}

function isLegacySession(value: unknown): value is LegacySession {
  return isSession(value) && typeof (value as Partial<LegacySession>).refresh_token === 'string';
}

/** Who is signed in and until when, with no token: what the page's boot scripts and other tabs read. */
export const SESSION_KEY = 'oddspulse.auth.user';
/** Where builds before DECISIONS 35 kept the whole session, tokens included. */
export const LEGACY_SESSION_KEY = 'oddspulse.auth.session';
const REMEMBER_KEY = 'oddspulse.auth.remember';
/**
 * Both critical (spec 000 §9: the remember-me flag is): a cleanup that removed who is signed in would sign every tab
 * out while the session's cookies still stand.
 */
const SESSION_STORED = storedKey(SESSION_KEY, 'critical');
const REMEMBER_STORED = storedKey(REMEMBER_KEY, 'critical');

/**
 * The readable CSRF cookie the server sets with the session's cookies (`__Host-` over HTTPS), which lasts exactly as
 * long as the refresh cookie: while it is there the browser holds a session.
 */
const CSRF_COOKIES = [`${COOKIE_HOST_PREFIX}${SESSION_COOKIES.csrf}`, SESSION_COOKIES.csrf];

export function csrfCookie(): string | null {
  for (const name of CSRF_COOKIES) {
    const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
    if (match) return decodeURIComponent(match.slice(name.length + 1));
  }
  return null;
}

/**
 * The browser store. The tokens are the server's HttpOnly cookies; local storage keeps only who is signed in and when
 * the access cookie expires, shared by the tabs. "Remember me" is the cookies' lifetime (DECISIONS 35): a session not
 * remembered loses its cookies when the browser closes, and its description here is then discarded on the next read.
 */
export function browserSessionStore(): SessionStore {
  return {
    read: readBrowserSession,
    write(session, remember) {
      // the description only, whatever else the object carries: no token is ever written here (DECISIONS 35)
      const { expires_in, expires_at, token_type, user } = session;
      writeStored(SESSION_STORED, JSON.stringify({ expires_in, expires_at, token_type, user }));
      writeStored(REMEMBER_STORED, remember ? '1' : '0');
    },
    clear() {
      window.localStorage.removeItem(SESSION_KEY);
    },
    takeLegacy() {
      if (typeof window === 'undefined') return null;
      let found: LegacySession | null = null;
      for (const storage of [window.sessionStorage, window.localStorage]) {
        const raw = storage.getItem(LEGACY_SESSION_KEY);
        storage.removeItem(LEGACY_SESSION_KEY);
        if (!raw || found) continue;
        try {
          const parsed: unknown = JSON.parse(raw);
          if (isLegacySession(parsed)) found = parsed;
        } catch (error) {
          console.warn('Discarding an unreadable stored session', error);
        }
      }
      return found;
    },
  };
}

/** The session this browser holds (browserSessionStore), read alone: the page's boot script needs no more. */
export function readBrowserSession(): BrowserSession | null {
  // no browser: the public pages rendered at build (src/app/prerender.tsx) are a visitor's
  if (typeof window === 'undefined') return null;
  const raw = window.localStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isSession(parsed) && csrfCookie() !== null) return parsed;
  } catch (error) {
    console.warn('Discarding an unreadable stored session', error);
  }
  window.localStorage.removeItem(SESSION_KEY);
  return null;
}

export function rememberedChoice(): boolean {
  return typeof window === 'undefined' || window.localStorage.getItem(REMEMBER_KEY) !== '0';
}
