import { Logger } from '@nestjs/common';
import { StripeStatus } from './stripe-status.service';
import { StripeUnavailableError, type StripeGateway } from './stripe.gateway';

// docs/operating.md, Health: Stripe away (checkouts answer 503 meanwhile) is named, as the SMTP server is.
describe('StripeStatus: whether Stripe takes calls, for health', () => {
  let now = 1_000_000;
  const check = jest.fn<Promise<void>, []>();
  const status = (mode: StripeGateway['mode']) => new StripeStatus({ mode, check } as unknown as StripeGateway);

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    check.mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks once for every caller meanwhile, and again only after a minute while Stripe answers', async () => {
    const stripe = status('stripe');
    check.mockResolvedValue();
    expect(await Promise.all([stripe.problem(), stripe.problem()])).toEqual([null, null]);
    now += 59_000;
    expect(await stripe.problem()).toBeNull();
    expect(check).toHaveBeenCalledTimes(1);
    now += 2_000;
    await stripe.problem();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('names Stripe away, checks again 10 s later, and hears it come back', async () => {
    const stripe = status('stripe');
    check.mockRejectedValueOnce(new StripeUnavailableError('Stripe check failed: connection', 'connection'));
    expect(await stripe.problem()).toBe('Stripe does not take calls: Stripe check failed: connection');
    check.mockResolvedValue();
    now += 9_000;
    expect(await stripe.problem()).not.toBeNull();
    now += 1_000;
    expect(await stripe.problem()).toBeNull();
  });

  it('asks nothing of the local checkout, nor of a production without keys', async () => {
    expect(await status('local').problem()).toBeNull();
    expect(await status('off').problem()).toBeNull();
    expect(check).not.toHaveBeenCalled();
  });
});
