import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { newUser, signIn } from './support/users';

// Issue 22 (minor, focus): the dropdowns ignored Escape.
test('a multi-select dropdown takes the focus, closes on Escape and gives the focus back', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'on mobile the dropdown is a bottom sheet, which has its own Escape');
  await signIn(page, await newUser(request, testInfo, 'dropdown'));
  await page.goto('/dfs');
  const trigger = page.getByRole('button', { name: 'DFS apps' });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: 'DFS apps' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();
});

// Issue 22 (minor, focus): high-contrast mode made primary buttons white on light purple.
test('high-contrast mode writes primary buttons in black on their light purple', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same styles on mobile; run once');
  await page.goto('/pricing');
  await page.evaluate(() => document.documentElement.classList.add('high-contrast'));
  const primary = page.locator('.button.primary').first();
  await expect(primary).toHaveCSS('color', 'rgb(0, 0, 0)');
  await expect(primary).toHaveCSS('background-color', 'rgb(196, 181, 253)');
});

// Issue 22 (minor): the fixed sign-up prompt covered the end of the page.
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
