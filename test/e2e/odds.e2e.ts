import { expect, test, type Page } from '@playwright/test';
import { isMobile, signInThroughForm } from './support/accounts';

/** Signs in and waits until the app has the session (the login page navigates away). */
async function signIn(page: Page, email: string) {
  await signInThroughForm(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Shows every book's rows and opportunities (the default is the four major books): a test-only shortcut to the saved filters. */
async function allBooks(page: Page) {
  await page.evaluate(() => window.localStorage.setItem('oddspulse.oddsFilters', JSON.stringify({ books: [] })));
}

// spec 001 §5 arbitrage, DECISIONS 12, issue 8: opportunities arrive and change live, each leg with its age
test('a Platinum user watches arbitrage opportunities arrive and change without reloading, with every leg aged', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the scanner feed is the same on mobile; run once');
  test.setTimeout(120_000);
  await signIn(page, 'platinum@demo.local');
  await allBooks(page);
  await page.goto('/sportsbooks?mode=arbitrage');
  await expect(page.getByRole('heading', { name: 'Odds: Arbitrage' })).toBeVisible();
  await page.getByLabel('Minimum profit %').fill('0.1');
  const cards = page.getByTestId('opportunity');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

  // New or updated opportunities come only over the socket.
  const live = page.locator('[data-testid=opportunity][data-status=new], [data-testid=opportunity][data-status=updated]');
  await expect(live.first()).toBeVisible({ timeout: 90_000 });
  expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);

  const card = cards.first();
  const legs = card.getByTestId('leg');
  expect(await legs.count()).toBeGreaterThanOrEqual(2);
  for (const age of await card.getByTestId('leg-age').allTextContents()) expect(age).toMatch(/^\d+[smh]$/);
  await expect(card.getByRole('columnheader', { name: 'Stake' })).toBeVisible();

  // Execute puts every leg on the bet slip with its stake (DECISIONS 12).
  await card.getByRole('button', { name: 'Execute' }).click();
  const slip = page.getByTestId('bet-slip');
  await expect(slip).toBeVisible();
  expect(await slip.getByTestId('slip-item').count()).toBe(await legs.count());
});

