import { expect, type Page, type TestInfo } from '@playwright/test';

export const DEMO_PASSWORD = 'oddspulse-demo';

export function isMobile(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'mobile';
}

/** A fresh address per test and project, so runs and projects never collide. */
export function uniqueEmail(testInfo: TestInfo, tag: string): string {
  return `${tag}-${testInfo.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@e2e.local`;
}

export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

/** Opens the user menu: the avatar dropdown on desktop, the hamburger menu on mobile. */
export async function openUserMenu(page: Page, testInfo: TestInfo) {
  if (isMobile(testInfo)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile menu' });
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  // The dropdown: the email and plan as its heading, then the menu itself.
  const panel = page.getByTestId('user-menu-panel');
  await expect(panel.getByRole('menu', { name: 'Account' })).toBeVisible();
  return panel;
}
