import { expect, request as requests, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

export const DEMO_PASSWORD = 'oddspulse-demo';

export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'mobile';
}

/** A fresh address per test and project, so runs and projects never collide. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `${tag}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.local`;
}

/** A mail of the dev outbox, as GET /api/dev/outbox lists it. */
export interface OutboxMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

/** The demo operator's access token, kept for this worker's later reads. */
let operatorToken: string | null = null;

/**
 * The dev outbox (DEV_OUTBOX, which the suite turns on), read as the demo operator: a page only the ops role may open
 * (DECISIONS 33), from this machine too. Signed in from a request context of its own, so the caller's cookies stay the
 * caller's; signed in again when the kept token has expired.
 */
export async function devOutbox(request: APIRequestContext): Promise<OutboxMail[]> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!operatorToken) {
      const operator = await requests.newContext({ baseURL: process.env.E2E_BASE_URL });
      try {
        const login = await operator.post('/api/auth/login', {
          data: { email: 'ops@demo.local', password: DEMO_PASSWORD },
        });
        expect(login.ok(), await login.text()).toBe(true);
        operatorToken = ((await login.json()) as { access_token: string }).access_token;
      } finally {
        await operator.dispose();
      }
    }
    const outbox = await request.get('/api/dev/outbox', {
      headers: { Accept: 'application/json', Authorization: `Bearer ${operatorToken}` },
    });
    if (outbox.status() === 401) {
      operatorToken = null;
      continue;
    }
    expect(outbox.ok(), await outbox.text()).toBe(true);
    return (await outbox.json()) as OutboxMail[];
  }
  throw new Error('The demo operator could not read the dev outbox');
}

export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/**
 * Where the client describes its session (who, until when; client/src/api/session.ts): the tokens are HttpOnly cookies
 * (DECISIONS 35), and "Remember me", the login form's default, is their lifetime.
 */
const SESSION_KEY = 'oddspulse.auth.user';
const REMEMBER_KEY = 'oddspulse.auth.remember';

export interface SignInOptions {
  password?: string;
  /** The page to open signed in: /, where the login form lands, unless the test is about another. */
  path?: string;
  /** Other local storage entries the page starts with (saved filters or scanner settings, say). */
  localStorage?: Record<string, string>;
}

/**
 * Signs in through the server's real login route and opens `path` signed in: the session goes where the login form
 * puts it, and the client restores it from there as on any later page load, so the test lands on its own page without
 * the form's page loads. page.request shares the browser context's cookies, so the login's session cookies (asked for
 * as the app asks, x-session-transport) are the browser's too. The specs about signing in use signInThroughForm.
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, path = '/', localStorage = {} }: SignInOptions = {},
) {
  const response = await page.request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-session-transport': 'cookie', 'x-session-remember': 'true' },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const entries = { ...localStorage, [SESSION_KEY]: await response.text(), [REMEMBER_KEY]: '1' };
  // Only for this navigation: a later reload must find whatever the test left (a sign-out, say), not a fresh session.
  const seed = await page.addInitScript(
    ({ origin, entries }) => {
      if (window.location.origin !== origin) return;
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    },
    { origin: new URL(response.url()).origin, entries },
  );
  try {
    await page.goto(path);
  } finally {
    await seed.dispose();
  }
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Opens the user menu: the avatar dropdown on desktop, the hamburger menu on mobile. */
export async function openUserMenu(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile menu' });
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  // The dropdown: the email and plan as its heading, then the menu itself.
  const panel = page.getByTestId('user-menu-panel');
  await expect(panel.getByRole('menu', { name: 'Account' })).toBeVisible();
  return panel;
}

/** The token of the newest verification link the dev outbox holds for `email`. */
export async function verificationToken(request: APIRequestContext, email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await devOutbox(request);
      token = /verify_token=([\w%-]+)/.exec(
        outbox.find((m) => m.to === email && m.text.includes('verify_token'))?.text ?? '',
      )?.[1];
      return token;
    })
    .toBeTruthy();
  return decodeURIComponent(token!);
}
