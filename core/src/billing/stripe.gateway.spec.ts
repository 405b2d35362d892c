import { StripeUnavailableError } from './stripe.gateway';

describe('StripeUnavailableError', () => {
  it.each([
    ['connection', true],
    ['api_error', true],
    ['rate_limit_error', true],
    ['invalid_request_error', false],
    ['authentication_error', false],
    ['billing_off', false],
  ])('says Stripe itself is away for its type %s: %s', (type, away) => {
    expect(new StripeUnavailableError('Stripe call failed', type).stripeAway).toBe(away);
  });

  it('says Stripe refuses our key only for an authentication failure', () => {
    expect(new StripeUnavailableError('Stripe call failed', 'authentication').keyRefused).toBe(true);
    expect(new StripeUnavailableError('Stripe call failed', 'invalid_request_error').keyRefused).toBe(false);
  });
});
