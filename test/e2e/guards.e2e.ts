import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { signInWithForm, userOnPlan } from './support/users';

// spec 000 §2 route table and layout rules, §6 guards; 002 §2 /picks; DECISIONS 9 public scores
test.describe('signed out', () => {
  const toHome = [
    '/account',
    '/app',
    '/dashboard',
    '/my-sportsbooks',
    '/picks',
    '/subscribe',
    '/home',
    '/no/such/page',
  ];
  for (const path of toHome) {
    test(`${path} sends an unsigned visitor to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Get started free' })).toBeVisible();
    });
  }

  test('the plan guard and /usage-plan send an unsigned visitor to /login', async ({ page }) => {
    await page.goto('/sportsbooks?mode=props');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsportsbooks%3Fmode%3Dprops$/);
    await page.goto('/dfs');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fdfs$/);
    await page.goto('/usage-plan');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('public pages open without sign-in', async ({ page }) => {
    await page.goto('/scores');
    await expect(page.getByRole('heading', { name: 'Live Scores' })).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByTestId('plan-card-gold')).toContainText('$10');
    await expect(page.getByTestId('plan-card-platinum')).toContainText('$25');
    await page.goto('/terms');
    await expect(page.getByText('Last updated January 1, 2025')).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText(/deleted within 30 days/)).toBeVisible();
    await expect(page.getByText(/18 or older/).first()).toBeVisible();
  });

  test('billing pages and a password reset are marked noindex in the head, while they are open', async ({ page }) => {
    const robots = page.locator('head meta[name="robots"]');
    await page.goto('/billing/cancel');
    await expect(page.getByRole('heading', { name: 'Checkout Cancelled' })).toBeVisible();
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.goto('/billing/success?session_id=cs_test_abcdefghijklmnopqrstuvwxyz');
    await expect(page.getByText('Checkout reference: cs_test_abcdefghijkl')).toBeVisible();
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.goto('/account?reset_token=abc');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(robots).toHaveAttribute('content', 'noindex');
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(robots).toHaveCount(0);
  });

  // spec 000 §2 /auth/callback step 2
  test('the OAuth callback without a session says so and returns to /login after 2 s', async ({ page }) => {
    await page.goto('/auth/callback?error=oauth_failed');
    await expect(page.getByRole('alert')).toHaveText('Authentication failed. Redirecting to login...');
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  });

  test('a signed-out click on Odds or Picks goes to /login; Scores stays public', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the navbar links are in the hamburger menu on mobile');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Odds' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsportsbooks$/);
    await nav.getByRole('link', { name: 'Scores' }).click();
    await expect(page).toHaveURL(/\/scores$/);
  });

  // spec 000 §4 pricing intent
  test('choosing a paid plan signed out keeps the intent and asks for sign-in', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByTestId('plan-card-gold').getByRole('button', { name: 'Choose Gold' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=\/subscribe&intent=upgrade$/);
    const intent = await page.evaluate(() => JSON.parse(window.localStorage.getItem('pricingIntent') ?? 'null'));
    expect(intent).toMatchObject({ intent: 'upgrade', returnTo: '/subscribe' });
  });
});

test.describe('signed in', () => {
  test('a free user meets the paid-plan panel at /sportsbooks', async ({ page, request }, testInfo) => {
    await signInWithForm(page, await userOnPlan(request, testInfo, 'free'));
    await expect(page.getByTestId('plan-badge')).toHaveText('Free');
    await page.goto('/sportsbooks');
    await expect(page.getByRole('heading', { name: 'Subscription Required' })).toBeVisible();
    await expect(page.getByText('This feature requires a Gold or Platinum subscription.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose Your Plan' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByTestId('plan-card-platinum')).toBeVisible();
    // a scanner needs Platinum: the panel says so, not "Gold or Platinum" (the shared plan-gate table)
    await page.goto('/sportsbooks?mode=arbitrage');
    await expect(page.getByRole('heading', { name: 'Platinum Plan Required' })).toBeVisible();
    await expect(page.getByText('This feature requires a Platinum subscription.')).toBeVisible();
    await expect(page.getByText('Gold or Platinum')).toHaveCount(0);
    await page.getByRole('link', { name: 'Upgrade to Platinum' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a Gold user reaches the odds page, where arbitrage links fall back to straight bets', async ({
    page,
    request,
  }, testInfo) => {
    await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
    await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
    await page.goto('/sportsbooks?mode=arbitrage');
    await expect(page.getByRole('heading', { name: 'Odds: Straight Bets' })).toBeVisible();
    await expect(page).toHaveURL(/\/sportsbooks$/);
    await page.goto('/sportsbooks?mode=props');
    await expect(page.getByRole('heading', { name: 'Odds: Player Props' })).toBeVisible();
  });

  test('a Platinum user opens the arbitrage section, and /app leads to the odds page', async ({
    page,
    request,
  }, testInfo) => {
    await signInWithForm(page, await userOnPlan(request, testInfo, 'platinum'));
    await expect(page.getByTestId('plan-badge')).toHaveText('Platinum');
    await page.goto('/sportsbooks?mode=arbitrage');
    await expect(page.getByRole('heading', { name: 'Odds: Arbitrage' })).toBeVisible();
    await page.goto('/app');
    await expect(page).toHaveURL(/\/sportsbooks$/);
  });

  test('a signed-in user is sent away from /login to next, and the search box writes q on /sportsbooks', async ({
    page,
    request,
  }, testInfo) => {
    await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
    await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
    await page.goto('/login?next=/account');
    await expect(page).toHaveURL(/\/account$/);
    await page.goto('/sportsbooks');
    const search = page.getByRole('searchbox', { name: 'Search sports' });
    if (isMobile(testInfo)) {
      // spec 000 §2: below 768 px the navbar's items are in the hamburger menu; the bar itself has no search row
      await expect(page.getByRole('heading', { name: 'Odds: Straight Bets' })).toBeVisible();
      await expect(search).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await expect(search).toHaveAttribute('placeholder', 'Search sports...');
    await search.fill('Lakers');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/sportsbooks\?q=Lakers$/);
    // on mobile, searching closes the menu
    if (isMobile(testInfo)) await expect(page.getByRole('navigation', { name: 'Mobile menu' })).toBeHidden();
    await page.goto('/account');
    if (isMobile(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: isMobile(testInfo) ? 'Mobile menu' : 'Main' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search sports' })).toHaveCount(0);
    testInfo.annotations.push({
      type: 'spec',
      description: '000 §2 search box only on /sportsbooks, in the hamburger menu on mobile',
    });
  });

  test('a 402 QUOTA_EXCEEDED from the API opens the plan-limit modal', async ({ page, request }, testInfo) => {
    // spec 000 §4 plan gating: the client raises plangate on any 402 QUOTA_EXCEEDED (DECISIONS 2 numbers)
    await signInWithForm(page, await userOnPlan(request, testInfo, 'free'));
    await expect(page.getByTestId('plan-badge')).toHaveText('Free');
    await page.route('**/api/preferences', (route) =>
      route.fulfill({
        status: 402,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'QUOTA_EXCEEDED',
          message: 'You have used all 250 free odds calls this month.',
          used: 250,
          quota: 250,
        }),
      }),
    );
    await page.goto('/my-sportsbooks');
    const modal = page.getByTestId('plan-limit-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading')).toHaveText('Quota exceeded - upgrade to continue');
    await expect(modal).toContainText('You have used all 250 free odds calls this month.');
    await expect(modal).toContainText('250 of 250');
    await modal.getByRole('link', { name: 'View Plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(modal).toBeHidden();
  });
});

// spec 001 §4, 000 §8: a 401 the client cannot refresh past ends the session and asks for sign-in
test('an expired session that cannot be refreshed lands on /login?auth_required=true with the spec banner', async ({
  page,
  request,
}, testInfo) => {
  await signInWithForm(page, await userOnPlan(request, testInfo, 'gold'));
  await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
  // Off the app first: on a loaded machine the dashboard was still asking for its data when the cookies below were
  // forged, met the 401 itself and ended the session in that page, so the visit below started signed out and, as an
  // unsigned visit does, went to /.
  await page.goto('about:blank');
  // The session's cookies now hold a forged access token and an unknown refresh token.
  const context = page.context();
  const forged = (await context.cookies())
    .filter((cookie) => /op_(access|refresh)$/.test(cookie.name))
    .map((cookie) => ({ ...cookie, value: cookie.name.endsWith('access') ? 'tampered' : 'revoked' }));
  expect(forged).toHaveLength(2);
  await context.addCookies(forged);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?auth_required=true$/);
  await expect(page.getByText('Your session has expired. Please sign in again to continue.')).toBeVisible();
});
