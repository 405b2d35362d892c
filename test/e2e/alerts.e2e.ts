import { expect, test } from '@playwright/test';
import { WebhookReceiver } from '../support/alert-receivers';
import { openUserMenu } from './support/accounts';
import { signIn, signInAsNewUser, subscribedUser } from './support/users';

// A Platinum user creates a webhook rule and sees a delivery recorded when the simulator
// produces an arbitrage; the receiver (a local server this test starts) checks it with the Standard Webhooks verifier.
test('a Platinum user creates a webhook alert and sees its delivery when the simulator finds an arbitrage', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const receiver = new WebhookReceiver();
  const url = await receiver.start('/discord-like');
  try {
    // a fresh Platinum account: the signing secret is shown with a user's first webhook rule only. Its books are every
    // book it may choose, which a new rule starts from (DECISIONS 36), so the simulator's arbitrage comes soon.
    await signIn(page, await subscribedUser(request, testInfo, 'alerts', 'platinum'), { books: 'all' });
    const menu = await openUserMenu(page, testInfo);
    await menu.getByRole('menuitem', { name: 'Alerts' }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts');

    const form = page.getByRole('form', { name: 'New alert' });
    await form.getByLabel('Kind').selectOption('arbitrage');
    await form.getByLabel('Minimum profit (%)').fill('0');
    await form.getByLabel(/Webhook URL/).fill(url);
    await form.getByRole('button', { name: 'Create alert' }).click();

    const secretCard = page.getByTestId('alert-secret');
    await expect(secretCard).toContainText('it will not be shown again');
    const secret = ((await secretCard.locator('code.secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await secretCard.getByRole('button', { name: 'Done' }).click();

    const rule = page.getByTestId('alert-rule').filter({ hasText: url });
    await expect(rule.getByTestId('alert-rule-summary')).toContainText('Arbitrage ≥ 0%');
    await rule.getByRole('button', { name: 'Deliveries' }).click();
    // The simulator's arbitrages come and go at random: alone the first is delivered within a minute, but under a full
    // suite's load one clean-clone run saw it 2 minutes after the rule was made.
    await expect(async () => {
      await rule.getByRole('button', { name: 'Refresh' }).click();
      await expect(rule.getByTestId('alert-delivery-status').filter({ hasText: 'sent' }).first()).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 240_000, intervals: [2000] });

    expect(receiver.received.length).toBeGreaterThan(0);
    const first = receiver.received[0];
    expect(WebhookReceiver.verifies(first, secret)).toBe(true);
    const body = JSON.parse(first.body.toString('utf8'));
    expect(body.content).toMatch(/^Arbitrage /);
    expect(body.text).toBe(body.content);
    await expect(rule.getByTestId('alert-delivery').first().getByRole('link')).toHaveAttribute(
      'href',
      /\/sportsbooks\?mode=arbitrage/,
    );

    // A lost or leaked secret is replaced, after a warning; the new one is shown once and differs.
    const replace = page.getByTestId('webhook-secret-replace');
    await replace.getByRole('button', { name: 'Replace webhook signing secret' }).click();
    await expect(replace.getByRole('alert')).toContainText(
      'and with the current one too for 24 hours: update your receivers within that time',
    );
    await replace.getByRole('button', { name: 'Replace secret' }).click();
    const fresh = ((await page.getByTestId('alert-secret').locator('code.secret').textContent()) ?? '').trim();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
  } finally {
    await receiver.stop();
  }
});

test('a free user sees the alerts page with an upgrade prompt', async ({ page, request }, testInfo) => {
  await signInAsNewUser(page, request, testInfo, 'free', { path: '/alerts' });
  await expect(page.getByTestId('alerts-upgrade')).toContainText('Alerts come with a paid plan');
  await expect(page.getByRole('form', { name: 'New alert' })).toHaveCount(0);
});
