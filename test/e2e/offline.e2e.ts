import { expect, test, type Page } from '@playwright/test';
import { isMobile } from './support/accounts';
import { bearer, newUser, signIn } from './support/users';

/** How many toasts show at once (not counting one fading out), sampled while the page retries its reads. */
async function mostToastsAtOnce(page: Page, forMs: number): Promise<number> {
  let most = 0;
  for (const deadline = Date.now() + forMs; Date.now() < deadline; await page.waitForTimeout(250))
    most = Math.max(most, await page.locator('.toast:not(.leaving)').count());
  return most;
}

// Offline, a page not opened before showed "Something went wrong … Our team has been notified" (or, reloading to fetch
// a new build, the browser's own offline page) and stayed broken after reconnecting
test('offline, a page not opened yet says so and opens by itself when the connection returns', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same shell on mobile; run once');
  const user = await newUser(request, testInfo, 'offline');
  await signIn(page, user, { path: '/' });
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Picks' }).click();
  const notLoaded = page.getByTestId('offline-not-loaded');
  await expect(notLoaded).toContainText('Offline: not loaded yet');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'My Picks' })).toBeVisible();
  await expect(notLoaded).toHaveCount(0);
  await expect(page).toHaveURL(/\/picks$/);
});

test.describe('started offline from the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  // Offline /picks stacked three retry toasts over an empty page, and did not read again when the connection returned
  test('/picks says its picks are not loaded yet, with one toast, and loads them when the connection returns', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.skip(isMobile(testInfo), 'the same worker serves both viewports; run once');
    test.setTimeout(90_000);
    const user = await newUser(request, testInfo, 'offpicks');
    const created = await request.post('/api/picks', {
      headers: bearer(user),
      data: {
        game: 'Jets @ Bills',
        league: 'NFL',
        market: 'Moneyline',
        selection: 'Buffalo Bills',
        odds: '-110',
        stakeCents: 1000,
      },
    });
    expect(created.ok()).toBe(true);
    await signIn(page, user, { path: '/picks' });
    await page.evaluate(() => navigator.serviceWorker.ready);
    // the first load ran before the worker: once more under it, so it keeps the shell and this screen's code
    await page.reload();
    await expect(page.getByTestId('pick')).toHaveCount(1);
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Picks' })).toBeVisible();
    await expect(page.getByTestId('offline-not-loaded')).toContainText('Offline: your picks are not loaded yet');
    await expect(page.getByRole('alert').filter({ hasText: 'Network error' })).toHaveCount(0);
    // the reads retry together: one toast, which says the connection is away
    expect(await mostToastsAtOnce(page, 4000)).toBeLessThanOrEqual(1);

    await context.setOffline(false);
    await expect(page.getByTestId('pick')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId('offline-not-loaded')).toHaveCount(0);
  });
});
