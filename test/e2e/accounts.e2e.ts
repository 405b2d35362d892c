import { expect, test } from '@playwright/test';
import { devOutbox, openUserMenu, signInThroughForm, uniqueEmail, verificationToken } from './support/accounts';
import { newUser, signIn, signInWithForm, subscribedUser, userOnPlan } from './support/users';

// spec 000 §2 login/signup, §4 username check and sign out; DECISIONS 6 username rule
test('a new user signs up, is refused a taken username, sets one, and signs out', async ({
  page,
  request,
}, testInfo) => {
  const takenName = `taken_${Date.now().toString(36)}${testInfo.project.name.charAt(0)}`;
  const owner = await request.post('/api/auth/signup', {
    data: { email: uniqueEmail(testInfo, 'owner'), password: 'Sturdy-pass-42', username: takenName },
  });
  expect(owner.ok()).toBe(true);

  const email = uniqueEmail(testInfo, 'signup');
  await page.goto('/signup');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Sturdy-pass-42');
  await page.getByRole('button', { name: 'Create account' }).click();

  const modal = page.getByTestId('username-setup');
  await expect(modal).toBeVisible();
  const field = modal.getByLabel('Username');
  await field.fill('_bad');
  await expect(modal.getByTestId('username-status')).toHaveText('Use 3–20 letters, numbers, _ (no leading/trailing _)');
  await field.fill(takenName.toUpperCase());
  await expect(modal.getByTestId('username-status')).toHaveText('Already taken');
  await expect(modal.getByRole('button', { name: 'Save username' })).toBeDisabled();

  const name = `me_${Date.now().toString(36)}${testInfo.project.name.charAt(0)}`;
  await field.fill(name);
  await expect(modal.getByTestId('username-status')).toHaveText('Available');
  await modal.getByRole('button', { name: 'Save username' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}'s Dashboard`);
  await expect(page.getByTestId('dashboard-badge')).toHaveText('Free');

  await page.goto('/account');
  await expect(page.getByTestId('account-username')).toHaveText(name);
  await expect(page.getByText('Username is locked and cannot be changed.')).toBeVisible();
  await expect(page.getByText('Version 1.01.0')).toBeVisible();

  const menu = await openUserMenu(page, testInfo);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'You have been signed out successfully' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get started free' })).toBeVisible();

  // The session is gone on the server too (global sign-out): signing in again works, the old state does not linger.
  await signInThroughForm(page, email, 'Sturdy-pass-42');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name}'s Dashboard`);
});

test('the account page refuses a taken username with the spec message', async ({ page, request }, testInfo) => {
  const takenName = `held_${Date.now().toString(36)}${testInfo.project.name.charAt(0)}`;
  expect(
    (
      await request.post('/api/auth/signup', {
        data: { email: uniqueEmail(testInfo, 'holder'), password: 'Sturdy-pass-42', username: takenName },
      })
    ).ok(),
  ).toBe(true);
  const email = uniqueEmail(testInfo, 'acct');
  expect((await request.post('/api/auth/signup', { data: { email, password: 'Sturdy-pass-42' } })).ok()).toBe(true);

  await signInThroughForm(page, email, 'Sturdy-pass-42');
  await page.getByTestId('username-setup').getByRole('button', { name: 'Not now' }).click();
  await page.goto('/account');
  const input = page.getByRole('textbox', { name: 'Username' });
  await input.fill(takenName.toLowerCase());
  await expect(page.getByTestId('username-status')).toHaveText('Already taken');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
});

test('wrong credentials and empty fields get the spec messages', async ({ page, request }, testInfo) => {
  // a fresh account: a failed attempt counts against its address's sign-in limit, which a demo account must not spend
  const user = await newUser(request, testInfo, 'wrongpass');
  await page.goto('/login');
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter both email and password.');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

// Keyboard navigation: the login / sign-up tabs follow the WAI-ARIA tabs pattern.
test('the login and sign-up tabs move and select with the arrow keys, Home and End', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('tab', { name: 'Log in' });
  const signup = page.getByRole('tab', { name: 'Sign up' });
  await expect(signup).toHaveAttribute('tabindex', '-1');
  await login.focus();
  await page.keyboard.press('ArrowRight');
  await expect(signup).toBeFocused();
  await expect(signup).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('tabpanel', { name: 'Sign up' })).toContainText('Username (optional)');
  await page.keyboard.press('Home');
  await expect(login).toBeFocused();
  await expect(login).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await page.keyboard.press('ArrowLeft');
  await expect(signup).toBeFocused();
  await page.keyboard.press('End');
  await expect(signup).toHaveAttribute('aria-selected', 'true');
});

// spec 000 §2 account page links (/login): the reset form of /account, reached signed out, leads back to sign in.
test('the reset-password form on /account leads back to the login page', async ({ page }) => {
  await page.goto('/account?reset_token=not-a-real-token');
  await page.getByLabel('New password').fill('Another-pass-77');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
});

const PLANS = [
  { plan: 'free', badge: 'Free', name: 'Free Plan', upgrade: true },
  { plan: 'gold', badge: 'Gold', name: 'Gold Plan', upgrade: true },
  { plan: 'platinum', badge: 'Platinum', name: 'Platinum Plan', upgrade: false },
] as const;

