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
      {
        social_links: [{ label: 'X', url: 'https://x.com/oddspulse' }],
        free_monthly_quota: 400,
        simulated: { odds: true, scores: true },
      },
    ]);
  });

  it('serves none when none are configured', async () => {
    t = await createAccountsApp({ REDIS_PREFIX: prefix, SOCIAL_LINKS: [] });
    expect((await t.http().get('/api/site')).body).toMatchObject({ social_links: [] });
  });

  // The simulator is the default everywhere, production's compose file included: a bettor must be told the numbers are
  // not real prices or results.
  it.each([
    ['the simulator for both, the default', {}, { odds: true, scores: true }],
    [
      'The Odds API and ESPN',
      { ODDS_PROVIDER: 'theoddsapi', ODDS_API_KEY: 'key', SCORES_PROVIDER: 'espn' },
      { odds: false, scores: false },
    ],
    [
      "the odds stream at the simulator's stream, its default",
      { ODDS_PROVIDER: 'stream', SCORES_PROVIDER: 'espn' },
      { odds: true, scores: false },
    ],
    [
      "a provider's odds stream",
      { ODDS_PROVIDER: 'stream', ODDS_STREAM_URL: 'https://api.opticodds.com/api/v3', SCORES_PROVIDER: 'espn' },
      { odds: false, scores: false },
    ],
  ] as const)('says which feeds are simulated: %s', async (_, feeds, simulated) => {
    t = await createAccountsApp({
      REDIS_PREFIX: prefix,
      ODDS_PROVIDER: 'simulator',
      SCORES_PROVIDER: 'simulator',
      ODDS_STREAM_URL: 'http://127.0.0.1:3100/api/v3',
      SIMULATOR_STREAM_PORT: 3100,
      ...feeds,
    });
    expect((await t.http().get('/api/site')).body.simulated).toEqual(simulated);
  });
});
