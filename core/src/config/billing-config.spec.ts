import { billingMode, parseConfig } from './config.schema';

const secret = 'k3J9xQv7Lm2Pz8Rt5Wy1Bn4Hc6Df0GsA';
const production = { NODE_ENV: 'production', JWT_SECRET: secret };

// DESIGN "payments": Stripe keys validated at boot; half a set-up refused; no key means the local checkout.
describe('parseConfig: Stripe', () => {
  it('runs the local checkout without a key, outside production, with the price lookup keys defaulted', () => {
    const config = parseConfig({});
    expect(billingMode(config)).toBe('local');
    expect(config).toMatchObject({
      STRIPE_PRICE_GOLD: 'oddspulse_gold_monthly',
      STRIPE_PRICE_PLATINUM: 'oddspulse_platinum_monthly',
      STRIPE_PRICE_PLATINUM_GIFT: 'oddspulse_platinum_gift',
      BILLING_RECONCILE_INTERVAL_MS: 86_400_000,
    });
  });

  it('turns payments off (never the local checkout) in production without keys', () => {
    expect(billingMode(parseConfig(production))).toBe('off');
  });

  it('refuses half a Stripe set-up, in production and outside it, naming what is missing', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow('STRIPE_WEBHOOK_SECRET is required');
    expect(() =>
      parseConfig({ ...production, PUBLIC_URL: 'https://odds.example', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toThrow('STRIPE_SECRET_KEY is required');
  });

  it('refuses malformed keys and price references', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(
      'STRIPE_WEBHOOK_SECRET',
    );
    expect(() => parseConfig({ STRIPE_PRICE_GOLD: 'gold price' })).toThrow('STRIPE_PRICE_GOLD');
  });

  it('needs PUBLIC_URL for checkout return addresses in production, and no test base URL there', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    expect(() => parseConfig({ ...production, ...keys })).toThrow(
      'PUBLIC_URL is required in production when Stripe is on',
    );
    expect(() =>
      parseConfig({
        ...production,
        ...keys,
        PUBLIC_URL: 'https://odds.example',
        STRIPE_API_BASE_URL: 'http://127.0.0.1:12111',
      }),
    ).toThrow('STRIPE_API_BASE_URL');
    expect(billingMode(parseConfig({ ...production, ...keys, PUBLIC_URL: 'https://odds.example' }))).toBe('stripe');
  });
});