for (const account of PLANS) {
  // spec 000 §2 navbar plan badge and user menu; the dashboard badge says the same one name (not GUEST)
  test(`signing in on ${account.name} shows the ${account.badge} badge and menu`, async ({
    page,
    request,
  }, testInfo) => {
    const user = await userOnPlan(request, testInfo, account.plan);
    await signInWithForm(page, user);
    await expect(page.getByTestId('plan-badge')).toHaveText(account.badge);
    await expect(page.getByTestId('dashboard-badge')).toHaveText(account.badge);
    await expect(page.getByRole('heading', { level: 1 })).toContainText("'s Dashboard");

    const menu = await openUserMenu(page, testInfo);
    await expect(menu.getByTestId('user-menu-email')).toHaveText(user.email);
    await expect(menu.getByTestId('user-menu-plan')).toHaveText(account.name);
    for (const item of ['My Sportsbooks', 'Account Settings', 'Subscription', 'Sign Out'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Upgrade to Platinum' })).toHaveCount(account.upgrade ? 1 : 0);
  });
}

// DECISIONS 7: in demo mode the login page offers the seeded accounts the server reports.
test('the login page lists the demo accounts the server reports', async ({ page }) => {
  await page.goto('/login');
  const demo = page.getByTestId('demo-accounts');
  for (const email of ['free@demo.local', 'gold@demo.local', 'platinum@demo.local'])
    await expect(demo.getByRole('button', { name: email })).toBeVisible();
  await demo.getByRole('button', { name: 'gold@demo.local' }).click();
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('plan-badge')).toHaveText('Gold');
});

// spec 000 §2 account security, §8 "Reset link sent! Check your inbox."; the mail links to /account?reset_token=
test('a password reset requested on the account page sets a new password from the mailed link', async ({
  page,
  browser,
  request,
}, testInfo) => {
  // Argon2 three times (sign-up, sign-in, the new password), zxcvbn twice and a second browser context: on a
  // busy machine an ordinary test's budget runs out before the last answer.
  test.slow();
  const email = uniqueEmail(testInfo, 'reset');
  expect(
    (
      await request.post('/api/auth/signup', {
        data: {
          email,
          password: 'Sturdy-pass-42',
          username: `rs_${Date.now().toString(36)}${testInfo.project.name.charAt(0)}`,
        },
      })
    ).ok(),
  ).toBe(true);
  await signInThroughForm(page, email, 'Sturdy-pass-42');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Reset link sent! Check your inbox.')).toBeVisible();

  // the mail goes out after the answer (the answer's time must not tell who has an account)
  let token: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await devOutbox(request);
      token = /reset_token=([\w%-]+)/.exec(outbox.find((m) => m.to === email)?.text ?? '')?.[1];
      return token;
    })
    .toBeTruthy();

  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const fresh = await context.newPage();
  await fresh.goto(`/account?reset_token=${token}`);
  await fresh.getByLabel('New password').fill('Another-pass-77');
  await fresh.getByRole('button', { name: 'Save new password' }).click();
  await expect(fresh).toHaveURL(/\/account$/);
  await expect(fresh.getByTestId('account-email')).toHaveText(email);
  await context.close();
});

// Premium support, sold with Platinum: /contact mails the support address, priority, with an acknowledgement
test('a Platinum user sends a support request that is mailed to support marked priority and acknowledged', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same form on mobile; run once');
  // a fresh Platinum account with its address verified (only then is anything but the link mailed to it)
  const platinum = await subscribedUser(request, testInfo, 'support', 'platinum');
  const token = await verificationToken(request, platinum.email);
  expect((await request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signIn(page, platinum, { path: '/contact' });
  await expect(page.getByTestId('support-priority')).toBeVisible();
  const subject = `Odds stuck ${Date.now().toString(36)}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('The NBA board has not moved for ten minutes.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('support-sent')).toContainText('marked priority for Platinum');

  const outbox = await devOutbox(request);
  expect(
    outbox.find((m) => m.to === 'support@oddspulse.local' && m.subject === `[Priority] [platinum] ${subject}`)?.replyTo,
  ).toBe(platinum.email);
  // the acknowledgement is in the product's words only: what the user wrote is never mailed back
  const acknowledgement = outbox.find(
    (m) => m.to === platinum.email && m.subject === 'We received your support request',
  );
  expect(acknowledgement?.text).toContain('marked priority as part of your Platinum plan');
  expect(acknowledgement?.text).not.toContain('NBA board');
});

// Sign-up mails a link that verifies the address; until then the shell says so and sends the link again on request
test('a new account is told to verify its address, gets the link again, and follows it', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the same notice on mobile; run once');
  const user = await newUser(request, testInfo, 'verify');
  await signIn(page, user, { path: '/picks' });
  const notice = page.getByTestId('verify-email-notice');
  await expect(notice).toContainText(`we sent a link to ${user.email}`);
  await notice.getByRole('button', { name: 'Resend the link' }).click();
  await expect(notice).toContainText('Verification link sent! Check your inbox.');

  await page.goto(`/account?verify_token=${encodeURIComponent(await verificationToken(request, user.email))}`);
  await expect(page.getByTestId('email-verification')).toHaveText('Your email address is verified.');
  await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('verify-email-notice')).toHaveCount(0);
});
