import { expect, test } from '@playwright/test';

// Issue #2: Chromium opens the app served by the real server and sees the shell.
test('the app shell renders from the real server, with live feeds reported healthy', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toContainText('OddsPulse');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scores' })).toBeVisible();
  await expect(page.getByTestId('system-status')).toHaveText('Live feeds running');
  await expect(page.locator('html')).toHaveClass(/theme-purple/);
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
