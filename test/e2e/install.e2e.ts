import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { signInWithForm, userOnPlan } from './support/users';

test.use({ serviceWorkers: 'allow' });

// The manifest is served, the service worker registers, and Chromium finds the app installable.
test('the manifest is served and Chromium reports the app installable with its service worker running', async ({
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'installability is per origin, not per viewport; run once');
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: Array<{ sizes: string; type: string }>;
  };
  expect(manifest).toMatchObject({ start_url: '/sportsbooks', display: 'standalone', theme_color: '#6d28d9' });
  expect(manifest.name).toContain('OddsPulse');
  for (const size of ['192x192', '512x512'])
    expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, type: 'image/png' }));
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png'])
    expect((await request.get(icon)).headers()['content-type']).toBe('image/png');

  // Chromium never offers to install from an incognito window, which every Playwright context is: a real profile here.
  const profile = mkdtempSync(join(tmpdir(), 'oddspulse-install-'));
  const browser = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto('/');
    expect(
      await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL)),
    ).toMatch(/\/sw\.js$/);
    const cdp = await browser.newCDPSession(page);
    const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('with the network gone, the app starts from the service worker and says how old its data is', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same worker serves both viewports; run once');
  test.setTimeout(90_000);
  await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
  await expect(page).not.toHaveURL(/\/login/);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first page load ran before the worker: load once more under it so it keeps the reads.
  await page.goto('/sportsbooks');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/^offline — showing data from .+/);
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 15_000 });
});

test("the API documentation opens in the browser under the app's content security policy", async ({
  page,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'run once');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('OddsPulse API')).toBeVisible();
  await expect(page.getByRole('button', { name: /Authorize/ })).toBeVisible();
  await expect(page.getByText('/api/arbitrage')).toBeVisible();
  expect(errors).toEqual([]);
});
