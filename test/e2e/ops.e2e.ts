import { expect, test } from '@playwright/test';
import { openUserMenu, signInThroughForm } from './support/accounts';

/** The simulator's sports (FEED_SPORTS' default) × odds, props and scores. */
const SIMULATED_FEEDS = 8 * 3;

// The ops demo account opens /ops, sees every simulated feed fresh, then the queue
// console with the feeds queue's completed jobs; a Platinum account gets 403 on both.
test('the operations demo account sees every simulated feed fresh, then the feeds queue’s completed jobs', async ({ page }, testInfo) => {
  await signInThroughForm(page, 'ops@demo.local');
  const menu = await openUserMenu(page, testInfo);
  await menu.getByRole('menuitem', { name: 'Operations' }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { name: 'Operations', exact: true })).toBeVisible();

  const feeds = page.getByTestId('ops-feed');
  await expect(feeds).toHaveCount(SIMULATED_FEEDS);
  await expect(page.locator('[data-testid="ops-feed"]:not([data-health="fresh"])')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('ops-scheduler')).toContainText('running');
  await expect(page.getByTestId('ops-updates')).toContainText('Live');
  await expect(page.getByTestId('ops-queue').filter({ hasText: 'feeds' })).toBeVisible();

  await page.getByRole('link', { name: 'Open the queue console' }).click();
  await expect(page).toHaveURL(/\/ops\/queues\/?$/);
  await expect(page).toHaveTitle('OddsPulse queues');
  await page.goto('/ops/queues/queue/feeds?status=completed');
  await expect(page.getByText('odds.poll').first()).toBeVisible();
});

test('a Platinum account gets 403 on the operations page and the queue console', async ({ page }) => {
  await signInThroughForm(page, 'platinum@demo.local');
  const menu = page.getByRole('button', { name: 'Account menu' });
  await expect(menu).toBeVisible();

  const opsPage = await page.goto('/ops');
  expect(opsPage?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Operations staff only' })).toBeVisible();
  await expect(page.getByTestId('ops-feed')).toHaveCount(0);

  const board = await page.goto('/ops/queues/queue/feeds?status=completed');
  expect(board?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Operations staff only' })).toBeVisible();
  await expect(page.getByText('odds.poll')).toHaveCount(0);
  const api = await page.request.get('/ops/queues/api/queues');
  expect(api.status()).toBe(403);
});
