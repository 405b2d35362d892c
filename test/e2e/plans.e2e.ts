import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { newUser, signIn, USER_PASSWORD } from './support/users';

// The chosen plan was forgotten through sign-in (no autostart after login).
test('a plan chosen before signing in opens its checkout right after the sign-in', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same flow on mobile; run once');
  test.setTimeout(60_000);
  const user = await newUser(request, testInfo, 'chosen');
  await page.goto('/pricing');
  await page.getByTestId('plan-card-gold').getByRole('button', { name: 'Choose Gold' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/billing\/local-checkout\/cs_local_/, { timeout: 15_000 });
  await expect(page.getByTestId('checkout-item')).toHaveText('Gold (monthly, auto-renews)');
});

// The cancel flow is for paid plans; a free user was walked through "cancelling" the free plan,
// and met three names for it (FREE, GUEST, Guest Access).
test('a free user is not walked through cancelling, and the plan has one name everywhere', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same pages on mobile; run once');
  const user = await newUser(request, testInfo, 'freecancel');
  await signIn(page, user, { path: '/billing/cancel?from=account' });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Before you go' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancel subscription' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('dashboard-badge')).toHaveText('Free');
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  await expect(page.getByTestId('plan-badge')).toHaveCSS('text-transform', 'none');
  await page.goto('/usage-plan');
  await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible();
});

// /billing/success told a signed-out visitor to sign in, with no way to.
test('/billing/success offers a signed-out visitor a sign-in that comes back to it', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same page on mobile; run once');
  await page.goto('/billing/success?session_id=cs_local_abc&plan=gold');
  const signInLink = page.locator('section.card').getByRole('link', { name: 'Sign in' });
  await expect(signInLink).toBeVisible({ timeout: 10_000 });
  await expect(signInLink).toHaveAttribute(
    'href',
    `/login?returnTo=${encodeURIComponent('/billing/success?session_id=cs_local_abc&plan=gold')}`,
  );
});

// A free user on mobile saw the odds page's search, sections and Filters above its upgrade banner.
test('a free user on mobile sees no controls of the odds page they are blocked from', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(testInfo), 'the bottom bar is the mobile layout');
  await signIn(page, await newUser(request, testInfo, 'freemobile'), { path: '/sportsbooks' });
  const bar = page.getByTestId('bottom-bar');
  await expect(bar.getByRole('link', { name: 'Odds' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Filters' })).toHaveCount(0);
  await expect(bar.getByRole('tablist', { name: 'Odds sections' })).toHaveCount(0);
});
