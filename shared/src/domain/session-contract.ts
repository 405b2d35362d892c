/**
 * What the server and the web client must spell alike about a session and a build: the server writes them, the client
 * reads them, and one spelling keeps the two from drifting apart.
 */

/** The header each answer names the build that served it with: the client says when a deploy replaced its own. */
export const APP_BUILD_HEADER = 'X-App-Build';

/** The header a browser sends to take its session as cookies instead of tokens in the body (DECISIONS 35). */
export const SESSION_TRANSPORT_HEADER = 'x-session-transport';
/** With the cookie transport: `false` when "Remember me" was not ticked, so the session ends with the browser. */
export const SESSION_REMEMBER_HEADER = 'x-session-remember';
/** The header an unsafe request carries the CSRF cookie's value in (double submit, DECISIONS 35). */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The session cookies' names (DECISIONS 35). Over HTTPS the path-wide ones take COOKIE_HOST_PREFIX and the refresh
 * cookie, scoped to its path, COOKIE_SECURE_PREFIX; a plain-HTTP origin (local development) can take neither.
 */
export const SESSION_COOKIES = { access: 'op_access', refresh: 'op_refresh', csrf: 'op_csrf' } as const;
export const COOKIE_HOST_PREFIX = '__Host-';
export const COOKIE_SECURE_PREFIX = '__Secure-';
