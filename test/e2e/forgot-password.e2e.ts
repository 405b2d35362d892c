import { expect, test } from '@playwright/test';
import { devOutbox as outbox, uniqueEmail } from './support/accounts';
import { newUser, USER_PASSWORD } from './support/users';

const SENT = 'Reset link sent! Check your inbox.';

// A way back in after a forgotten password: /login and /signup lead to "Forgot password?", which sends the Account page's
// reset mail through the same route, answers the same whether or not the address has an account, and keeps its limits
test('a forgotten password is reset from the sign-in page, by the same mail and limits as the Account page', async ({
  page,
  request,
}, testInfo) => {
  // Argon2 for the sign-up and the new password, and the reset mail going out after the answer
  test.slow();
  const user = await newUser(request, testInfo, 'forgot');

  // /signup leads there too
  await page.goto('/signup');
  await page.getByRole('link', { name: 'Reset it' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // from the sign-in form, with the address already typed
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page).toHaveTitle('Reset your password · OddsPulse');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  // nothing wider than the screen, on a phone too
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(SENT);

  let token: string | undefined;
  await expect
    .poll(async () => {
      token = /reset_token=([\w%-]+)/.exec((await outbox(request)).find((m) => m.to === user.email)?.text ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  await page.goto(`/account?reset_token=${token}`);
  await page.getByLabel('New password').fill('Another-pass-77');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-email')).toHaveText(user.email);
  // the old password no longer signs in, the new one does
  expect((await request.post('/api/auth/login', { data: { email: user.email, password: USER_PASSWORD } })).ok()).toBe(
    false,
  );

  // an address without an account hears the same answer, and no mail goes out
  const nobody = uniqueEmail(testInfo, 'nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(SENT);
  // the same limits: three requests an hour per address (RATE_LIMIT_RESET_EMAIL_MAX), then the server's refusal
  for (let i = 0; i < 2; i++) {
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-link-sent')).toContainText(SENT);
  }
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many requests. Please wait before trying again.');
  await expect(page.getByTestId('reset-link-sent')).toHaveCount(0);
  expect((await outbox(request)).filter((m) => m.to === nobody)).toEqual([]);

  // a malformed address is refused in the server's words
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
});
