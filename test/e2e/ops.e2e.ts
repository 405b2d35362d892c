import { expect, test } from '@playwright/test';
import { openUserMenu, signInThroughApi } from './support/accounts';
import { signInAsNewUser } from './support/users';

// A route that fetches the real answer can still be in flight when its test ends (the page keeps polling): let it go
// quietly instead of failing the run with an error outside any test.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

/** The simulator's sports (FEED_SPORTS' default) × odds, props and scores. */
const SIMULATED_FEEDS = 8 * 3;

// The ops demo account opens /ops, sees every simulated feed fresh and every queue (the feeds and the six feed lanes),
// then the queue console with a feed lane's completed odds polls; a Platinum account gets 403 on both.
test('the operations demo account sees every simulated feed fresh, then a feed lane’s completed odds polls', async ({
  page,
}, testInfo) => {
  await signInThroughApi(page, 'ops@demo.local');
  const menu = await openUserMenu(page, testInfo);
  await menu.getByRole('menuitem', { name: 'Operations' }).click();
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('heading', { name: 'Operations', exact: true })).toBeVisible();

  const feeds = page.getByTestId('ops-feed');
  await expect(feeds).toHaveCount(SIMULATED_FEEDS);
  await expect(page.locator('[data-testid="ops-feed"]:not([data-health="fresh"])')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('ops-scheduler')).toContainText('running');
  await expect(page.getByTestId('ops-updates')).toContainText('Live');
  await expect(page.locator('[data-testid="ops-queue"][data-queue="feeds"]')).toBeVisible();
  await expect(page.locator('[data-testid="ops-queue"][data-queue^="feeds-lane-"]')).toHaveCount(6);
  // the console's page asks nothing of another host (its CSP would refuse a font stylesheet) and has an h1
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).origin !== new URL(page.url()).origin) elsewhere.push(req.url());
  });
  await page.getByRole('link', { name: 'Open the queue console' }).click();
  await expect(page).toHaveURL(/\/ops\/queues\/?$/);
  await expect(page).toHaveTitle('OddsPulse queues');
  await expect(page.getByRole('heading', { level: 1, name: 'OddsPulse queues' })).toBeAttached();
  await expect(page.getByText('feeds').first()).toBeVisible();
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
  // the first sport of FEED_SPORTS polls on the first lane
  await page.goto('/ops/queues/queue/feeds-lane-1?status=completed');
  await expect(page.getByText('odds.poll').first()).toBeVisible();
});

// The page fits its window whatever its tables hold (at 1280 px a failed settlement run's error once pushed it
// sideways): wide tables scroll inside their cards. A failed run is not something the stack makes on demand, so the
// overview the page reads gets one added, and the live pushes (which would replace it) are held back.
test('the operations page fits its window with a failed settlement run in its table', async ({ page }) => {
  await page.routeWebSocket(/\/socket\.io\//, () => undefined);
  await page.route('**/api/ops/overview', async (route) => {
    const overview = (await (await route.fetch()).json()) as { settlement_runs: Array<Record<string, unknown>> | null };
    const failed = {
      at: new Date().toISOString(),
      trigger: 'scheduled',
      sport: 'basketball_ncaab',
      checked: 1204,
      settled: 0,
      duration_ms: 61_250,
      error:
        'Scores provider answered 503 Service Unavailable for basketball_ncaab after 3 attempts; the run will be retried',
    };
    await route.fulfill({
      json: { ...overview, settlement_runs: [failed, failed, ...(overview.settlement_runs ?? [])] },
    });
  });
  await signInThroughApi(page, 'ops@demo.local', { path: '/ops' });
  await expect(
    page
      .getByRole('region', { name: 'Settlement runs' })
      .getByText(/Scores provider answered 503/)
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
});

test('a Platinum account gets 403 on the operations page and the queue console', async ({
  page,
  request,
}, testInfo) => {
  await signInAsNewUser(page, request, testInfo, 'platinum');
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
