import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { deleteKeysWithPrefix } from '@oddspulse/core';

const prefix = `${process.env.REDIS_PREFIX}-site`;

// spec 000 §2 social links, configured by SOCIAL_LINKS, and the free quota (DECISIONS 2), served to the client.
describe('GET /api/site', () => {
  let t: AccountsTestApp;

  afterEach(async () => {
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('serves the configured social links', async () => {
    t = await createAccountsApp({
      REDIS_PREFIX: prefix,
      SOCIAL_LINKS: [{ label: 'X', url: 'https://x.com/oddspulse' }],
      FREE_MONTHLY_QUOTA: 400,
    });
    const res = await t.http().get('/api/site');
    expect([res.status, res.body]).toEqual([
      200,
      { social_links: [{ label: 'X', url: 'https://x.com/oddspulse' }], free_monthly_quota: 400 },
    ]);
  });

  it('serves none when none are configured', async () => {
    t = await createAccountsApp({ REDIS_PREFIX: prefix, SOCIAL_LINKS: [] });
    expect((await t.http().get('/api/site')).body).toMatchObject({ social_links: [] });
  });
});
