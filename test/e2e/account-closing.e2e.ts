import { expect, test } from '@playwright/test';
import { AccountMessages } from '@oddspulse/shared';
import { isMobile } from './support/accounts';
import { bearer, signIn, subscribedUser, USER_PASSWORD } from './support/users';

// The privacy policy described closing an account that could not be closed (spec 000 §2 legal pages)
test('a Gold user closes the account from Account → Security with the password, and is signed out everywhere', async ({
  page,
  request,
}, testInfo) => {
  test.skip(isMobile(testInfo), 'the same dialog on mobile; run once');
  const user = await subscribedUser(request, testInfo, 'closing', 'gold');
  await signIn(page, user, { path: '/account' });

  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Close account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(dialog).toContainText('cancelled at the end of the period you paid for');
  const password = dialog.getByLabel('Enter your password to confirm');

  // a wrong password leaves the account open
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(AccountMessages.closePasswordWrong);
  await expect(page).toHaveURL(/\/account$/);
  await dialog.screenshot({ path: testInfo.outputPath('close-account-dialog.png') });
  expect((await request.get('/api/me', { headers: bearer(user) })).status()).toBe(200);

  await password.fill(USER_PASSWORD);
  await dialog.getByRole('button', { name: 'Close my account' }).click();
  await expect(page).toHaveURL(/\/login\?account_closed=true$/);
  await expect(page.getByRole('status').filter({ hasText: AccountMessages.accountClosed })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-closed.png') });

  // every session ended (the API's own, from sign-up, too), and the address signs in no more
  expect((await request.get('/api/me', { headers: bearer(user) })).status()).toBe(401);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: USER_PASSWORD } });
  expect(((await login.json()) as { message: string }).message).toBe(AccountMessages.invalidCredentials);

  // the privacy page says what closing does and which IP addresses the activity log keeps
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'IP addresses' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Close your account on the Account page, under Security');
});
