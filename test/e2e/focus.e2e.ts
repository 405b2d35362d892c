import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { newUser, signIn, subscribedUser } from './support/users';

// The dropdowns ignored Escape.
test('a multi-select dropdown takes the focus, closes on Escape and gives the focus back', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'on mobile the dropdown is a bottom sheet, which has its own Escape');
  await signIn(page, await newUser(request, testInfo, 'dropdown'), { path: '/dfs' });
  const trigger = page.getByRole('button', { name: 'DFS apps' });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: 'DFS apps' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
});

// Spec 001 §2: the date picker's Select Dates sheet takes the focus, closes on Escape and
// gives the focus back to its trigger
test('the date picker takes the focus, closes on Escape and gives the focus back to its trigger', async ({
  page,
  request,
}, testInfo) => {
  test.skip(!isMobile(testInfo), 'on desktop the date picker is a native select, whose Escape is the browser’s');
  await signIn(page, await newUser(request, testInfo, 'datepick'), { path: '/dfs' });
  const trigger = page.getByRole('button', { name: /^Date / });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Select Dates' });
  await expect(sheet).toBeVisible();
  await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(trigger).toBeFocused();
});

// The bet slip opened from the keyboard left the focus on the page and ignored Escape
test('the bet slip opened from its button by keyboard takes the focus, closes on Escape and gives it back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await signIn(page, await subscribedUser(request, testInfo, 'slipfocus', 'gold'), { path: '/sportsbooks' });
  await expect(page.getByTestId('odds-row').first()).toBeVisible({ timeout: 30_000 });
  // on a phone the bottom bar's slip button (loaded after the page) takes over from the page's own, which is hidden
  // then and drops the focus: the button to press is the bar's
  const toggle = isMobile(testInfo)
    ? page.getByRole('navigation', { name: 'Bottom' }).getByRole('button', { name: /^Open bet slip/ })
    : page.getByRole('button', { name: /^Open bet slip/ });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const slip = page.getByRole('complementary', { name: 'Bet slip' });
  await expect(slip).toBeVisible();
  await expect(slip).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(slip).toBeHidden();
  await expect(toggle).toBeFocused();
});

// High-contrast mode made primary buttons white on light purple.
test('high-contrast mode writes primary buttons in black on their light purple', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same styles on mobile; run once');
  await page.goto('/pricing');
  await page.evaluate(() => document.documentElement.classList.add('high-contrast'));
  const primary = page.locator('.button.primary').first();
  await expect(primary).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(primary).toHaveCSS('background-color', 'rgb(196, 181, 253)');
});

// The fixed sign-up prompt covered the end of the page.
test('the fixed sign-up prompt leaves the end of the page readable', async ({ page }) => {
  await page.goto('/');
  const prompt = page.getByTestId('signup-prompt');
  await expect(prompt).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const note = page.locator('.footer-note');
  await expect(note).toBeVisible();
  const [noteBox, promptBox] = await Promise.all([note.boundingBox(), prompt.boundingBox()]);
  expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(promptBox!.y);
});
