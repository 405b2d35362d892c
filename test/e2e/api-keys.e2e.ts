import { expect, test } from '@playwright/test';
import { signIn, signInAsNewUser, subscribedUser } from './support/users';

// DECISIONS 5: a Platinum user creates a named key, uses it as a script
// would, sees its last use, and revokes it; the key reads odds but is refused on account routes.
test('a Platinum key is created, used with a curl-like fetch, shown with its last use, and revoked', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  // a fresh Platinum account: the keys and security activity read here are this test's alone
  await signIn(page, await subscribedUser(request, testInfo, 'apikey', 'platinum'), { path: '/account' });
  await expect(page.getByRole('heading', { name: 'Recent security activity' })).toBeVisible();
  await expect(page.getByTestId('security-activity').getByText('Signed in').first()).toBeVisible();
  await page.getByRole('link', { name: 'Manage API keys' }).click();
  await expect(page).toHaveURL(/\/account\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');

  const name = `e2e ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  // a key for an AI assistant that may track picks (the MCP server's write tools); reads are every key's
  await page.getByLabel('Track picks and create alerts').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toContainText('it will not be shown again');
  const key = (await page.getByTestId('api-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^op_[\w-]{43}$/);
  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  await expect(row.getByTestId('api-key-scopes')).toHaveText('read, picks:write');

  // As a script would call it: no cookie, no session, only the key. A client of its own: the test's `request` holds
  // the session cookie of the sign-up that made the account, which would answer for the key.
  const script = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const sports = await script.get('/api/sports', { headers: { 'x-api-key': key } });
  expect(sports.status()).toBe(200);
  expect(Array.isArray(await sports.json())).toBe(true);
  const account = await script.get('/api/me', { headers: { 'x-api-key': key } });
  expect(account.status()).toBe(403);
  expect((await account.json()).code).toBe('API_KEY_NOT_ALLOWED');
  expect((await script.post('/api/api-keys', { headers: { 'x-api-key': key }, data: { name: 'copy' } })).status()).toBe(
    403,
  );
  // its picks:write scope is the MCP server's: REST's write routes refuse it as they refuse every key
  expect((await script.post('/api/picks', { headers: { 'x-api-key': key }, data: {} })).status()).toBe(403);
  const tracked = await script.post('/mcp', {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'track_pick',
        arguments: {
          game: 'Bills @ Chiefs',
          league: 'NFL',
          market: 'Moneyline',
          selection: 'Bills',
          odds: '+150',
          stake: 10,
        },
      },
    },
  });
  expect(tracked.status()).toBe(200);
  expect((await tracked.json()).result).toMatchObject({ structuredContent: { pick: { selection: 'Bills' } } });

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toBeHidden();
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveCount(0);
  expect((await script.get('/api/sports', { headers: { 'x-api-key': key } })).status()).toBe(401);
  await script.dispose();

  await page.goto('/account');
  await expect(page.getByTestId('security-activity').getByText(`API key revoked “${name}”`)).toBeVisible();
});

test('a Gold user is offered Platinum instead of API keys', async ({ page, request }, testInfo) => {
  await signInAsNewUser(page, request, testInfo, 'gold', { path: '/account' });
  await expect(page.getByText('Personal API keys come with Platinum.')).toBeVisible();
  await page.goto('/account/api-keys');
  await expect(page.getByRole('heading', { name: 'Platinum Plan Required' })).toBeVisible();
});

// The built client ships no source map, and none is served.
test('the client is served without source maps', async ({ request }) => {
  const html = await (await request.get('/', { headers: { Accept: 'text/html' } })).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const script = await request.get(src);
    expect(script.status()).toBe(200);
    expect(await script.text()).not.toContain('sourceMappingURL');
    expect((await request.get(`${src}.map`)).status()).toBe(404);
  }
});