// spec 001 §2: non-Platinum users meet the premium panel and disabled nav entries
test('a Gold user meets the arbitrage premium panel and the Platinum-only nav entries', async ({ page }, testInfo) => {
  await signIn(page, 'gold@demo.local');
  await page.goto('/sportsbooks?mode=arbitrage');
  const panel = page.getByTestId('premium-panel');
  await expect(panel.getByRole('heading', { name: 'Arbitrage Detection - Premium Feature' })).toBeVisible();
  await expect(page).toHaveURL(/\/sportsbooks$/);
  if (!isMobile(testInfo)) {
    const nav = page.getByRole('tablist', { name: 'Odds sections' });
    await expect(nav.getByRole('tab', { name: 'Arbitrage' })).toBeDisabled();
    await expect(nav.getByRole('tab', { name: 'Middles' })).toHaveAttribute('title', 'Requires Platinum Plan');
  }
  await panel.getByRole('link', { name: 'Upgrade to Platinum' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

// DECISIONS 15, spec 001 §4: a price flashes green up or red down for 900 ms when it changes
test('a pushed price change flashes in the odds table', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'flashes are the same on the mobile cards; run once');
  test.setTimeout(90_000);
  await signIn(page, 'gold@demo.local');
  await allBooks(page);
  await page.goto('/sportsbooks');
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  const flash = page.locator('.price[data-flash]');
  await expect(flash.first()).toBeVisible({ timeout: 60_000 });
  expect(await flash.first().getAttribute('class')).toMatch(/flash-(up|down)/);
});

// spec 001 §4: filter edits are drafts until Apply; Reset restores the defaults
test('filters apply only on Apply', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the mobile sheet has its own test');
  test.setTimeout(60_000);
  await signIn(page, 'platinum@demo.local');
  await page.goto('/sportsbooks');
  const rows = page.getByTestId('odds-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByLabel('Minimum EV %').fill('1000');
  await expect(filters.getByText('Changes not applied yet')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(rows.first()).toBeVisible();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(filters.getByRole('button', { name: 'Applying...' })).toBeVisible();
  await expect(page.getByTestId('odds-empty').getByRole('heading', { name: 'No Bets Available' })).toBeVisible();
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('odds-empty')).toBeVisible();
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
});

/** The signed-in user's picks, read through the API with the page's own session. */
async function savedPicks(page: Page): Promise<Array<{ selection: string; status: string; stakeCents: number; game: string }>> {
  return page.evaluate(async () => {
    const raw = window.localStorage.getItem('oddspulse.auth.session') ?? window.sessionStorage.getItem('oddspulse.auth.session');
    const token = raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
    const response = await fetch('/api/picks?period=7d', { headers: { Authorization: `Bearer ${token}` } });
    return response.json();
  });
}

// spec 001 §5 bankroll and bet sizing (the engine's messages, verbatim), §4 placing saves pending picks and goes to /picks
test('the bet slip shows the spec validation messages and places bets into picks', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page, isMobile(testInfo) ? 'gold@demo.local' : 'platinum@demo.local');
  await page.goto('/sportsbooks');
  const row = page.getByTestId('odds-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  // Live prices re-sort the table under the pointer; a Platinum user pauses the stream to pick a bet (DECISIONS 14).
  if (!isMobile(testInfo)) {
    await page.getByTestId('live-toggle').click();
    await expect(page.getByTestId('live-toggle')).toHaveAttribute('aria-pressed', 'false');
  }
  await row.click();
  await page.getByRole('button', { name: 'Add to Bet Slip' }).first().click();
  await expect(page.getByRole('button', { name: 'Added!' }).first()).toBeVisible();
  const slip = page.getByTestId('bet-slip');
  await expect(slip).toBeVisible();
  const selection = (await slip.getByTestId('slip-item').locator('strong').textContent())!;
  const stake = slip.getByRole('spinbutton', { name: /Stake for/ });
  await stake.fill('0.5');
  await expect(slip.getByTestId('slip-messages')).toContainText('Minimum bet is $1');
  await stake.fill('600');
  // the demo account's bankroll is the default $1,000 (DECISIONS 16): 20 % is $200, 50 % is $500
  await expect(slip.getByTestId('slip-messages')).toContainText('Exceeds 20% of bankroll ($200.00)');
  await expect(slip.getByTestId('slip-messages')).toContainText('Total exposure exceeds 50% of bankroll');
  await expect(slip.getByRole('button', { name: 'Place Bets' })).toBeDisabled();
  await expect(slip.getByRole('tab', { name: 'Parlay' })).toBeDisabled();

  await stake.fill('10');
  await expect(slip.getByTestId('slip-messages')).toHaveCount(0);
  await expect(slip.getByTestId('slip-total')).toHaveText('$10.00');
  await slip.getByRole('button', { name: 'Place Bets' }).click();
  await expect(page).toHaveURL(/\/picks$/);
  const picks = await savedPicks(page);
  expect(picks.some((p) => p.selection === selection && p.status === 'pending' && p.stakeCents === 1000)).toBe(true);
});

// spec 001 §4: Add to My Picks saves a pending pick; the same pick again says 'Already Added'
test('Add to My Picks saves a pending pick once', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'same button on mobile; run once');
  test.setTimeout(60_000);
  await signIn(page, 'gold@demo.local');
  await page.goto('/sportsbooks');
  const row = page.getByTestId('odds-row').nth(1);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  const add = page.getByRole('button', { name: 'Add to My Picks' }).first();
  await add.click();
  await expect(page.getByRole('button', { name: '✓ Added' })).toBeVisible();
  await page.reload();
  await page.getByTestId('odds-row').nth(1).click();
  await expect(page.getByRole('button', { name: 'Already Added' }).first()).toBeVisible();
});

// spec 001 §2 mobile filters bottom sheet: Escape, backdrop, a swipe of more than 90 px
test('at 375 px the filters open in a bottom sheet that closes on Escape, backdrop and swipe', async ({ page }, testInfo) => {
  test.skip(!isMobile(testInfo), 'mobile only');
  test.setTimeout(60_000);
  await signIn(page, 'gold@demo.local');
  await page.goto('/sportsbooks');
  // the sheet belongs to the odds section, which mounts once the plan and the first load are in
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  const open = () => page.getByTestId('bottom-bar').getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });

  await open();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Apply' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await open();
  await expect(sheet).toBeVisible();
  await page.getByTestId('sheet-backdrop').click({ position: { x: 10, y: 10 } });
  await expect(sheet).toBeHidden();

  await open();
  await expect(sheet).toBeVisible();
  const handle = page.getByTestId('sheet-handle');
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const touch = (type: string, clientY: number) =>
    handle.dispatchEvent(type, { touches: type === 'touchend' ? [] : [{ identifier: 1, clientX: x, clientY }], changedTouches: [{ identifier: 1, clientX: x, clientY }] });
  // a short swipe keeps it open
  await touch('touchstart', y);
  await touch('touchmove', y + 40);
  await touch('touchend', y + 40);
  await page.waitForTimeout(700);
  await expect(sheet).toBeVisible();
  await touch('touchstart', y);
  await touch('touchmove', y + 120);
  await touch('touchend', y + 120);
  await expect(sheet).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
