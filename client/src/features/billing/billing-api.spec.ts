import { BillingMessages } from '@oddspulse/shared';
import { ApiError, MESSAGES } from '../../api/api-client';
import { api } from '../../api/client';
import { cancelSubscription, startCheckout } from './billing-api';
import { formatAmount } from './plans';

// the typed client over an ApiClient whose every request is this mock
jest.mock('../../api/client', () => {
  const { typedClient } = jest.requireActual<typeof import('../../api/typed-client')>('../../api/typed-client');
  const client = { request: jest.fn() };
  return { api: client, typedApi: typedClient(client as never) };
});

const post = api.request as jest.Mock;
const sent = (body: unknown) => [
  '/api/billing/create-checkout-session',
  expect.objectContaining({ method: 'POST', body }),
];

// spec 000 §7–§8: the checkout and cancel calls, and the messages their failures show
describe('startCheckout', () => {
  beforeEach(() => post.mockReset());

  it('sends {plan}, or an empty body for the auto-start variant', async () => {
    post.mockResolvedValue({});
    await expect(startCheckout('gold')).rejects.toThrow(BillingMessages.noCheckoutUrl);
    expect(post).toHaveBeenLastCalledWith(...sent({ plan: 'gold' }));
    await expect(startCheckout()).rejects.toThrow('No checkout URL received');
    expect(post).toHaveBeenLastCalledWith(...sent({}));
  });

  it('shows the server message of a 4xx, and the spec default for a server or Stripe failure', async () => {
    post.mockRejectedValueOnce(new ApiError(409, 'You are already on the Gold plan', 'ALREADY_ON_PLAN'));
    await expect(startCheckout('gold')).rejects.toThrow('You are already on the Gold plan');
    post.mockRejectedValueOnce(new ApiError(503, MESSAGES.serverError, 'BILLING_UNAVAILABLE'));
    await expect(startCheckout('gold')).rejects.toThrow('Failed to start checkout. Please try again.');
  });
});

describe('cancelSubscription', () => {
  beforeEach(() => post.mockReset());

  it('says "Network error. Please try again." when the request got no answer', async () => {
    post.mockRejectedValueOnce(new ApiError(0, MESSAGES.network, 'NETWORK'));
    await expect(cancelSubscription()).rejects.toThrow('Network error. Please try again.');
    post.mockRejectedValueOnce(new ApiError(500, MESSAGES.serverError, 'SERVER_ERROR'));
    await expect(cancelSubscription()).rejects.toThrow('Failed to cancel subscription');
  });
});

describe('formatAmount', () => {
  it('writes whole dollars without cents, others with two decimals (DECISIONS 1 prices)', () => {
    expect(formatAmount(1000)).toBe('$10');
    expect(formatAmount(2500)).toBe('$25');
    expect(formatAmount(750)).toBe('$7.50');
    expect(formatAmount(-2500)).toBe('-$25');
  });
});
