import { expect, test, type Page } from '@playwright/test';
import { openUserMenu, signInThroughForm } from './support/accounts';
import { newUser, USER_PASSWORD } from './support/users';

/** Every value the page's scripts can read from Web Storage, key and value. */
function webStorage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [window.localStorage, window.sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    ),
  );
}

/** The session's tokens as the browser holds them: only in its HttpOnly cookies (DECISIONS 35). */
async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  const find = (name: string) => cookies.find((cookie) => cookie.name.endsWith(name));
  return { access: find('op_access'), refresh: find('op_refresh'), csrf: find('op_csrf') };
}

// DECISIONS 35: no token in Web Storage or in document.cookie; the session rides in HttpOnly cookies
test('a signed-in browser keeps its tokens where no script of the page can read them', async ({
  page,
  request,
}, testInfo) => {
  const user = await newUser(request, testInfo, 'cookie');
  await signInThroughForm(page, user.email, USER_PASSWORD);

  const { access, refresh, csrf } = await sessionCookies(page);
  expect(access?.httpOnly).toBe(true);
  expect(refresh?.httpOnly).toBe(true);
  expect(refresh?.path).toBe('/api/auth/refresh');
  expect(csrf?.httpOnly).toBe(false);
  const readable = [...(await webStorage(page)), await page.evaluate(() => document.cookie)].join('\n');
  expect(readable).not.toContain(access!.value);
  expect(readable).not.toContain(refresh!.value);
  expect(readable).not.toMatch(/access_token|refresh_token|op_access|op_refresh/);

  // The cookies are the session: a reload is still signed in, and a write goes through with the CSRF token.
  await page.goto('/account');
  await expect(page.getByTestId('account-username')).toHaveText(user.username);

  const menu = await openUserMenu(page, testInfo);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have been signed out successfully' })).toBeVisible();
  const after = await sessionCookies(page);
  expect(after.access).toBeUndefined();
  expect(after.refresh).toBeUndefined();
  expect(after.csrf).toBeUndefined();
});

// DECISIONS 35: a browser signed in by an older build (the session in Web Storage) moves over without a sign-in
test('a session an older build kept in local storage moves to cookies on the next load', async ({
  page,
  request,
}, testInfo) => {
  const user = await newUser(request, testInfo, 'legacy');
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: USER_PASSWORD } });
  expect(login.ok()).toBe(true);
  const stored = await login.text();
  const seed = await page.addInitScript((session) => {
    window.localStorage.setItem('oddspulse.auth.session', session);
    window.localStorage.setItem('oddspulse.auth.remember', '1');
  }, stored);
  await page.goto('/');
  await seed.dispose();

  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${user.username}'s Dashboard`);
  await expect.poll(async () => (await sessionCookies(page)).refresh?.httpOnly).toBe(true);
  const readable = (await webStorage(page)).join('\n');
  expect(readable).not.toContain('oddspulse.auth.session');
  expect(readable).not.toMatch(/access_token|refresh_token/);

  // Signed in by the cookies alone from now on.
  await page.reload();
  await page.goto('/account');
  await expect(page.getByTestId('account-username')).toHaveText(user.username);
});
