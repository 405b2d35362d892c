import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { newUser, signIn } from './support/users';

/**
 * End to end, on the local checkout the stack serves without a Stripe key: the Pay button sends the
 * same signed webhook events through the same handler Stripe's would reach.
 */

// spec 000 §2 /pricing, /billing/success, §6 plan gates; DECISIONS 1, 3, 4
test('a new free user buys Gold, upgrades to Platinum, cancels from /usage-plan and keeps the subscription', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'one purchase story; the pages are the same on mobile');
  test.setTimeout(90_000);
  const user = await newUser(request, testInfo, 'buyer');
  await signIn(page, user, { path: '/pricing' });
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');

  // Gold on the local checkout: the plan and amount, then Pay.
  await page.getByTestId('plan-card-gold').getByRole('button', { name: 'Choose Gold' }).click();
  await expect(page).toHaveURL(/\/billing\/local-checkout\/cs_local_/);
  await expect(page.getByTestId('checkout-item')).toHaveText('Gold (monthly, auto-renews)');
  await expect(page.getByTestId('checkout-amount')).toHaveText('$10/month');
  await page.getByRole('button', { name: 'Pay $10' }).click();

  await expect(page).toHaveURL(/\/billing\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Gold!' })).toBeVisible();
  await expect(page.getByText(/^Checkout reference: cs_local_[0-9a-f]{11}$/)).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Gold');

  // The odds page is open; arbitrage is still Platinum's.
  await page.getByRole('link', { name: 'Go to live odds' }).click();
  await expect(page.getByRole('heading', { name: 'Odds: Straight Bets' })).toBeVisible();
  await page.goto('/sportsbooks?mode=arbitrage');
  await expect(page.getByTestId('premium-panel')).toBeVisible();

  // Upgrade from /usage-plan: the same subscription moves to Platinum (no /pricing, no second checkout), and the
  // scanners open.
  await page.goto('/usage-plan');
  await page.getByRole('button', { name: 'Upgrade to Platinum' }).click();
  // the prorated amount is shown before the user confirms (Stripe's invoice preview)
  await expect(page.getByTestId('switch-cost')).toHaveText(
    /^You pay \$\d+\.\d{2} now for the rest of this billing period\.$/,
  );
  await page.getByTestId('switch-plan').getByRole('button', { name: 'Switch to Platinum' }).click();
  await expect(page).toHaveURL(/\/billing\/success\?plan=platinum$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Platinum!' })).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Platinum');
  await page.goto('/sportsbooks?mode=arbitrage');
  await expect(page.getByRole('heading', { name: 'Odds: Arbitrage' })).toBeVisible();
  await expect(page.getByTestId('premium-panel')).toBeHidden();

  // /usage-plan shows the subscription's own amount and renewal date.
  await page.goto('/usage-plan');
  const management = page.getByTestId('subscription-management');
  await expect(management.getByText('Active Subscription')).toBeVisible();
  await expect(management).toContainText('$25/month');
  const renewal = (await page.getByTestId('renewal-date').textContent())!;
  const renewsOn = new Date(renewal);
  const days = (renewsOn.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(26);
  expect(days).toBeLessThan(32);

  // Cancel: at the period's end, access until then, and the page says so.
  await management.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await expect(cancelDialog).toContainText(
    `Your subscription ends at the end of the current billing period (${renewal}); you keep access until then and can undo the cancellation before that date.`,
  );
  await cancelDialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(management.getByRole('status')).toHaveText(
    'Subscription canceled successfully. You will retain access until your current billing period ends.',
  );
  await expect(page.getByTestId('access-until')).toHaveText(`You keep access until ${renewal}.`);
  await expect(page.getByTestId('plan-badge')).toHaveText('Platinum');

  // Keep it: the subscription renews again.
  await management.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(management.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
  await expect(page.getByTestId('access-until')).toBeHidden();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');

  // "Manage billing" opens the local portal with the invoices: the first month and the prorated upgrade.
  await management.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/billing\/local-portal/);
  const invoices = page.getByTestId('local-portal').getByRole('row');
  await expect(invoices).toHaveCount(3);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/usage-plan$/);
});

// spec 000 §2 /billing/cancel (from=account): benefits, then confirm, then cancelled, with the way back
test('the account cancel flow ends the subscription at the period end and can undo it', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same pages on mobile; run once');
  const user = await newUser(request, testInfo, 'leaver');
  await signIn(page, user, { path: '/pricing' });
  await page.getByTestId('plan-card-platinum').getByRole('button', { name: 'Choose Platinum' }).click();
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Platinum!' })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to cancel' }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription cancelled' })).toBeVisible();
  await expect(page.getByTestId('access-until')).toHaveText(/^You keep access until \w+ \d{1,2}, \d{4}\.$/);
  await page.getByRole('button', { name: 'Keep my subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription continues' })).toBeVisible();
});

// After cancelling, /account offers to resume rather than to cancel again, and the security log calls the
// cancellation one, with the access it keeps
test('a cancelled subscription is resumed from /account, and the security log says what happened', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same pages on mobile; run once');
  const user = await newUser(request, testInfo, 'resumer');
  await signIn(page, user, { path: '/pricing' });
  await page.getByTestId('plan-card-gold').getByRole('button', { name: 'Choose Gold' }).click();
  await page.getByRole('button', { name: 'Pay $10' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Gold!' })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('link', { name: 'Cancel subscription' }).click();
  await page.getByRole('button', { name: 'Continue to cancel' }).click();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription cancelled' })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByText(/^Subscription cancelled \(access until \w+ \d{1,2}, \d{4}\)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel subscription' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByRole('link', { name: 'Cancel subscription' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Subscription resumed', { exact: true })).toBeVisible();
});

// spec 000 §2 /billing/cancel without from: leaving checkout changes nothing
test('leaving the local checkout lands on "Checkout Cancelled" with the plan unchanged', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same pages on mobile; run once');
  const user = await newUser(request, testInfo, 'browser');
  await signIn(page, user, { path: '/pricing' });
  await page.getByTestId('plan-card-gold').getByRole('button', { name: 'Choose Gold' }).click();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout Cancelled' })).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
});
