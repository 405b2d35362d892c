import { expect, test } from '@playwright/test';

// A route that fetches the real answer can still be in flight when its test ends (the page keeps polling): let it go
// quietly instead of failing the run with an error outside any test.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

// Chromium opens the app served by the real server and sees the shell.
test('the app shell renders from the real server, with live feeds reported healthy', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText('OddsPulse');
  // Below 768 px the navbar links live in the hamburger menu (spec 000 §2).
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: testInfo.project.name === 'mobile' ? 'Mobile menu' : 'Main' });
  await expect(nav.getByRole('link', { name: 'Scores' })).toBeVisible();
  if (testInfo.project.name === 'mobile') await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByTestId('system-status')).toHaveText('Live feeds running');
  await expect(page.locator('html')).toHaveClass(/theme-purple/);
  // Each route names itself in the title
  await expect(page).toHaveTitle('OddsPulse — live odds, +EV, arbitrage and middles');
  await page.goto('/scores');
  await expect(page).toHaveTitle('Scores · OddsPulse');
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing · OddsPulse');
});

test('an unknown path falls back to the app, which sends the user home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner')).toContainText('OddsPulse');
});

test('the API answers JSON, not the app, for unknown API paths', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
});

// A deploy under an open page: once an API answer names another build than the page's, the page offers a reload.
test('a page that outlives a deploy offers to reload into the new version', async ({ page }) => {
  let deployed = false;
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    await route.fulfill({ response, headers: deployed ? { ...headers, 'x-app-build': 'a-newer-build' } : headers });
  });
  await page.goto('/scores');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Scores' })).toBeVisible();
  // /scores is prerendered: its heading shows before the app runs. Once its scores are in, the app is running and an
  // API answer has named the page's own build
  await expect(page.getByRole('status', { name: 'Loading scores' })).toHaveCount(0);
  await expect(page.getByTestId('new-version-banner')).toHaveCount(0);
  deployed = true;
  await page.getByLabel('Sport').selectOption('basketball_nba');
  const banner = page.getByTestId('new-version-banner');
  await expect(banner).toContainText('A new version of OddsPulse is available.');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Scores' })).toBeVisible();
});
