import { expect, test } from '@playwright/test';
import { Client } from 'pg';
import { signInThroughForm, uniqueEmail } from './support/accounts';

/**
 * A gift is a plan state (Platinum, is_gifted, an end date) that the billing work writes; until it exists
 * the test writes that row itself, straight into the stack's database, and the client reads it through
 * the real /api/me.
 */
async function giftPlatinum(email: string, until: Date) {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO plan_states (user_id, plan, status, is_gifted, current_period_end)
       SELECT id, 'platinum', 'active', true, $2 FROM users WHERE email = $1
       ON CONFLICT (user_id) DO UPDATE SET plan = 'platinum', status = 'active', is_gifted = true, current_period_end = $2`,
      [email, until],
    );
  } finally {
    await db.end();
  }
}

// spec 000 §4 gift notification: once per user, Platinum for 1 month, with the active-until date
test('a gifted Platinum user sees the gift notification once', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'gift');
  expect((await request.post('/api/auth/signup', { data: { email, password: 'Sturdy-pass-42', username: `gift_${Date.now().toString(36)}${testInfo.project.name.charAt(0)}` } })).ok()).toBe(true);
  await giftPlatinum(email, new Date('2030-03-15T12:00:00Z'));

  await signInThroughForm(page, email, 'Sturdy-pass-42');
  await expect(page.getByTestId('dashboard-badge')).toHaveText('PLATINUM');
  const gift = page.getByTestId('gift-notification');
  await expect(gift).toContainText("You've been gifted Platinum for 1 month! Active until March 15, 2030.");
  await gift.getByRole('button', { name: 'Dismiss' }).click();
  await expect(gift).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('dashboard-badge')).toHaveText('PLATINUM');
  await expect(page.getByTestId('gift-notification')).toBeHidden();
});
