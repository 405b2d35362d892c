import { expect, test } from '@playwright/test';
import { isMobile } from './support/accounts';
import { newUser, signIn, USER_PASSWORD } from './support/users';

// The security activity on /account showed "::ffff:127.0.0.1" and grew without paging (34 entries, 1,190 px)
test('the security activity shows IPv4 addresses as such, ten entries a page', async ({ page, request }, testInfo) => {
  test.skip(isMobile(testInfo), 'the same list on mobile; run once');
  test.slow();
  const user = await newUser(request, testInfo, 'activity');
  // the sign-up and thirteen sign-ins: fourteen entries, two pages
  for (let i = 0; i < 13; i++)
    expect((await request.post('/api/auth/login', { data: { email: user.email, password: USER_PASSWORD } })).ok()).toBe(
      true,
    );
  await signIn(page, user, { path: '/account' });
  const list = page.getByTestId('security-activity');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  // the browsers of the suite come from the loopback's IPv4 address
  await expect(list.getByRole('listitem').first()).toContainText('· 127.0.0.1');
  await expect(list).not.toContainText('::ffff:');
  const pager = page.getByRole('navigation', { name: 'Security activity pages' });
  await expect(pager.getByTestId('security-activity-range')).toHaveText('1–10');
  await expect(pager.getByRole('button', { name: 'Newer' })).toBeDisabled();
  const firstPage = await list.getByRole('listitem').allTextContents();
  expect(firstPage.at(-1)).not.toContain('Account created');

  await pager.getByRole('button', { name: 'Older' }).click();
  // the sign-in of this page's own visit makes a fifteenth entry
  await expect(pager.getByTestId('security-activity-range')).toHaveText(/^11–1[45]$/);
  await expect(list.getByRole('listitem').last()).toContainText('Account created');
  await expect(pager.getByRole('button', { name: 'Older' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Newer' }).click();
  await expect(list.getByRole('listitem')).toHaveText(firstPage);
  expect((await list.boundingBox())!.height).toBeLessThan(600);
});
